import type { WithdrawalResponse } from '@coop/shared/withdrawals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterWithdrawalChange } from './withdrawal-keys';

/** PUT /users/withdrawals/{id} with `{ status: 'cancelled' }`: the member cancels a pending one. */
export function cancelWithdrawal(id: string): Promise<WithdrawalResponse> {
  return api.put<WithdrawalResponse>(`/users/withdrawals/${encodeURIComponent(id)}`, {
    status: 'cancelled',
  });
}

export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSuccess: () => refreshAfterWithdrawalChange(queryClient),
  });
}
