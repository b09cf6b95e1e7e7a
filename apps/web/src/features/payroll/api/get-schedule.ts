import type { ScheduleDetailResponse } from '@coop/shared/payroll-schedules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { scheduleKeys } from './payroll-schedule-keys';

/** GET /admin/payroll/schedules/:id: one version with its changes in words. */
export function getSchedule(id: string, signal?: AbortSignal): Promise<ScheduleDetailResponse> {
  return api.get<ScheduleDetailResponse>(`/admin/payroll/schedules/${id}`, { signal });
}

export const scheduleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: scheduleKeys.detail(id),
    queryFn: ({ signal }) => getSchedule(id, signal),
  });

export function useSchedule(id: string) {
  return useQuery(scheduleQueryOptions(id));
}
