import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from './query-state';

/** How many matches each part of the back office's search shows before 'View all'. */
export const SEARCH_MATCHES_SHOWN = 5;

/** A match's row in the back office's search: ID, who or what, and (for a loan) its amount. */
export const searchMatchRowClass =
  'grid gap-1 rounded-lg border bg-card p-4 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:grid-cols-[8rem_1fr_auto] sm:items-center sm:gap-4';

type SearchResultsSectionProps = {
  /** The part's heading: 'Loans'. */
  title: string;
  /** How many records match in all; the part shows only the first few. */
  total: number;
  /** Where every match is listed, and the link's words: 'View all 3 in My Loans'. */
  viewAll: { to: string; label: string };
  isPending: boolean;
  errorMessage: string | null;
  onRetry: () => void;
  emptyMessage: string;
  loadingLabel: string;
  children: ReactNode;
};

/** One part of the top bar's search results (/search): a heading, 'View all', and the matches. */
export function SearchResultsSection({
  title,
  total,
  viewAll,
  children,
  ...state
}: SearchResultsSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {total > 0 ? (
          <Link
            to={viewAll.to}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {viewAll.label}
          </Link>
        ) : null}
      </div>
      <QueryState {...state} isEmpty={total === 0}>
        {children}
      </QueryState>
    </section>
  );
}
