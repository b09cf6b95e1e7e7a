import type { Policy, PolicyResponse } from '@coop/shared/policy';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';

/** The Idempotency-Key: one per confirmed save, kept across its retries. */
export type SavePolicyInput = { policy: Policy; idempotencyKey: string };

/** PUT /admin/policy: the whole policy (an officer's change may become a proposal). */
export function savePolicy({ policy, idempotencyKey }: SavePolicyInput): Promise<PolicyResponse> {
  return api.put<PolicyResponse>('/admin/policy', policy, { idempotencyKey });
}

export function useSavePolicy() {
  return useOfficerMutation(savePolicy);
}
