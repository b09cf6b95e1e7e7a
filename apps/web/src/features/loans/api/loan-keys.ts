import type { QueryClient } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { refreshDashboard } from '../../../lib/shared-query-keys';

/** The loans page's query keys: its queries share them, and every change refreshes them all. */
export const loanKeys = {
  all: ['loans'] as const,
  eligibility: () => [...loanKeys.all, 'eligibility'] as const,
  lists: () => [...loanKeys.all, 'list'] as const,
  list: (query: QueryParams) => [...loanKeys.lists(), query] as const,
  guarantees: (query: QueryParams) => [...loanKeys.all, 'guarantees', query] as const,
  underReview: (query: QueryParams) => [...loanKeys.all, 'under-review', query] as const,
  candidates: (search: string) => [...loanKeys.all, 'candidates', search] as const,
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
