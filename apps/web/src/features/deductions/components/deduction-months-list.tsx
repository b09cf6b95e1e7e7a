import { DEFAULT_PAGE_SIZE } from '@coop/shared/constants';
import { formatMonth } from '@coop/shared/dates';
import {
  DEDUCTION_MESSAGES,
  REMITTANCE_STATE_DISPLAY,
  VARIANCE_KIND_DISPLAY,
} from '@coop/shared/deductions';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { formatNaira } from '@coop/shared/money';
import type { DataTableColumn, MoneyRow } from '../../../components/list/data-table';
import { PagedTable } from '../../../components/list/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import type { ListParams, ListParamsConfig } from '../../../lib/use-list-params';
import { useDeductionMonths, type DeductionMonthRow } from '../api/get-deduction-months';

export type DeductionMonthSortField = 'month';

/** Newest month first, as the API gives them. */
export const DEDUCTION_MONTH_LIST_CONFIG: ListParamsConfig<DeductionMonthSortField> = {
  defaults: { limit: DEFAULT_PAGE_SIZE, sortBy: 'month', sortOrder: 'desc' },
  sortFields: ['month'],
  pageSizeOptions: [10, 25, 50],
  filters: [],
};

/**
 * Deducted against expected, in words as well as the sign, so it does not rest on colour:
 * '−₦5,000 less', '+₦2,000 more', 'None'.
 */
export function differenceText(difference: number): string {
  if (difference === 0) return 'None';
  return difference < 0 ? `−${formatNaira(-difference)} less` : `+${formatNaira(difference)} more`;
}

const COLUMNS: readonly DataTableColumn<DeductionMonthRow>[] = [
  { id: 'month', header: 'Month', cell: (row) => formatMonth(row.month) },
  {
    id: 'expected',
    header: 'Instruction',
    align: 'end',
    cell: (row) => formatNaira(row.expectedAmount),
  },
  {
    id: 'deducted',
    header: 'Deducted',
    align: 'end',
    cell: (row) => <span className="font-semibold">{formatNaira(row.deductedAmount)}</span>,
  },
  {
    id: 'difference',
    header: 'Difference',
    align: 'end',
    cell: (row) => (
      <span
        className={
          row.difference < 0
            ? 'text-danger-soft-foreground'
            : row.difference > 0
              ? 'text-info-soft-foreground'
              : 'text-muted-foreground'
        }
      >
        {differenceText(row.difference)}
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge of={VARIANCE_KIND_DISPLAY} status={row.kind} />,
  },
  {
    id: 'remittance',
    header: 'Remittance',
    cell: (row) => <StatusBadge of={REMITTANCE_STATE_DISPLAY} status={row.remittance} />,
  },
];

/**
 * A phone's row: the month and what was deducted from the salary for the cooperative (money in
 * to the member's savings and shares); the note is the comparison where it is not a match.
 */
const MONEY_ROW: MoneyRow<DeductionMonthRow> = {
  title: (row) => `${formatMonth(row.month)} deduction`,
  facts: (row) => ({ date: `${row.month}-01`, amount: row.deductedAmount, counts: true }),
  note: (row) => (row.kind === 'matched' ? null : VARIANCE_KIND_DISPLAY.labels[row.kind]),
};

/** The member's posted payroll months: expected, deducted, the difference and the remittance. */
export function DeductionMonthsList({ list }: { list: ListParams<DeductionMonthSortField> }) {
  const months = useDeductionMonths(list.query);
  return (
    <PagedTable
      list={list}
      query={months}
      failure={FALLBACK_MESSAGES.fetchDeductionMonths}
      caption="Payroll months"
      columns={COLUMNS}
      getRowLabel={(row) => `${formatMonth(row.month)} deduction`}
      moneyRow={MONEY_ROW}
      emptyMessage={DEDUCTION_MESSAGES.monthsEmpty}
      emptyDetail={DEDUCTION_MESSAGES.monthsEmptyDetail}
      loadingLabel="Loading payroll months"
      pageLabel="Payroll month pages"
      pageSizeOptions={DEDUCTION_MONTH_LIST_CONFIG.pageSizeOptions}
    />
  );
}
