import type { AdminWithdrawalResponse } from '@coop/shared/withdrawals';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';

/** The Idempotency-Key: one per decision the officer made, kept across its retries. */
export type ApproveWithdrawalInput = { id: string; idempotencyKey: string };

/** POST /admin/withdrawals/{id}/approve: the ledger is debited and the member is told. */
export function approveWithdrawal({
  id,
  idempotencyKey,
}: ApproveWithdrawalInput): Promise<AdminWithdrawalResponse> {
  return api.post<AdminWithdrawalResponse>(
    `/admin/withdrawals/${encodeURIComponent(id)}/approve`,
    undefined,
    { idempotencyKey },
  );
}

export function useApproveWithdrawal() {
  return useOfficerMutation(approveWithdrawal);
}
