import type { WithdrawalResponse } from '@coop/shared/withdrawals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterWithdrawalChange } from './withdrawal-keys';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeWithdrawal,
    onSuccess: () => refreshAfterWithdrawalChange(queryClient),
  });
}
