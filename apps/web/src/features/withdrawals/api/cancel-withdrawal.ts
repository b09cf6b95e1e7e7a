import type { WithdrawalResponse } from '@coop/shared/withdrawals';
import { api } from '../../../lib/api';
import { refreshAfterWithdrawalChange } from './withdrawal-keys';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

/** PUT /users/withdrawals/{id} with `{ status: 'cancelled' }`: the member cancels a pending one. */
export function cancelWithdrawal(id: string): Promise<WithdrawalResponse> {
  return api.put<WithdrawalResponse>(`/users/withdrawals/${encodeURIComponent(id)}`, {
    status: 'cancelled',
  });
}

export function useCancelWithdrawal() {
  return useRefreshingMutation(cancelWithdrawal, refreshAfterWithdrawalChange);
}
