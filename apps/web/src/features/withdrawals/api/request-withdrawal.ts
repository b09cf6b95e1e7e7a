import type { WithdrawalResponse } from '@coop/shared/withdrawals';
import { WITHDRAWAL_PATH_SEGMENTS, type WithdrawalType } from '@coop/shared/withdrawal-rules';
import { api } from '../../../lib/api';
import { refreshAfterWithdrawalChange } from './withdrawal-keys';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

export type RequestWithdrawalInput = {
  withdrawalType: WithdrawalType;
  amount: number;
  reason: string;
  /** One key per dialog submission, so a retry after a lost answer is not a second request. */
  idempotencyKey: string;
};

/** POST /users/withdrawals/savings or /share-holding with Idempotency-Key. */
export function requestWithdrawal({
  withdrawalType,
  amount,
  reason,
  idempotencyKey,
}: RequestWithdrawalInput): Promise<WithdrawalResponse> {
  const trimmed = reason.trim();
  return api.post<WithdrawalResponse>(
    `/users/withdrawals/${WITHDRAWAL_PATH_SEGMENTS[withdrawalType]}`,
    trimmed ? { amount, reason: trimmed } : { amount },
    { idempotencyKey },
  );
}

export function useRequestWithdrawal() {
  return useRefreshingMutation(requestWithdrawal, refreshAfterWithdrawalChange);
}
