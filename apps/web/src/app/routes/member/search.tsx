import { SearchPage } from '../../../components/layouts/search-page';
import { TransactionSearchResults } from '../../../features/account/components/transaction-search-results';
import { LoanSearchResults } from '../../../features/loans/components/loan-search-results';

/**
 * The top bar's search (docs/business-rules.md "What the screens do without being asked"): the
 * member's loans and transactions by ID, purpose or amount. Each part links on to its own list,
 * opened on the same search.
 */
export default function SearchRoute() {
  return (
    <SearchPage
      hint="Type a loan ID, a purpose, a description or an amount in the search box above."
      matching={(term) => `Your loans and transactions matching “${term}”.`}
    >
      {(term) => (
        <>
          <LoanSearchResults term={term} />
          <TransactionSearchResults term={term} />
        </>
      )}
    </SearchPage>
  );
}
