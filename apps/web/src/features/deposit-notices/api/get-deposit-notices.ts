import type { DepositNoticeListResponse } from '@coop/shared/deposit-notices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { depositNoticeKeys } from './deposit-notice-keys';

/** GET /users/deposit-notices: one page of the member's notices. */
export function getDepositNotices(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<DepositNoticeListResponse> {
  return api.get<DepositNoticeListResponse>('/users/deposit-notices', { params: query, signal });
}

export const depositNoticesQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: depositNoticeKeys.list(query),
    queryFn: ({ signal }) => getDepositNotices(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDepositNotices(query: QueryParams) {
  return useQuery(depositNoticesQueryOptions(query));
}
