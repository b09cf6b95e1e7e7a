import { formatNaira } from '@coop/shared/money';
import { Link } from 'react-router';
import {
  SEARCH_MATCHES_SHOWN,
  SearchResultsSection,
  searchMatchRowClass,
} from '../../../../components/list/search-results-section';
import { adminLoanPath, paths } from '../../../../config/paths';
import { useOfficerLoans } from '../../api/get-officer-loans';

/** Loans by loan ID or borrower (the loans list's own search). */
export function LoanMatches({ term }: { term: string }) {
  const found = useOfficerLoans({ page: 1, limit: SEARCH_MATCHES_SHOWN, search: term });
  return (
    <SearchResultsSection
      title="Loans"
      term={term}
      found={found}
      all={{ path: paths.adminLoans, name: 'Loans' }}
      failure="The loans could not be searched"
    >
      <ul className="grid gap-2">
        {(found.data?.data ?? []).map((loan) => (
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
