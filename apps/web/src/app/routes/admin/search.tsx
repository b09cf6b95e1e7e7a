import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/layouts/page-title';
import { LoanMatches } from '../../../features/loans/components/officer/loan-matches';
import { MemberMatches } from '../../../features/members/components/officer/member-matches';

/**
 * The back office's top-bar search: the cooperative's members (name, e-mail, phone, membership
 * ID) and loans (loan ID, borrower), each part linking on to its list opened on the same search.
 */
export default function AdminSearchRoute() {
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  if (term === '') {
    return (
      <div className="grid gap-6">
        <PageTitle
          title="Search"
          description="Type a member's name, e-mail, phone number or membership ID, or a loan ID, in the search box above."
        />
      </div>
    );
  }
  return (
    <div className="grid gap-8">
      <PageTitle
        title="Search results"
        description={`Members and loans of the cooperative matching “${term}”.`}
      />
      <MemberMatches term={term} />
      <LoanMatches term={term} />
    </div>
  );
}
