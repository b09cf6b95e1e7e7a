import type { QueryParams } from '../../../lib/api-client';
import { officerKeys } from '../../../lib/shared-query-keys';

/**
 * The payroll cycle's query keys in the back office, under its root, so every officer's write
 * refreshes them (docs/decisions/127).
 */
export const payrollKeys = {
  all: [...officerKeys.all, 'payroll'] as const,
  reconciliation: (query: QueryParams) => [...payrollKeys.all, 'reconciliation', query] as const,
  groups: () => [...payrollKeys.all, 'groups'] as const,
  instruction: (userId: string) => [...payrollKeys.all, 'instruction', userId] as const,
  changeRequests: (query: QueryParams) => [...payrollKeys.all, 'change-requests', query] as const,
};
