import type { AdminWithdrawalResponse } from '@coop/shared/withdrawals';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';

/** The Idempotency-Key: one per decision the officer made, kept across its retries. */
export type RejectWithdrawalInput = { id: string; reason: string; idempotencyKey: string };

/** POST /admin/withdrawals/{id}/reject: no money moves; the member is told the reason. */
export function rejectWithdrawal({
  id,
  reason,
  idempotencyKey,
}: RejectWithdrawalInput): Promise<AdminWithdrawalResponse> {
  return api.post<AdminWithdrawalResponse>(
    `/admin/withdrawals/${encodeURIComponent(id)}/reject`,
    { reason },
    { idempotencyKey },
  );
}

export function useRejectWithdrawal() {
  return useOfficerMutation(rejectWithdrawal);
}
