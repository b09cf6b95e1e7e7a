import type { TransactionListResponse } from '@coop/shared/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { transactionKeys } from './transaction-keys';

/** GET /users/transactions: one page of the member's movements with running balances. */
export function getTransactions(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<TransactionListResponse> {
  return api.get<TransactionListResponse>('/users/transactions', { params: query, signal });
}

export const transactionsQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: transactionKeys.list(query),
    queryFn: ({ signal }) => getTransactions(query, signal),
    placeholderData: keepPreviousData,
  });

export function useTransactions(query: QueryParams) {
  return useQuery(transactionsQueryOptions(query));
}
