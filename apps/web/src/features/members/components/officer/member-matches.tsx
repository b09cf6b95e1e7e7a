import { formatPhone } from '@coop/shared/phone';
import { Link } from 'react-router';
import {
  SEARCH_MATCHES_SHOWN,
  SearchResultsSection,
  searchMatchRowClass,
} from '../../../../components/list/search-results-section';
import { adminMemberPath, paths } from '../../../../config/paths';
import { useMembers } from '../../api/get-members';

/** Members by name, e-mail, phone or membership ID (the members list's own search). */
export function MemberMatches({ term }: { term: string }) {
  const found = useMembers({ page: 1, limit: SEARCH_MATCHES_SHOWN, search: term });
  return (
    <SearchResultsSection
      title="Members"
      term={term}
      found={found}
      all={{ path: paths.adminMembers, name: 'Members' }}
      failure="The members could not be searched"
    >
      <ul className="grid gap-2">
        {(found.data?.data ?? []).map((member) => (
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
