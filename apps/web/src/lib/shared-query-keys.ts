import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys that more than one feature uses. Features never import each other, so a key that a
 * second feature invalidates is defined here, once, and both import it (docs/decisions/127).
 */

/** The dashboard's figures and pending actions: a change to money, loans or fines makes them stale. */
export const dashboardKeys = { all: ['dashboard'] as const };

/** After a change the dashboard reflects: its figures are fetched afresh when next shown. */
export function refreshDashboard(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}
