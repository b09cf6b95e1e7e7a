import type { AdminDepositNoticeListResponse } from '@coop/shared/deposit-notices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { depositNoticeKeys } from './deposit-notice-keys';

/** GET /admin/deposit-notices: one page of every member's notices, for the officers' queue. */
export function getOfficerDepositNotices(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<AdminDepositNoticeListResponse> {
  return api.get<AdminDepositNoticeListResponse>('/admin/deposit-notices', {
    params: query,
    signal,
  });
}

export const officerDepositNoticesQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: depositNoticeKeys.officerList(query),
    queryFn: ({ signal }) => getOfficerDepositNotices(query, signal),
    placeholderData: keepPreviousData,
  });

export function useOfficerDepositNotices(query: QueryParams) {
  return useQuery(officerDepositNoticesQueryOptions(query));
}
