import { DEFAULT_PAGE_SIZE } from '@coop/shared/constants';
import { formatDisplayDate } from '@coop/shared/dates';
import {
  DIVIDEND_MESSAGES,
  DIVIDEND_STATUS_DISPLAY,
  DIVIDEND_STATUS_LABELS,
  DIVIDEND_TYPE_LABELS,
} from '@coop/shared/dividend-rules';
import type { Dividend } from '@coop/shared/dividends';
import type { SortOrder } from '@coop/shared/http';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { formatNaira } from '@coop/shared/money';
import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import type { DataTableColumn, MoneyRow } from '../../../components/list/data-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import type { ListParams, ListParamsConfig } from '../../../lib/use-list-params';
import { useDividends } from '../api/get-dividends';
import { PagedTable } from '../../../components/list/paged-table';

export type DividendSortField = 'paymentDate' | 'dividendYear';

/** docs/member-portal.md §9: 10 a page, latest payment first. */
export const DIVIDEND_LIST_CONFIG: ListParamsConfig<DividendSortField> = {
  defaults: { limit: DEFAULT_PAGE_SIZE, sortBy: 'paymentDate', sortOrder: 'desc' },
  sortFields: ['paymentDate', 'dividendYear'],
  pageSizeOptions: [10, 25, 50],
  filters: [],
};

const SORT_LABELS: Record<DividendSortField, string> = {
  paymentDate: 'Payment Date',
  dividendYear: 'Year',
};

const dateCell = (value: string | null) =>
  value ? <time dateTime={value}>{formatDisplayDate(value)}</time> : '—';

const COLUMNS: readonly DataTableColumn<Dividend>[] = [
  { id: 'period', header: 'Period', cell: (row) => row.dividendPeriod },
  { id: 'type', header: 'Type', cell: (row) => DIVIDEND_TYPE_LABELS[row.dividendType] },
  {
    id: 'amount',
    header: 'Amount',
    align: 'end',
    cell: (row) => <span className="font-semibold">{formatNaira(row.amount)}</span>,
  },
  {
    id: 'notes',
    header: 'Notes',
    // Notes are sentences: they wrap, so the table fits a laptop screen without scrolling.
    cell: (row) => <span className="block max-w-56 whitespace-normal">{row.notes ?? '—'}</span>,
  },
  { id: 'issued', header: 'Issue Date', cell: (row) => dateCell(row.issuedDate) },
  { id: 'paid', header: 'Paid Date', cell: (row) => dateCell(row.paidDate) },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge of={DIVIDEND_STATUS_DISPLAY} status={row.status} />,
  },
];

/** A phone's row: the dividend, listed under the day it was paid, else the day it was issued. */
const MONEY_ROW: MoneyRow<Dividend> = {
  title: (row) => `${row.dividendPeriod} dividend`,
  facts: (row) => ({ date: row.paidDate ?? row.issuedDate, amount: row.amount, counts: true }),
  note: (row) => (row.status === 'paid' ? null : DIVIDEND_STATUS_LABELS[row.status]),
};

/**
 * docs/member-portal.md §2 Dividends: sort by Payment Date or Year, Desc or Asc, a reset, and the
 * list. The route owns the list's state (docs/decisions/128-list-pages-route-owns-state.md).
 */
export function DividendsList({ list }: { list: ListParams<DividendSortField> }) {
  const dividends = useDividends(list.query);
  const sortId = useId();
  const orderId = useId();
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-40 gap-2">
          <Label htmlFor={sortId}>Sort by</Label>
          <NativeSelect
            id={sortId}
            value={list.sortBy}
            onChange={(event) =>
              list.setSort(event.target.value as DividendSortField, list.sortOrder)
            }
          >
            {DIVIDEND_LIST_CONFIG.sortFields.map((field) => (
              <option key={field} value={field}>
                {SORT_LABELS[field]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid min-w-32 gap-2">
          <Label htmlFor={orderId}>Order</Label>
          <NativeSelect
            id={orderId}
            value={list.sortOrder}
            onChange={(event) => list.setSort(list.sortBy, event.target.value as SortOrder)}
          >
            <option value="desc">Desc</option>
            <option value="asc">Asc</option>
          </NativeSelect>
        </div>
        <Button variant="outline" onClick={list.reset}>
          <RotateCcw aria-hidden="true" />
          Reset
        </Button>
      </div>
      <PagedTable
        list={list}
        query={dividends}
        failure={FALLBACK_MESSAGES.fetchDividends}
        caption="Dividends"
        columns={COLUMNS}
        getRowLabel={(row) => `${row.dividendPeriod} dividend`}
        moneyRow={MONEY_ROW}
        emptyMessage={DIVIDEND_MESSAGES.empty}
        loadingLabel="Loading dividends"
        pageLabel="Dividend pages"
        pageSizeOptions={DIVIDEND_LIST_CONFIG.pageSizeOptions}
      />
    </div>
  );
}
