import type { AuditEntry } from '@coop/shared/audit';
import {
  AUDIT_MESSAGES,
  describeAuditAction,
  describeAuditChanges,
  describeAuditEntity,
  shortAuditId,
} from '@coop/shared/audit-words';
import { formatDisplayDateTime } from '@coop/shared/dates';
import { useEffect } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/list/data-table';
import { PaginationFooter } from '../../../components/list/pagination-footer';
import { QueryState } from '../../../components/list/query-state';
import { failureMessage } from '../../../lib/api-client';
import type { ListParams } from '../../../lib/use-list-params';
import { useAuditLog } from '../api/get-audit-log';
import { AUDIT_LIST_CONFIG } from './list-configs';

const columns: readonly DataTableColumn<AuditEntry>[] = [
  { id: 'when', header: 'When', cell: (row) => formatDisplayDateTime(row.occurredAt) },
  {
    id: 'actor',
    header: 'Who',
    cell: (row) =>
      row.actor ? (
        <span className="grid">
          <span>{row.actor.name}</span>
          <span className="text-muted-foreground">{row.actor.membershipId}</span>
        </span>
      ) : (
        'System'
      ),
  },
  {
    id: 'action',
    header: 'What',
    cell: (row) => (
      <span className="grid min-w-40 whitespace-normal">
        <span>{describeAuditAction(row.action)}</span>
        {row.entityType ? (
          <span className="text-muted-foreground">
            {describeAuditEntity(row.entityType)}
            {row.entityId ? (
              <>
                {' '}
                <span className="font-mono text-xs [overflow-wrap:anywhere]" title={row.entityId}>
                  {shortAuditId(row.entityId)}
                </span>
              </>
            ) : null}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    id: 'change',
    header: 'Before → after',
    cell: (row) => {
      const lines = describeAuditChanges(row.before, row.after);
      return lines.length === 0 ? (
        ''
      ) : (
        <ul className="grid min-w-48 gap-0.5 text-sm whitespace-normal text-muted-foreground [overflow-wrap:anywhere]">
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      );
    },
  },
];

/** The audit trail for the list's filters, newest first. */
export function AuditList<SortField extends string>({ list }: { list: ListParams<SortField> }) {
  const audit = useAuditLog(list.query);
  const errorMessage = audit.isError
    ? failureMessage(audit.error, 'Failed to fetch the audit log')
    : null;
  const totalPages = audit.isPlaceholderData ? undefined : audit.data?.pagination.totalPages;
  const { page, keepPageInRange } = list;
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) keepPageInRange(totalPages);
  }, [page, totalPages, keepPageInRange]);
  const rows = audit.data?.data ?? [];
  return (
    <div className="grid grid-cols-1 gap-4">
      <QueryState
        isPending={audit.isPending}
        errorMessage={errorMessage}
        onRetry={() => void audit.refetch()}
        isEmpty={rows.length === 0}
        emptyMessage={AUDIT_MESSAGES.empty}
        loadingLabel="Loading the audit log"
      >
        <DataTable
          caption="Audit log"
          columns={columns}
          rows={rows}
          getRowId={(row) => String(row.id)}
          getRowLabel={(row) =>
            `${describeAuditAction(row.action)} on ${formatDisplayDateTime(row.occurredAt)}`
          }
          busy={audit.isPlaceholderData}
        />
      </QueryState>
      {audit.data && errorMessage === null ? (
        <PaginationFooter
          label="Audit log pages"
          pagination={audit.data.pagination}
          pageSizeOptions={AUDIT_LIST_CONFIG.pageSizeOptions}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
        />
      ) : null}
    </div>
  );
}
