import type { QueryClient } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { officerKeys, refreshDashboard } from '../../../lib/shared-query-keys';

/**
 * The loans' query keys: the member's under `all`, so every change of theirs refreshes them all;
 * the officers' pipeline and loan pages under the back office's root (docs/decisions/127).
 */
export const loanKeys = {
  all: ['loans'] as const,
  eligibility: () => [...loanKeys.all, 'eligibility'] as const,
  lists: () => [...loanKeys.all, 'list'] as const,
  list: (query: QueryParams) => [...loanKeys.lists(), query] as const,
  guarantees: (query: QueryParams) => [...loanKeys.all, 'guarantees', query] as const,
  underReview: (query: QueryParams) => [...loanKeys.all, 'under-review', query] as const,
  candidates: (search: string) => [...loanKeys.all, 'candidates', search] as const,
  officerList: (query: QueryParams) => [...officerKeys.all, 'loans', 'list', query] as const,
  officerLoan: (id: string) => [...officerKeys.all, 'loans', 'loan', id] as const,
};

/**
 * After a request, an answer, a reassignment or a certification: the guarantor list, the
 * eligibility, the member's loans and the dashboard's pending actions and balances are stale.
 */
export function refreshAfterLoanChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: loanKeys.all }),
    refreshDashboard(queryClient),
  ]);
}

/** `/admin/loans/{id}`, the path every officer's call on one loan starts with. */
export const officerLoanPath = (id: string) => `/admin/loans/${encodeURIComponent(id)}`;
