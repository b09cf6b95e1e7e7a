import { STATEMENT_MESSAGES } from '@coop/shared/account-rules';
import { ListFilters } from '../../../components/list/list-filters';
import { ListPager } from '../../../components/list/pagination-footer';
import { QueryState } from '../../../components/list/query-state';
import { failureMessage } from '../../../lib/api-client';
import { pageEdges } from '../../../lib/month-groups';
import { usePageInRange, type ListParams } from '../../../lib/use-list-params';
import { useTransactions } from '../api/get-transactions';
import {
  TRANSACTION_FILTERS,
  TRANSACTION_LIST_CONFIG,
  TRANSACTION_SEARCH,
  type TransactionSortField,
} from './transaction-list-config';
import { TransactionsTable } from './transactions-table';

/** The member's ledger movements with running balances, filtered and paged in the URL. */
export function TransactionHistory({ list }: { list: ListParams<TransactionSortField> }) {
  const transactions = useTransactions(list.query);
  const errorMessage = transactions.isError
    ? failureMessage(transactions.error, STATEMENT_MESSAGES.fetchFailed)
    : null;
  usePageInRange(list, transactions);
  const rows = transactions.data?.data ?? [];

  return (
    <div className="grid gap-4">
      <ListFilters
        list={list}
        filters={TRANSACTION_FILTERS}
        title="Filter transactions"
        description="Find movements by description, amount, period, type or account."
        search={TRANSACTION_SEARCH}
        triggerLabel="Filter"
      />
      <QueryState
        isPending={transactions.isPending}
        errorMessage={errorMessage}
        onRetry={() => void transactions.refetch()}
        isEmpty={rows.length === 0}
        emptyMessage={STATEMENT_MESSAGES.noTransactions}
        loadingLabel="Loading transactions"
      >
        <TransactionsTable
          transactions={rows}
          busy={transactions.isPlaceholderData}
          pageEdges={pageEdges(transactions.data?.pagination)}
        />
      </QueryState>
      <ListPager
        list={list}
        page={transactions.data}
        failed={errorMessage !== null}
        label="Transaction pages"
        pageSizeOptions={TRANSACTION_LIST_CONFIG.pageSizeOptions}
      />
    </div>
  );
}
