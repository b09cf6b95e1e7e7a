import { formatDisplayDate, formatMonth } from '@coop/shared/dates';
import {
  REMITTANCE_MESSAGES,
  REMITTANCE_STATE_DISPLAY,
} from '@coop/shared/payroll-remittance-rules';
import { moneyColumn } from '../../../../components/list/columns';
import { StatusBadge } from '../../../../components/ui/status-badge';
import type { DataTableColumn } from '../../../../components/list/data-table';
import { ListFilters } from '../../../../components/list/list-filters';
import { PagedTable } from '../../../../components/list/paged-table';
import type { ListParams } from '../../../../lib/use-list-params';
import {
  payrollMonthRowId,
  usePayrollReconciliation,
  type PayrollMonthRow,
} from '../../api/get-payroll-reconciliation';
import {
  PAYROLL_RECONCILIATION_CONFIG,
  PAYROLL_RECONCILIATION_FILTERS,
} from './payroll-reconciliation-config';
import { RecordRemittanceDialog } from './record-remittance-dialog';

/** Deductions posted with no payroll group: a member deducted with no instruction. */
export const NO_GROUP = 'No payroll group';

const groupLabel = (row: PayrollMonthRow) =>
  row.payrollGroup ? `${row.payrollGroup.name} (${row.payrollGroup.code})` : NO_GROUP;

const members = (count: number) => `${count} member${count === 1 ? '' : 's'}`;

/** Few columns, so the table and its action keep inside 1280 px beside the sidebar. */
const columns: readonly DataTableColumn<PayrollMonthRow>[] = [
  { id: 'month', header: 'Month', cell: (row) => formatMonth(row.month) },
  {
    id: 'group',
    header: 'Payroll group',
    cell: (row) => (
      <span className="block max-w-44 min-w-32 whitespace-normal">
        {row.payrollGroup?.name ?? NO_GROUP}
        <span className="block text-sm text-muted-foreground">
          {row.payrollGroup ? `${row.payrollGroup.code} · ` : ''}
          {members(row.members)}
        </span>
      </span>
    ),
  },
  moneyColumn('deducted', 'Deducted', (row) => row.deducted),
  moneyColumn('remitted', 'Remitted', (row) => row.remitted),
  moneyColumn('outstanding', 'Outstanding', (row) => row.outstanding),
  {
    id: 'status',
    header: 'Remittance',
    cell: (row) => (
      <span className="grid justify-items-start gap-1">
        <StatusBadge of={REMITTANCE_STATE_DISPLAY} status={row.state} />
        {row.lastReceivedOn ? (
          <span className="text-sm text-muted-foreground">
            last {formatDisplayDate(row.lastReceivedOn)}
          </span>
        ) : null}
      </span>
    ),
  },
];

/**
 * Each posted payroll month of each group: what its payroll deducted, what the employer remitted,
 * what it still owes, and Record remittance on a row that owes
 * (docs/decisions/157-payroll-remittances.md). A link that names one month and group (the
 * overview's) shows that row singled out. The route owns the list's state (decision 128).
 */
export function PayrollReconciliationList({ list }: { list: ListParams<'month'> }) {
  const query = usePayrollReconciliation(list.query);
  const month = typeof list.filters.month === 'string' ? list.filters.month : null;
  const group = typeof list.filters.group === 'string' ? list.filters.group : null;
  return (
    <div className="grid grid-cols-1 gap-4">
      <ListFilters
        list={list}
        filters={PAYROLL_RECONCILIATION_FILTERS}
        title="Find a payroll month"
        description="By month, payroll group or how much is remitted."
      />
      <PagedTable
        list={list}
        query={query}
        caption="Payroll months: deducted and remitted"
        columns={columns}
        getRowLabel={(row) => `${groupLabel(row)}, ${formatMonth(row.month)}`}
        rowActions={(row) =>
          row.payrollGroup && row.outstanding > 0 ? (
            <RecordRemittanceDialog target={{ ...row, payrollGroup: row.payrollGroup }} />
          ) : null
        }
        actionsHeader="Actions"
        highlightedId={month && group ? payrollMonthRowId(month, group) : null}
        failure={REMITTANCE_MESSAGES.fetchFailed}
        emptyMessage={REMITTANCE_MESSAGES.noneFound}
        emptyDetail="A month appears here once its deductions are posted."
        loadingLabel="Loading the payroll months"
        pageLabel="Payroll month pages"
        pageSizeOptions={PAYROLL_RECONCILIATION_CONFIG.pageSizeOptions}
      />
    </div>
  );
}
