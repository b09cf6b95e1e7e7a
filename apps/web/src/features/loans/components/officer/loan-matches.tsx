import { formatNaira } from '@coop/shared/money';
import { Link } from 'react-router';
import {
  SEARCH_MATCHES_SHOWN,
  SearchResultsSection,
  searchMatchRowClass,
} from '../../../../components/list/search-results-section';
import { adminLoanPath, paths, searchPath } from '../../../../config/paths';
import { failureMessage } from '../../../../lib/api-client';
import { useOfficerLoans } from '../../api/get-officer-loans';

/** Loans by loan ID or borrower (the loans list's own search). */
export function LoanMatches({ term }: { term: string }) {
  const found = useOfficerLoans({ page: 1, limit: SEARCH_MATCHES_SHOWN, search: term });
  const loans = found.data?.data ?? [];
  const total = found.data?.pagination.totalItems ?? 0;
  return (
    <SearchResultsSection
      title="Loans"
      total={total}
      viewAll={{ to: searchPath(paths.adminLoans, term), label: `View all ${total} in Loans` }}
      isPending={found.isPending}
      errorMessage={
        found.isError ? failureMessage(found.error, 'The loans could not be searched') : null
      }
      onRetry={() => void found.refetch()}
      emptyMessage={`No loans match “${term}”`}
      loadingLabel="Searching loans"
    >
      <ul className="grid gap-2">
        {loans.map((loan) => (
          <li key={loan.id}>
            <Link to={adminLoanPath(loan.id)} className={searchMatchRowClass}>
              <span className="font-mono text-sm">{loan.loanId}</span>
              <span className="min-w-0">
                <span className="block font-medium">
                  {loan.member.firstName} {loan.member.lastName} ({loan.member.membershipId})
                </span>
                <span className="block truncate text-sm text-muted-foreground">{loan.purpose}</span>
              </span>
              <span className="font-medium tabular-nums">{formatNaira(loan.requestedAmount)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </SearchResultsSection>
  );
}
