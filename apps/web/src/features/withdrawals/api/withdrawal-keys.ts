import type { QueryClient } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { officerKeys, refreshDashboard } from '../../../lib/shared-query-keys';

/**
 * The withdrawals' query keys: the member's under `all`, so a change refreshes them together; the
 * officers' queue under the back office's root (docs/decisions/127).
 */
export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  eligibility: () => [...withdrawalKeys.all, 'eligibility'] as const,
  list: (query: QueryParams) => [...withdrawalKeys.all, 'list', query] as const,
  officerList: (query: QueryParams) => [...officerKeys.all, 'withdrawals', 'list', query] as const,
};

/** After a member's change: the list, the eligibility and the dashboard's figures are stale. */
export function refreshAfterWithdrawalChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
    refreshDashboard(queryClient),
  ]);
}
