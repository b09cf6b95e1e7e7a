import { SearchPage } from '../../../components/layouts/search-page';
import { LoanMatches } from '../../../features/loans/components/officer/loan-matches';
import { MemberMatches } from '../../../features/members/components/officer/member-matches';

/**
 * The back office's top-bar search: the cooperative's members (name, e-mail, phone, membership
 * ID) and loans (loan ID, borrower), each part linking on to its list opened on the same search.
 */
export default function AdminSearchRoute() {
  return (
    <SearchPage
      hint="Type a member's name, e-mail, phone number or membership ID, or a loan ID, in the search box above."
      matching={(term) => `Members and loans of the cooperative matching “${term}”.`}
    >
      {(term) => (
        <>
          <MemberMatches term={term} />
          <LoanMatches term={term} />
        </>
      )}
    </SearchPage>
  );
}
