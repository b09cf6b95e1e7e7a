import { LOAN_STATUS_DISPLAY } from '@coop/shared/loan-rules';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { Link } from 'react-router';
import {
  SEARCH_MATCHES_SHOWN,
  SearchResultsSection,
} from '../../../components/list/search-results-section';
import { paths, searchPath } from '../../../config/paths';
import { useLoans } from '../api/get-loans';
import { displayDate, naira } from './loan-format';
import { StatusBadge } from '../../../components/ui/status-badge';

/** The top bar's search, loans part: the member's loans by loan ID, purpose or amount. */
export function LoanSearchResults({ term }: { term: string }) {
  const found = useLoans({
    page: 1,
    limit: SEARCH_MATCHES_SHOWN,
    sortBy: 'requestDate',
    sortOrder: 'desc',
    search: term,
  });
  return (
    <SearchResultsSection
      title="Loans"
      term={term}
      found={found}
      all={{ path: paths.loans, name: 'My Loans' }}
      failure={FALLBACK_MESSAGES.fetchLoans}
    >
      <ul className="grid gap-2">
        {(found.data?.data ?? []).map((loan) => (
          <li key={loan.id}>
            <Link
              to={searchPath(paths.loans, loan.loanId)}
              className="grid gap-1 rounded-lg border bg-card p-4 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:grid-cols-[8rem_1fr_auto_auto] sm:items-center sm:gap-4"
            >
              <span className="font-mono text-sm">{loan.loanId}</span>
              <span className="min-w-0 truncate">{loan.purpose}</span>
              <span className="font-medium tabular-nums">
                {naira(loan.requestedAmount)}
                <span className="ml-2 text-sm font-normal text-muted-foreground">
                  {displayDate(loan.requestDate)}
                </span>
              </span>
              <StatusBadge of={LOAN_STATUS_DISPLAY} status={loan.status} />
            </Link>
          </li>
        ))}
      </ul>
    </SearchResultsSection>
  );
}
