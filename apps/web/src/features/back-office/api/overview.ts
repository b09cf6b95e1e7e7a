import type { AdminOverviewResponse } from '@coop/shared/back-office';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/admin-keys';

/** GET /admin/overview */
export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => api.get<AdminOverviewResponse>('/admin/overview', { signal }),
  });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
