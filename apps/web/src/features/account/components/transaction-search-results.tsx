import { STATEMENT_MESSAGES } from '@coop/shared/account-rules';
import { SearchResultsSection } from '../../../components/list/search-results-section';
import { paths, searchPath } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-client';
import { useTransactions } from '../api/get-transactions';
import { TransactionsTable } from './transactions-table';

/** How many matches the search page shows before 'View all'. */
const SHOWN = 5;

/** The top bar's search, transactions part: the newest movements matching the term. */
export function TransactionSearchResults({ term }: { term: string }) {
  const found = useTransactions({
    page: 1,
    limit: SHOWN,
    sortBy: 'date',
    sortOrder: 'desc',
    search: term,
  });
  const total = found.data?.pagination.totalItems ?? 0;
  return (
    <SearchResultsSection
      title="Transactions"
      total={total}
      viewAll={{
        to: searchPath(paths.transactions, term),
        label: `View all ${total} in Transaction History`,
      }}
      isPending={found.isPending}
      errorMessage={
        found.isError ? failureMessage(found.error, STATEMENT_MESSAGES.fetchFailed) : null
      }
      onRetry={() => void found.refetch()}
      emptyMessage={`No transactions match “${term}”`}
      loadingLabel="Searching transactions"
    >
      <TransactionsTable
        caption="Matching transactions"
        transactions={found.data?.data ?? []}
        busy={found.isPlaceholderData}
      />
    </SearchResultsSection>
  );
}
