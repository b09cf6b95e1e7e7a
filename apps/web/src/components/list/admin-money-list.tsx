import type { Pagination } from '@coop/shared/http';
import type { AdminMemberRef } from '@coop/shared/members';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from './data-table';
import { PaginationFooter } from './pagination-footer';
import { QueryState } from './query-state';
import { adminMemberPath } from '../../config/paths';
import { failureMessage } from '../../lib/api-client';
import type { ListParams } from '../../lib/use-list-params';

/** The member a record belongs to: name (to their page) and membership ID. */
export function MemberCell({ member }: { member: AdminMemberRef }) {
  return (
    <Link
      className="font-medium text-primary underline-offset-4 hover:underline"
      to={adminMemberPath(member.id)}
    >
      {member.firstName} {member.lastName}
      <span className="block text-sm font-normal text-muted-foreground">{member.membershipId}</span>
    </Link>
  );
}

export const memberName = (member: AdminMemberRef) => `${member.firstName} ${member.lastName}`;

type AdminMoneyListProps<Row extends { id: string }, SortField extends string> = {
  list: ListParams<SortField>;
  query: UseQueryResult<{ data: Row[]; pagination: Pagination }>;
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  getRowLabel: (row: Row) => string;
  rowActions: (row: Row) => ReactNode;
  emptyMessage: string;
  loadingLabel: string;
  failure: string;
  pageLabel: string;
  pageSizeOptions: readonly number[];
};

/** One back-office money list on the list kit: state, table (cards below 768 px), pages. */
export function AdminMoneyList<Row extends { id: string }, SortField extends string>({
  list,
  query,
  caption,
  columns,
  getRowLabel,
  rowActions,
  emptyMessage,
  loadingLabel,
  failure,
  pageLabel,
  pageSizeOptions,
}: AdminMoneyListProps<Row, SortField>) {
  const errorMessage = query.isError ? failureMessage(query.error, failure) : null;
  const totalPages = query.isPlaceholderData ? undefined : query.data?.pagination.totalPages;
  const { page, keepPageInRange } = list;
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && page > totalPages) {
      keepPageInRange(totalPages);
    }
  }, [page, totalPages, keepPageInRange]);
  const rows = query.data?.data ?? [];
  return (
    <div className="grid grid-cols-1 gap-4">
      <QueryState
        isPending={query.isPending}
        errorMessage={errorMessage}
        onRetry={() => void query.refetch()}
        isEmpty={rows.length === 0}
        emptyMessage={emptyMessage}
        loadingLabel={loadingLabel}
      >
        <DataTable
          caption={caption}
          columns={columns}
          rows={rows}
          getRowId={(row) => row.id}
          getRowLabel={getRowLabel}
          rowActions={(row) => {
            const actions = rowActions(row);
            return actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null;
          }}
          busy={query.isPlaceholderData}
        />
      </QueryState>
      {query.data && errorMessage === null ? (
        <PaginationFooter
          label={pageLabel}
          pagination={query.data.pagination}
          pageSizeOptions={pageSizeOptions}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
        />
      ) : null}
    </div>
  );
}
