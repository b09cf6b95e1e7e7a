import type { AdminWithdrawalResponse } from '@coop/shared/withdrawals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';

/** `key` is the Idempotency-Key: one per decision the officer made, kept across its retries. */
export type ApproveWithdrawalInput = { id: string; key: string };

/** POST /admin/withdrawals/{id}/approve: the ledger is debited and the member is told. */
export function approveWithdrawal({
  id,
  key,
}: ApproveWithdrawalInput): Promise<AdminWithdrawalResponse> {
  return api.post<AdminWithdrawalResponse>(
    `/admin/withdrawals/${encodeURIComponent(id)}/approve`,
    undefined,
    { idempotencyKey: key },
  );
}

export function useApproveWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveWithdrawal,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
