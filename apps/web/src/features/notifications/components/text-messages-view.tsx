import { formatDisplayDateTime } from '@coop/shared/dates';
import {
  TEXT_MESSAGES_EMPTY,
  TEXT_MESSAGE_STATES,
  TEXT_MESSAGE_STATE_DISPLAY,
  TEXT_MESSAGE_STATE_LABELS,
  textMessageKindLabel,
  type TextMessage,
} from '@coop/shared/sms';
import type { DataTableColumn } from '../../../components/list/data-table';
import { PagedTable } from '../../../components/list/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { backOfficeListConfig } from '../../../lib/back-office-lists';
import { selectFilter } from '../../../lib/list-filters';
import type { ListParams } from '../../../lib/use-list-params';
import { useTextMessages } from '../api/get-text-messages';

export const TEXT_MESSAGE_FILTERS = [
  selectFilter('state', 'State', TEXT_MESSAGE_STATES, (state) => TEXT_MESSAGE_STATE_LABELS[state]),
];

export const TEXT_MESSAGE_LIST_CONFIG = backOfficeListConfig(
  ['createdAt'],
  'desc',
  TEXT_MESSAGE_FILTERS,
);

const columns: readonly DataTableColumn<TextMessage>[] = [
  { id: 'when', header: 'Queued', cell: (row) => formatDisplayDateTime(row.createdAt) },
  {
    id: 'member',
    header: 'Member',
    cell: (row) => (
      <span className="grid">
        <span>{row.member?.name ?? 'Former member'}</span>
        <span className="text-muted-foreground">
          {row.member ? `${row.member.membershipId} · ` : ''}
          {row.to}
        </span>
      </span>
    ),
  },
  {
    id: 'kind',
    header: 'Text',
    cell: (row) => (
      <span className="grid">
        <span>{textMessageKindLabel(row.kind)}</span>
        {row.security ? <span className="text-muted-foreground">Security</span> : null}
      </span>
    ),
  },
  {
    id: 'state',
    header: 'State',
    cell: (row) => (
      <span className="grid justify-items-start gap-1">
        <StatusBadge of={TEXT_MESSAGE_STATE_DISPLAY} status={row.state} />
        <span className="text-muted-foreground">
          {row.nextAttemptAt
            ? `Attempt ${row.attempts + 1} of ${row.maxAttempts} at ${formatDisplayDateTime(row.nextAttemptAt)}`
            : `Gave up after ${row.attempts} ${row.attempts === 1 ? 'attempt' : 'attempts'}`}
        </span>
      </span>
    ),
  },
  {
    id: 'reason',
    header: 'Reason',
    cell: (row) => (
      <span className="block min-w-48 whitespace-normal [overflow-wrap:anywhere]">
        {row.lastError ?? ''}
      </span>
    ),
  },
];

/**
 * The texts that failed or wait for a retry (docs/administrators.md "Text messages"), newest
 * first, numbers masked: what an officer needs to find a wrong number or a gateway outage.
 */
export function TextMessageList<SortField extends string>({
  list,
}: {
  list: ListParams<SortField>;
}) {
  const texts = useTextMessages(list.query);
  return (
    <PagedTable
      list={list}
      query={texts}
      failure="Failed to fetch the text messages"
      caption="Text messages that failed or are being retried"
      columns={columns}
      getRowLabel={(row) =>
        `${textMessageKindLabel(row.kind)} to ${row.member?.name ?? row.to}, ${TEXT_MESSAGE_STATE_LABELS[row.state]}`
      }
      emptyMessage={TEXT_MESSAGES_EMPTY}
      loadingLabel="Loading text messages"
      pageLabel="Text message pages"
      pageSizeOptions={TEXT_MESSAGE_LIST_CONFIG.pageSizeOptions}
    />
  );
}
