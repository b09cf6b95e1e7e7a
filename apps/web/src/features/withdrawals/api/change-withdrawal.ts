import type { WithdrawalResponse } from '@coop/shared/withdrawals';
import { api } from '../../../lib/api';
import { refreshAfterWithdrawalChange } from './withdrawal-keys';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

export type ChangeWithdrawalInput = { id: string; amount: number; reason: string };

/**
 * PUT /users/withdrawals/{id} with the new amount and reason of a pending request (a blank reason
 * clears it); the server moves the request's hold to the new amount.
 */
export function changeWithdrawal({
  id,
  amount,
  reason,
}: ChangeWithdrawalInput): Promise<WithdrawalResponse> {
  return api.put<WithdrawalResponse>(`/users/withdrawals/${encodeURIComponent(id)}`, {
    amount,
    reason: reason.trim(),
  });
}

export function useChangeWithdrawal() {
  return useRefreshingMutation(changeWithdrawal, refreshAfterWithdrawalChange);
}
