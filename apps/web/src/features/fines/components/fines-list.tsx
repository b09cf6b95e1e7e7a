import { DEFAULT_PAGE_SIZE } from '@coop/shared/constants';
import { formatDisplayDate, toIsoDateInTimeZone } from '@coop/shared/dates';
import type { Fine } from '@coop/shared/fines';
import {
  FINE_MESSAGES,
  FINE_STATUSES,
  FINE_STATUS_DISPLAY,
  FINE_STATUS_LABELS,
  isFineOverdue,
} from '@coop/shared/fine-rules';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { formatNaira } from '@coop/shared/money';
import { useId } from 'react';
import type { DataTableColumn, MoneyRow } from '../../../components/list/data-table';
import { RowNote } from '../../../components/list/row-note';
import { StatusBadge } from '../../../components/ui/status-badge';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import type { FilterDefinition } from '../../../lib/list-filters';
import type { ListParams, ListParamsConfig } from '../../../lib/use-list-params';
import { useFines } from '../api/get-fines';
import { PagedTable } from '../../../components/list/paged-table';

const STATUS_FILTER = {
  key: 'status',
  label: 'Status',
  type: 'select',
  options: FINE_STATUSES.map((status) => ({ value: status, label: FINE_STATUS_LABELS[status] })),
} as const satisfies FilterDefinition;

export type FineSortField = 'fineDate' | 'dueDate' | 'amount';

/** docs/member-portal.md §9: 10 a page, newest fine date first. */
export const FINE_LIST_CONFIG: ListParamsConfig<FineSortField> = {
  defaults: { limit: DEFAULT_PAGE_SIZE, sortBy: 'fineDate', sortOrder: 'desc' },
  sortFields: ['fineDate', 'dueDate', 'amount'],
  pageSizeOptions: [10, 25, 50],
  filters: [STATUS_FILTER],
};

function columns(today: string): readonly DataTableColumn<Fine>[] {
  return [
    { id: 'reason', header: 'Reason', cell: (row) => row.reason },
    {
      id: 'amount',
      header: 'Amount',
      align: 'end',
      cell: (row) => <span className="font-semibold">{formatNaira(row.amount)}</span>,
    },
    {
      id: 'fineDate',
      header: 'Fine Date',
      cell: (row) => <time dateTime={row.fineDate}>{formatDisplayDate(row.fineDate)}</time>,
    },
    {
      id: 'dueDate',
      header: 'Due Date',
      cell: (row) =>
        isFineOverdue(row, today) ? (
          <time dateTime={row.dueDate} className="font-medium text-destructive">
            {formatDisplayDate(row.dueDate)} <span className="sr-only">(past due)</span>
          </time>
        ) : (
          <time dateTime={row.dueDate}>{formatDisplayDate(row.dueDate)}</time>
        ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <>
          <StatusBadge of={FINE_STATUS_DISPLAY} status={row.status} />
          {row.status === 'waived' && row.waiverNote ? (
            <RowNote label="Reason">{row.waiverNote}</RowNote>
          ) : null}
        </>
      ),
    },
  ];
}

/** A phone's row: the fine is money owed, so it reads as out; a waived one is not totalled. */
const MONEY_ROW: MoneyRow<Fine> = {
  title: (row) => row.reason,
  facts: (row) => ({
    date: row.fineDate,
    amount: -row.amount,
    counts: row.status !== 'waived',
    voided: row.status === 'waived',
  }),
  note: (row) => FINE_STATUS_LABELS[row.status],
};

/** docs/member-portal.md §2 Fines: the status filter (all, pending, paid, waived) and the list. */
export function FinesList({
  list,
  today = toIsoDateInTimeZone(new Date()),
}: {
  /** The route owns the list's state (docs/decisions/128-list-pages-route-owns-state.md). */
  list: ListParams<FineSortField>;
  today?: string;
}) {
  const fines = useFines(list.query);
  const selectId = useId();
  const status = typeof list.filters.status === 'string' ? list.filters.status : '';
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid max-w-xs gap-2">
        <Label htmlFor={selectId}>Status</Label>
        <NativeSelect
          id={selectId}
          value={status}
          onChange={(event) => list.setFilter('status', event.target.value || undefined)}
        >
          <option value="">{FINE_MESSAGES.allStatuses}</option>
          {STATUS_FILTER.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <PagedTable
        list={list}
        query={fines}
        failure={FALLBACK_MESSAGES.fetchFines}
        caption="Fines"
        columns={columns(today)}
        getRowLabel={(row) => row.reason}
        moneyRow={MONEY_ROW}
        emptyMessage={FINE_MESSAGES.empty}
        loadingLabel="Loading fines"
        pageLabel="Fine pages"
        pageSizeOptions={FINE_LIST_CONFIG.pageSizeOptions}
      />
    </div>
  );
}
