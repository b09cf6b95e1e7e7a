import type { Pagination } from '@coop/shared/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { failureMessage } from '../../lib/api-client';
import { pageEdges } from '../../lib/month-groups';
import { usePageInRange, type ListParams } from '../../lib/use-list-params';
import { DataTable, type DataTableProps } from './data-table';
import { ListPager } from './pagination-footer';
import { QueryState } from './query-state';

export type PagedTableProps<Row extends { id: string | number }, SortField extends string> = Omit<
  DataTableProps<Row>,
  'rows' | 'getRowId' | 'busy' | 'pageEdges'
> & {
  /** The list's state, owned by the route (docs/decisions/128-list-pages-route-owns-state.md). */
  list: ListParams<SortField>;
  /** The page asked for `list.query`. */
  query: UseQueryResult<{ data: Row[]; pagination: Pagination }>;
  /** What a failure says when the server gives no message: 'Failed to fetch fines'. */
  failure: string;
  emptyMessage: string;
  emptyDetail?: string | null;
  /** What is loading, for screen readers: 'Loading fines'. */
  loadingLabel: string;
  /** The pager's name: 'Fine pages'. */
  pageLabel: string;
  pageSizeOptions: readonly number[];
};

/**
 * One page of a list on the list kit (docs/decisions/128-list-pages-route-owns-state.md): its
 * loading, failed and empty states, the table (cards below 768 px) and the pager, and a page
 * past the end (a link, or the last row gone) moved back to the last page.
 */
export function PagedTable<Row extends { id: string | number }, SortField extends string>({
  list,
  query,
  failure,
  emptyMessage,
  emptyDetail,
  loadingLabel,
  pageLabel,
  pageSizeOptions,
  ...table
}: PagedTableProps<Row, SortField>) {
  const errorMessage = query.isError ? failureMessage(query.error, failure) : null;
  usePageInRange(list, query);
  const rows = query.data?.data ?? [];
  return (
    <div className="grid grid-cols-1 gap-4">
      <QueryState
        isPending={query.isPending}
        errorMessage={errorMessage}
        onRetry={() => void query.refetch()}
        isEmpty={rows.length === 0}
        emptyMessage={emptyMessage}
        emptyDetail={emptyDetail ?? null}
        loadingLabel={loadingLabel}
      >
        <DataTable
          {...table}
          rows={rows}
          getRowId={(row) => String(row.id)}
          busy={query.isPlaceholderData}
          pageEdges={pageEdges(query.data?.pagination)}
        />
      </QueryState>
      <ListPager
        list={list}
        page={query.data}
        failed={errorMessage !== null}
        label={pageLabel}
        pageSizeOptions={pageSizeOptions}
      />
    </div>
  );
}
