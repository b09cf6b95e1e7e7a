import type { AdminWithdrawalListResponse } from '@coop/shared/withdrawals';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { withdrawalKeys } from './withdrawal-keys';

/** GET /admin/withdrawals: one page of every member's requests, for the officers' queue. */
export function getOfficerWithdrawals(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<AdminWithdrawalListResponse> {
  return api.get<AdminWithdrawalListResponse>('/admin/withdrawals', { params: query, signal });
}

export const officerWithdrawalsQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: withdrawalKeys.officerList(query),
    queryFn: ({ signal }) => getOfficerWithdrawals(query, signal),
    placeholderData: keepPreviousData,
  });

export function useOfficerWithdrawals(query: QueryParams) {
  return useQuery(officerWithdrawalsQueryOptions(query));
}
