import { STATEMENT_MESSAGES } from '@coop/shared/account-rules';
import {
  SEARCH_MATCHES_SHOWN,
  SearchResultsSection,
} from '../../../components/list/search-results-section';
import { paths } from '../../../config/paths';
import { useTransactions } from '../api/get-transactions';
import { TransactionsTable } from './transactions-table';

/** The top bar's search, transactions part: the newest movements matching the term. */
export function TransactionSearchResults({ term }: { term: string }) {
  const found = useTransactions({
    page: 1,
    limit: SEARCH_MATCHES_SHOWN,
    sortBy: 'date',
    sortOrder: 'desc',
    search: term,
  });
  return (
    <SearchResultsSection
      title="Transactions"
      term={term}
      found={found}
      all={{ path: paths.transactions, name: 'Transaction History' }}
      failure={STATEMENT_MESSAGES.fetchFailed}
    >
      <TransactionsTable
        caption="Matching transactions"
        transactions={found.data?.data ?? []}
        busy={found.isPlaceholderData}
      />
    </SearchResultsSection>
  );
}
