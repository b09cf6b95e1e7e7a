import { formatPhone } from '@coop/shared/phone';
import { Link } from 'react-router';
import {
  SEARCH_MATCHES_SHOWN,
  SearchResultsSection,
  searchMatchRowClass,
} from '../../../../components/list/search-results-section';
import { adminMemberPath, paths, searchPath } from '../../../../config/paths';
import { failureMessage } from '../../../../lib/api-client';
import { useMembers } from '../../api/get-members';

/** Members by name, e-mail, phone or membership ID (the members list's own search). */
export function MemberMatches({ term }: { term: string }) {
  const found = useMembers({ page: 1, limit: SEARCH_MATCHES_SHOWN, search: term });
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
            <Link to={adminMemberPath(member.id)} className={searchMatchRowClass}>
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
