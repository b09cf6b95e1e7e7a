import type { AdminOverviewResponse } from '@coop/shared/back-office';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { backOfficeKeys } from './back-office-keys';

/** GET /admin/overview: the cooperative's totals and what waits in each queue. */
export function getOverview(signal?: AbortSignal): Promise<AdminOverviewResponse> {
  return api.get<AdminOverviewResponse>('/admin/overview', { signal });
}

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: backOfficeKeys.overview(),
    queryFn: ({ signal }) => getOverview(signal),
  });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
