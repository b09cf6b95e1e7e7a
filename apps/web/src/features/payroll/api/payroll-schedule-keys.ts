import type { QueryParams } from '../../../lib/api-client';
import { officerKeys } from '../../../lib/shared-query-keys';

/**
 * The deduction schedule's query keys, under the back office's root, so every officer's write
 * (a new instruction, a repayment, a generated schedule) refreshes them (docs/decisions/127).
 */
export const scheduleKeys = {
  all: [...officerKeys.all, 'payroll-schedules'] as const,
  month: (month: string) => [...scheduleKeys.all, 'month', month] as const,
  detail: (id: string) => [...scheduleKeys.all, 'detail', id] as const,
  lines: (id: string, query: QueryParams) => [...scheduleKeys.all, 'lines', id, query] as const,
};
