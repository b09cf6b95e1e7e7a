import type { AdminDepositNoticeResponse } from '@coop/shared/deposit-notices';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';

/** The Idempotency-Key: one per decision the officer made, kept across its retries. */
export type RejectDepositNoticeInput = { id: string; reason: string; idempotencyKey: string };

/** POST /admin/deposit-notices/{id}/reject: nothing is credited; the member is told the reason. */
export function rejectDepositNotice({
  id,
  reason,
  idempotencyKey,
}: RejectDepositNoticeInput): Promise<AdminDepositNoticeResponse> {
  return api.post<AdminDepositNoticeResponse>(
    `/admin/deposit-notices/${encodeURIComponent(id)}/reject`,
    { reason },
    { idempotencyKey },
  );
}

export function useRejectDepositNotice() {
  return useOfficerMutation(rejectDepositNotice);
}
