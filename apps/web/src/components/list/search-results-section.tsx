import type { Pagination } from '@coop/shared/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { searchPath } from '../../config/paths';
import { failureMessage } from '../../lib/api-client';
import { QueryState } from './query-state';

/** How many matches each part of the search page shows before 'View all'. */
export const SEARCH_MATCHES_SHOWN = 5;

/** A match's row in the back office's search: ID, who or what, and (for a loan) its amount. */
export const searchMatchRowClass =
  'grid gap-1 rounded-lg border bg-card p-4 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:grid-cols-[8rem_1fr_auto] sm:items-center sm:gap-4';

type SearchResultsSectionProps = {
  /** The part's heading, a plural: 'Loans'. Its empty text and loading label are made from it. */
  title: string;
  /** What was searched for. */
  term: string;
  /** The first `SEARCH_MATCHES_SHOWN` matches, asked of the list's own search. */
  found: Pick<
    UseQueryResult<{ pagination: Pagination }>,
    'data' | 'error' | 'isError' | 'isPending' | 'refetch'
  >;
  /** The list every match is on, and its name for the link: 'View all 3 in My Loans'. */
  all: { path: string; name: string };
  /** What a failure says when the server gives no message. */
  failure: string;
  children: ReactNode;
};

/**
 * One part of the top bar's search results (/search): a heading, 'View all' on the part's own
 * list, and the matches, or 'No loans match “…”'.
 */
export function SearchResultsSection({
  title,
  term,
  found,
  all,
  failure,
  children,
}: SearchResultsSectionProps) {
  const headingId = useId();
  const total = found.data?.pagination.totalItems ?? 0;
  const noun = title.toLowerCase();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {total > 0 ? (
          <Link
            to={searchPath(all.path, term)}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {`View all ${total} in ${all.name}`}
          </Link>
        ) : null}
      </div>
      <QueryState
        isPending={found.isPending}
        errorMessage={found.isError ? failureMessage(found.error, failure) : null}
        onRetry={() => void found.refetch()}
        isEmpty={total === 0}
        emptyMessage={`No ${noun} match “${term}”`}
        loadingLabel={`Searching ${noun}`}
      >
        {children}
      </QueryState>
    </section>
  );
}
