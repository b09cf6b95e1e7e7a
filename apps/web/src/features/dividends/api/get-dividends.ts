import type { DividendListResponse } from '@coop/shared/dividends';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { dividendKeys } from './dividend-keys';

/** GET /users/dividends: one page of the member's dividends. */
export function getDividends(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<DividendListResponse> {
  return api.get<DividendListResponse>('/users/dividends', { params: query, signal });
}

export const dividendsQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: dividendKeys.list(query),
    queryFn: ({ signal }) => getDividends(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDividends(query: QueryParams) {
  return useQuery(dividendsQueryOptions(query));
}
