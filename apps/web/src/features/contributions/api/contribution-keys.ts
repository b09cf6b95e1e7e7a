import type { QueryClient } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { officerKeys, refreshDashboard } from '../../../lib/shared-query-keys';

/**
 * The contributions' query keys: the member's under `all`; the officers' disputes under the back
 * office's root (docs/decisions/127).
 */
export const contributionKeys = {
  all: ['contributions'] as const,
  lists: () => [...contributionKeys.all, 'list'] as const,
  list: (query: QueryParams) => [...contributionKeys.lists(), query] as const,
  officerDisputes: (query: QueryParams) =>
    [...officerKeys.all, 'contributions', 'disputes', query] as const,
};

/** After a confirm or a dispute: the list and the member's pending actions are fetched afresh. */
export function refreshAfterContributionChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contributionKeys.all }),
    refreshDashboard(queryClient),
  ]);
}
