import type { AdminIssueFinesInput, AdminIssueFinesResponse } from '@coop/shared/fines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';

/** `key` is the Idempotency-Key: one per dialog opening, kept across retries of its submission. */
export type IssueFinesInput = { values: AdminIssueFinesInput; key: string };

/** POST /admin/fines: one fine each to one or many members. */
export function issueFines({ values, key }: IssueFinesInput): Promise<AdminIssueFinesResponse> {
  return api.post<AdminIssueFinesResponse>('/admin/fines', values, { idempotencyKey: key });
}

export function useIssueFines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueFines,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
