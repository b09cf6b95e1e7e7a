import type { DashboardResponse } from '@coop/shared/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dashboardKeys } from '../../../lib/shared-query-keys';

/** GET /users/dashboard: the financial summary, recent activity and pending actions. */
export function getDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  return api.get<DashboardResponse>('/users/dashboard', { signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.all, queryFn: ({ signal }) => getDashboard(signal) });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
