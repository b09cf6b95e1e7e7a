import type { Contribution } from '@coop/shared/contributions';
import { formatNaira } from '@coop/shared/money';
import {
  DataTable,
  type DataTableColumn,
  type MoneyRow,
} from '../../../components/list/data-table';
import {
  CONTRIBUTION_STATUS_DISPLAY,
  CONTRIBUTION_STATUS_LABELS,
  canDisputeContribution,
  isSelectableContribution,
} from '@coop/shared/contribution-rules';
import { formatDisplayDate, formatMonth } from '@coop/shared/dates';
import { StatusBadge } from '../../../components/ui/status-badge';
import { DisputeContribution } from './contribution-actions';

const columns: readonly DataTableColumn<Contribution>[] = [
  {
    id: 'month',
    header: 'Month',
    cell: (row) => formatMonth(row.contributionMonth),
  },
  {
    id: 'date',
    header: 'Date',
    cell: (row) => (
      <time dateTime={row.contributionDate}>{formatDisplayDate(row.contributionDate)}</time>
    ),
  },
  { id: 'savings', header: 'Savings', align: 'end', cell: (row) => formatNaira(row.savingsAmount) },
  {
    id: 'shareHoldings',
    header: 'Share Holdings',
    align: 'end',
    cell: (row) => formatNaira(row.shareHoldingAmount),
  },
  {
    id: 'total',
    header: 'Total',
    align: 'end',
    cell: (row) => <span className="font-semibold">{formatNaira(row.totalAmount)}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge of={CONTRIBUTION_STATUS_DISPLAY} status={row.status} />,
  },
];

const rowLabel = (row: Contribution) => `${formatMonth(row.contributionMonth)} contribution`;

/** A phone's row: the month's contribution, its date and what it added (decision 163). */
const moneyRow: MoneyRow<Contribution> = {
  title: rowLabel,
  facts: (row) => ({ date: row.contributionDate, amount: row.totalAmount, counts: true }),
  note: (row) => (row.status === 'confirmed' ? null : CONTRIBUTION_STATUS_LABELS[row.status]),
};

type ContributionsTableProps = {
  contributions: readonly Contribution[];
  selectedIds: ReadonlySet<string>;
  onSelectedIdsChange: (ids: Set<string>) => void;
  busy: boolean;
  pageEdges: { earlier: boolean; later: boolean };
};

/**
 * docs/member-portal.md §2: Month, Date, Savings, Share Holdings, Total, Status, Actions; pending
 * rows selectable.
 */
export function ContributionsTable({
  contributions,
  selectedIds,
  onSelectedIdsChange,
  busy,
  pageEdges,
}: ContributionsTableProps) {
  return (
    <DataTable
      caption="Contributions"
      columns={columns}
      rows={contributions}
      getRowId={(row) => row.id}
      getRowLabel={rowLabel}
      moneyRow={moneyRow}
      pageEdges={pageEdges}
      selection={{
        selectedIds,
        onSelectedIdsChange,
        isRowSelectable: isSelectableContribution,
        selectAllLabel: 'Select all pending contributions',
      }}
      rowActions={(row) =>
        canDisputeContribution(row) ? <DisputeContribution contribution={row} /> : null
      }
      busy={busy}
    />
  );
}
