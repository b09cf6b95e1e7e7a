import type { AdminIssueFinesInput, AdminIssueFinesResponse } from '@coop/shared/fines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';

/** The Idempotency-Key: one per dialog opening, kept across retries of its submission. */
export type IssueFinesInput = { values: AdminIssueFinesInput; idempotencyKey: string };

/** POST /admin/fines: one fine each to one or many members. */
export function issueFines({
  values,
  idempotencyKey,
}: IssueFinesInput): Promise<AdminIssueFinesResponse> {
  return api.post<AdminIssueFinesResponse>('/admin/fines', values, { idempotencyKey });
}

export function useIssueFines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueFines,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
