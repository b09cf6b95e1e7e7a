import type { ScheduleListResponse } from '@coop/shared/payroll-schedules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { scheduleKeys } from './payroll-schedule-keys';

/** GET /admin/payroll/schedules?month=: each payroll group's latest schedule of the month. */
export function getSchedules(month: string, signal?: AbortSignal): Promise<ScheduleListResponse> {
  return api.get<ScheduleListResponse>('/admin/payroll/schedules', { params: { month }, signal });
}

export const schedulesQueryOptions = (month: string) =>
  queryOptions({
    queryKey: scheduleKeys.month(month),
    queryFn: ({ signal }) => getSchedules(month, signal),
    placeholderData: keepPreviousData,
  });

export function useSchedules(month: string) {
  return useQuery(schedulesQueryOptions(month));
}
