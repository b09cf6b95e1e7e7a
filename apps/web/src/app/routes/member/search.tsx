import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/layouts/page-title';
import { TransactionSearchResults } from '../../../features/account/components/transaction-search-results';
import { LoanSearchResults } from '../../../features/loans/components/loan-search-results';

/**
 * The top bar's search (docs/business-rules.md "What the screens do without being asked"): the
 * member's loans and transactions by ID, purpose or amount. Each part links on to its own list,
 * opened on the same search.
 */
export default function SearchRoute() {
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  if (term === '') {
    return (
      <div className="grid gap-6">
        <PageTitle
          title="Search"
          description="Type a loan ID, a purpose, a description or an amount in the search box above."
        />
      </div>
    );
  }
  return (
    <div className="grid gap-8">
      <PageTitle
        title="Search results"
        description={`Your loans and transactions matching “${term}”.`}
      />
      <LoanSearchResults term={term} />
      <TransactionSearchResults term={term} />
    </div>
  );
}
