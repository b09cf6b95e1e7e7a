import type { AdminDepositNoticeResponse } from '@coop/shared/deposit-notices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';

/** `key` is the Idempotency-Key: one per decision the officer made, kept across its retries. */
export type RejectDepositNoticeInput = { id: string; reason: string; key: string };

/** POST /admin/deposit-notices/{id}/reject: nothing is credited; the member is told the reason. */
export function rejectDepositNotice({
  id,
  reason,
  key,
}: RejectDepositNoticeInput): Promise<AdminDepositNoticeResponse> {
  return api.post<AdminDepositNoticeResponse>(
    `/admin/deposit-notices/${encodeURIComponent(id)}/reject`,
    { reason },
    { idempotencyKey: key },
  );
}

export function useRejectDepositNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectDepositNotice,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
