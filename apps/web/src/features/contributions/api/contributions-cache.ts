import type { QueryClient } from '@tanstack/react-query';
import { refreshDashboard } from '../../../lib/shared-query-keys';
import { contributionKeys } from './get-contributions';

/** After a confirm or a dispute: the list and the member's pending actions are fetched afresh. */
export function refreshAfterContributionChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contributionKeys.all }),
    refreshDashboard(queryClient),
  ]);
}
