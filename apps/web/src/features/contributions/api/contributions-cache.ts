import type { QueryClient } from '@tanstack/react-query';
import { contributionKeys } from './get-contributions';

/**
 * The dashboard's query key. Its feature reads pending actions from it, and confirming or
 * disputing changes them; features never import each other, so the key is named here.
 */
const DASHBOARD_KEY = ['dashboard'] as const;

/** After a confirm or a dispute: the list and the member's pending actions are fetched afresh. */
export function refreshAfterContributionChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contributionKeys.all }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
  ]);
}
