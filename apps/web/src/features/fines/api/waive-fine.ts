import type { AdminFineResponse } from '@coop/shared/fines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';

/** The Idempotency-Key: one per decision the officer made, kept across its retries. */
export type WaiveFineInput = { id: string; note: string; idempotencyKey: string };

/** POST /admin/fines/{id}/waive: the fine is cancelled with the officer's note. */
export function waiveFine({
  id,
  note,
  idempotencyKey,
}: WaiveFineInput): Promise<AdminFineResponse> {
  return api.post<AdminFineResponse>(
    `/admin/fines/${encodeURIComponent(id)}/waive`,
    { note },
    { idempotencyKey },
  );
}

export function useWaiveFine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: waiveFine,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
