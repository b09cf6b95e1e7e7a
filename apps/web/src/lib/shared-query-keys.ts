import type { QueryClient } from '@tanstack/react-query';
import type { QueryParams } from './api-client';

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

/**
 * The back office's root: every officer query's key starts with `officerKeys.all` (each feature
 * adds its own name: `withdrawalKeys.officerList(query)` is `['officer', 'withdrawals', 'list',
 * query]`), because one officer's write moves figures on several screens (the queue, the member's
 * record, the overview's counts, the approvals badge).
 */
export const officerKeys = {
  all: ['officer'] as const,
  /** GET /admin/users: the members list, and the fine dialog's member picker, which shares its cache. */
  members: (query: QueryParams) => [...officerKeys.all, 'members', 'list', query] as const,
};

/** After any officer's write: every back-office query is fetched afresh when next shown. */
export function refreshOfficerLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: officerKeys.all });
}
