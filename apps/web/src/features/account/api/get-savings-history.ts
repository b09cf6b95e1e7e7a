import type { SavingsHistoryResponse } from '@coop/shared/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { transactionKeys } from './transaction-keys';

/** GET /users/dashboard/savings-history: savings and share holding at each month's end. */
export function getSavingsHistory(signal?: AbortSignal): Promise<SavingsHistoryResponse> {
  return api.get<SavingsHistoryResponse>('/users/dashboard/savings-history', { signal });
}

export const savingsHistoryQueryOptions = () =>
  queryOptions({
    queryKey: [...transactionKeys.all, 'savings-history'] as const,
    queryFn: ({ signal }) => getSavingsHistory(signal),
  });

export function useSavingsHistory() {
  return useQuery(savingsHistoryQueryOptions());
}
