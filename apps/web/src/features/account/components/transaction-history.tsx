import { STATEMENT_MESSAGES } from '@coop/shared/account-rules';
import { useEffect } from 'react';
import { FilterPanel } from '../../../components/list/filter-panel';
import { ListSearchDialog } from '../../../components/list/list-search-dialog';
import { PaginationFooter } from '../../../components/list/pagination-footer';
import { QueryState } from '../../../components/list/query-state';
import { failureMessage } from '../../../lib/api-client';
import type { ListParams } from '../../../lib/use-list-params';
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
  const totalPages = transactions.isPlaceholderData
    ? undefined
    : transactions.data?.pagination.totalPages;
  const { page, keepPageInRange } = list;
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) keepPageInRange(totalPages);
  }, [page, totalPages, keepPageInRange]);
  const rows = transactions.data?.data ?? [];
  const pagination = transactions.data?.pagination;

  return (
    <div className="grid gap-4">
      <FilterPanel
        className="hidden md:block"
        filters={TRANSACTION_FILTERS}
        values={list.filters}
        onFilterChange={list.setFilter}
        search={{ ...TRANSACTION_SEARCH, value: list.search, onChange: list.setSearch }}
        onReset={list.reset}
      />
      <ListSearchDialog
        className="md:hidden"
        title="Filter transactions"
        description="Find movements by description, amount, period, type or account."
        filters={TRANSACTION_FILTERS}
        values={list.filters}
        search={{ ...TRANSACTION_SEARCH, value: list.search }}
        onApply={list.applyFilters}
        onReset={list.reset}
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
        <TransactionsTable transactions={rows} busy={transactions.isPlaceholderData} />
      </QueryState>
      {pagination && errorMessage === null ? (
        <PaginationFooter
          label="Transaction pages"
          pagination={pagination}
          pageSizeOptions={TRANSACTION_LIST_CONFIG.pageSizeOptions}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
        />
      ) : null}
    </div>
  );
}
