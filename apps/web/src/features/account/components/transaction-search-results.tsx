import { STATEMENT_MESSAGES } from '@coop/shared/account-rules';
import { Link } from 'react-router';
import { QueryState } from '../../../components/list/query-state';
import { paths, searchPath } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-client';
import { useTransactions } from '../api/transactions';
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
    <section aria-labelledby="transaction-results" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="transaction-results" className="text-lg font-semibold">
          Transactions
        </h2>
        {total > 0 ? (
          <Link
            to={searchPath(paths.transactions, term)}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            View all {total} in Transaction History
          </Link>
        ) : null}
      </div>
      <QueryState
        isPending={found.isPending}
        errorMessage={
          found.isError ? failureMessage(found.error, STATEMENT_MESSAGES.fetchFailed) : null
        }
        onRetry={() => void found.refetch()}
        isEmpty={total === 0}
        emptyMessage={`No transactions match “${term}”`}
        loadingLabel="Searching transactions"
      >
        <TransactionsTable
          caption="Matching transactions"
          transactions={found.data?.data ?? []}
          busy={found.isPlaceholderData}
        />
      </QueryState>
    </section>
  );
}
