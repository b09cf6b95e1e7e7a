import type { AuditEntry } from '@coop/shared/audit';
import {
  AUDIT_MESSAGES,
  describeAuditAction,
  describeAuditChanges,
  describeAuditEntity,
  shortAuditId,
} from '@coop/shared/audit-words';
import { formatDisplayDateTime } from '@coop/shared/dates';
import type { DataTableColumn } from '../../../components/list/data-table';
import type { ListParams } from '../../../lib/use-list-params';
import { useAuditLog } from '../api/get-audit-log';
import { AUDIT_LIST_CONFIG } from './list-configs';
import { PagedTable } from '../../../components/list/paged-table';

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
  return (
    <PagedTable
      list={list}
      query={audit}
      failure="Failed to fetch the audit log"
      caption="Audit log"
      columns={columns}
      getRowLabel={(row) =>
        `${describeAuditAction(row.action)} on ${formatDisplayDateTime(row.occurredAt)}`
      }
      emptyMessage={AUDIT_MESSAGES.empty}
      loadingLabel="Loading the audit log"
      pageLabel="Audit log pages"
      pageSizeOptions={AUDIT_LIST_CONFIG.pageSizeOptions}
    />
  );
}
