import { formatDisplayDate, formatMonth } from '@coop/shared/dates';
import {
  REMITTANCE_MESSAGES,
  REMITTANCE_STATE_DISPLAY,
} from '@coop/shared/payroll-remittance-rules';
import { moneyColumn, statusColumn } from '../../../../components/list/columns';
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

const columns: readonly DataTableColumn<PayrollMonthRow>[] = [
  { id: 'month', header: 'Month', cell: (row) => formatMonth(row.month) },
  {
    id: 'group',
    header: 'Payroll group',
    cell: (row) => (
      <span className="block max-w-56 min-w-32 whitespace-normal">
        {row.payrollGroup?.name ?? NO_GROUP}
        {row.payrollGroup ? (
          <span className="block text-sm text-muted-foreground">{row.payrollGroup.code}</span>
        ) : null}
      </span>
    ),
  },
  { id: 'members', header: 'Members', align: 'end', cell: (row) => row.members },
  moneyColumn('deducted', 'Deducted', (row) => row.deducted),
  moneyColumn('remitted', 'Remitted', (row) => row.remitted),
  moneyColumn('outstanding', 'Outstanding', (row) => row.outstanding),
  {
    id: 'received',
    header: 'Last received',
    cell: (row) => (row.lastReceivedOn ? formatDisplayDate(row.lastReceivedOn) : 'None yet'),
  },
  { ...statusColumn(REMITTANCE_STATE_DISPLAY, (row) => row.state), header: 'Remittance' },
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
