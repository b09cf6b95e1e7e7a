import type { ScheduleLineListResponse } from '@coop/shared/payroll-schedules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { scheduleKeys } from './payroll-schedule-keys';

/** GET /admin/payroll/schedules/:id/lines: a page of one version's lines. */
export function getScheduleLines(
  id: string,
  query: QueryParams,
  signal?: AbortSignal,
): Promise<ScheduleLineListResponse> {
  return api.get<ScheduleLineListResponse>(`/admin/payroll/schedules/${id}/lines`, {
    params: query,
    signal,
  });
}

export const scheduleLinesQueryOptions = (id: string, query: QueryParams) =>
  queryOptions({
    queryKey: scheduleKeys.lines(id, query),
    queryFn: ({ signal }) => getScheduleLines(id, query, signal),
    placeholderData: keepPreviousData,
  });

export function useScheduleLines(id: string, query: QueryParams) {
  return useQuery(scheduleLinesQueryOptions(id, query));
}
