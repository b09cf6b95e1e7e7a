import { DIVIDEND_STATUS_DISPLAY } from '@coop/shared/dividend-rules';
import type { DividendDeclaration } from '@coop/shared/dividends';
import { JobProgress } from '../../../../components/job-progress';
import { formatDisplayDate } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { useId } from 'react';
import { toast } from '../../../../lib/toast';
import { ConfirmDialog } from '../../../../components/dialogs/confirm-dialog';
import { decisionTrigger } from '../../../../components/dialogs/form-dialog';
import { DataTable, type DataTableColumn } from '../../../../components/list/data-table';
import { QueryState } from '../../../../components/list/query-state';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { failureMessage } from '../../../../lib/api-client';
import { useDividendDeclarations } from '../../api/get-dividend-declarations';
import { usePayDividend } from '../../api/pay-dividend';
import { formatRate } from './declare-dividend-form';

function PayDialog({ declaration }: { declaration: DividendDeclaration }) {
  // The payment's job lives here, outside the dialog's body: its progress shows in the dialog,
  // which stays open (no Escape, no click outside) until the job ends, with the refusal if it
  // failed; Pay again in the same opening sends the same Idempotency-Key.
  const pay = usePayDividend();
  const year = declaration.dividendYear;
  const due = declaration.amount - declaration.paidAmount;
  return (
    <ConfirmDialog
      trigger={decisionTrigger({
        label: 'Pay',
        context: `the FY ${year} dividend`,
        variant: 'default',
      })}
      title={`Pay the FY ${year} dividend?`}
      description={`${formatNaira(due)} goes into the savings of ${declaration.members} member${
        declaration.members === 1 ? '' : 's'
      } today, through the ledger, and each member is notified. A payment cannot be undone.`}
      texts={{
        confirm: `Pay ${formatNaira(due)}`,
        pending: 'Paying...',
        failure: 'The dividend could not be paid',
      }}
      details={<JobProgress job={pay.job} doing="Paying" unit="members" />}
      onConfirm={async (key) => {
        const { message } = await pay.mutateAsync({ year, idempotencyKey: key });
        toast.success(message ?? `The ${year} dividend was paid`);
      }}
    />
  );
}

const declarationColumns: readonly DataTableColumn<DividendDeclaration>[] = [
  { id: 'year', header: 'Year', cell: (row) => row.dividendPeriod },
  { id: 'rate', header: 'Rate', align: 'end', cell: (row) => formatRate(row.rateBps) },
  { id: 'members', header: 'Members', align: 'end', cell: (row) => row.members },
  { id: 'amount', header: 'Total', align: 'end', cell: (row) => formatNaira(row.amount) },
  { id: 'issued', header: 'Declared', cell: (row) => formatDisplayDate(row.issuedDate) },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => (
      <span className="grid justify-items-start gap-1">
        <StatusBadge of={DIVIDEND_STATUS_DISPLAY} status={row.status} />
        {row.paidDate ? (
          <span className="text-xs text-muted-foreground">{formatDisplayDate(row.paidDate)}</span>
        ) : null}
      </span>
    ),
  },
];

/** Every declared year, newest first, each unpaid one with Pay. */
export function DividendDeclarations() {
  const id = useId();
  const declarations = useDividendDeclarations();
  const rows = declarations.data?.data ?? [];
  return (
    <section aria-labelledby={`${id}-title`} className="grid grid-cols-1 gap-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        Declarations
      </h2>
      <QueryState
        isPending={declarations.isPending}
        errorMessage={
          declarations.isError
            ? failureMessage(declarations.error, 'Failed to fetch dividends')
            : null
        }
        onRetry={() => void declarations.refetch()}
        isEmpty={rows.length === 0}
        emptyMessage="No dividends declared yet"
        loadingLabel="Loading declarations"
      >
        <DataTable
          caption="Dividend declarations"
          columns={declarationColumns}
          rows={rows}
          getRowId={(row) => String(row.dividendYear)}
          getRowLabel={(row) => row.dividendPeriod}
          rowActions={(row) =>
            row.status === 'calculated' ? <PayDialog declaration={row} /> : null
          }
        />
      </QueryState>
    </section>
  );
}
