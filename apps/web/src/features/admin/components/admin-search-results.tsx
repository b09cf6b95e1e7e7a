import { formatPhone } from '@coop/shared/phone';
import { Link } from 'react-router';
import { SearchResultsSection } from '../../../components/list/search-results-section';
import { adminLoanPath, adminMemberPath, paths, searchPath } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-client';
import { formatNaira } from '@coop/shared/money';
import { useAdminLoans } from '../api/loans';
import { useMembers } from '../api/members';

/** How many matches each part shows before 'View all'. */
const SHOWN = 5;

const rowClass =
  'grid gap-1 rounded-lg border bg-card p-4 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:grid-cols-[8rem_1fr_auto] sm:items-center sm:gap-4';

/** Members by name, e-mail, phone or membership ID (the members list's own search). */
export function MemberMatches({ term }: { term: string }) {
  const found = useMembers({ page: 1, limit: SHOWN, search: term });
  const members = found.data?.data ?? [];
  const total = found.data?.pagination.totalItems ?? 0;
  return (
    <SearchResultsSection
      title="Members"
      total={total}
      viewAll={{
        to: searchPath(paths.adminMembers, term),
        label: `View all ${total} in Members`,
      }}
      isPending={found.isPending}
      errorMessage={
        found.isError ? failureMessage(found.error, 'The members could not be searched') : null
      }
      onRetry={() => void found.refetch()}
      emptyMessage={`No members match “${term}”`}
      loadingLabel="Searching members"
    >
      <ul className="grid gap-2">
        {members.map((member) => (
          <li key={member.id}>
            <Link to={adminMemberPath(member.id)} className={rowClass}>
              <span className="font-mono text-sm">{member.membershipId}</span>
              <span className="min-w-0">
                <span className="block font-medium">
                  {member.firstName} {member.lastName}
                </span>
                <span className="block text-sm break-all text-muted-foreground">
                  {member.email}
                  {member.phoneNumber ? (
                    // A phone number never breaks across lines.
                    <span className="whitespace-nowrap"> · {formatPhone(member.phoneNumber)}</span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </SearchResultsSection>
  );
}

/** Loans by loan ID or borrower (the loans list's own search). */
export function LoanMatches({ term }: { term: string }) {
  const found = useAdminLoans({ page: 1, limit: SHOWN, search: term });
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
            <Link to={adminLoanPath(loan.id)} className={rowClass}>
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
