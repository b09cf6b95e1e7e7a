import type { Policy, PolicyResponse } from '@coop/shared/policy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';

/** The Idempotency-Key: one per confirmed save, kept across its retries. */
export type SavePolicyInput = { policy: Policy; idempotencyKey: string };

/** PUT /admin/policy: the whole policy (an officer's change may become a proposal). */
export function savePolicy({ policy, idempotencyKey }: SavePolicyInput): Promise<PolicyResponse> {
  return api.put<PolicyResponse>('/admin/policy', policy, { idempotencyKey });
}

export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePolicy,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
