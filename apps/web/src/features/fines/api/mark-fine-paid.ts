import type { AdminFineResponse, AdminMarkFinePaidInput } from '@coop/shared/fines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';

/** The Idempotency-Key: one per decision the officer made, kept across its retries. */
export type MarkFinePaidInput = {
  id: string;
  values: AdminMarkFinePaidInput;
  idempotencyKey: string;
};

/** POST /admin/fines/{id}/pay: the fine is paid from what the officer chose. */
export function markFinePaid({
  id,
  values,
  idempotencyKey,
}: MarkFinePaidInput): Promise<AdminFineResponse> {
  return api.post<AdminFineResponse>(`/admin/fines/${encodeURIComponent(id)}/pay`, values, {
    idempotencyKey,
  });
}

export function useMarkFinePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markFinePaid,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
