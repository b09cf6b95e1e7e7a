import type { WithdrawalListResponse } from '@coop/shared/withdrawals';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { withdrawalKeys } from './withdrawal-keys';

/** GET /users/withdrawals: one page of the member's requests. */
export function getWithdrawals(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<WithdrawalListResponse> {
  return api.get<WithdrawalListResponse>('/users/withdrawals', { params: query, signal });
}

export const withdrawalsQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: withdrawalKeys.list(query),
    queryFn: ({ signal }) => getWithdrawals(query, signal),
    placeholderData: keepPreviousData,
  });

export function useWithdrawals(query: QueryParams) {
  return useQuery(withdrawalsQueryOptions(query));
}
