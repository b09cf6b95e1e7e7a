import { DIVIDEND_STATUS_DISPLAY } from '@coop/shared/dividend-rules';
import type { DividendDeclaration } from '@coop/shared/dividends';
import { JobProgress } from '../../../../components/job-progress';
import { formatDisplayDate } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { useId, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { SubmitButton } from '../../../../components/form/submit-button';
import { DataTable, type DataTableColumn } from '../../../../components/list/data-table';
import { QueryState } from '../../../../components/list/query-state';
import { Alert, AlertDescription } from '../../../../components/ui/alert';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../../components/ui/dialog';
import { failureMessage } from '../../../../lib/api-client';
import { useDividendDeclarations } from '../../api/get-dividend-declarations';
import { usePayDividend } from '../../api/pay-dividend';
import { formatRate } from './declare-dividend-form';

function PayForm({
  declaration,
  pay,
  onDone,
}: {
  declaration: DividendDeclaration;
  pay: ReturnType<typeof usePayDividend>;
  onDone: () => void;
}) {
  const [key] = useState(() => crypto.randomUUID());
  return (
    <>
      {pay.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            {failureMessage(pay.error, 'The dividend could not be paid')}
          </AlertDescription>
        </Alert>
      ) : null}
      <JobProgress job={pay.job} doing="Paying" unit="members" />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pay.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton
          isPending={pay.isPending}
          pendingLabel="Paying..."
          onClick={() =>
            pay.mutate(
              { year: declaration.dividendYear, key },
              {
                onSuccess: ({ message }) => {
                  toast.success(message ?? `The ${declaration.dividendYear} dividend was paid`);
                  onDone();
                },
              },
            )
          }
        >
          Pay {formatNaira(declaration.amount - declaration.paidAmount)}
        </SubmitButton>
      </DialogFooter>
    </>
  );
}

function PayDialog({ declaration }: { declaration: DividendDeclaration }) {
  const [open, setOpen] = useState(false);
  // The payment's job lives here: the dialog stays open (no Escape, no click outside) while it
  // runs, so its progress and outcome are not lost and Pay is not asked again with a new key.
  const pay = usePayDividend();
  const due = declaration.amount - declaration.paidAmount;
  return (
    <Dialog open={open} onOpenChange={(next) => setOpen(next || pay.isPending)}>
      <DialogTrigger asChild>
        <Button className="md:h-8 md:px-3">
          Pay
          <span className="sr-only"> the FY {declaration.dividendYear} dividend</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-dvh overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Pay the FY {declaration.dividendYear} dividend?</DialogTitle>
          <DialogDescription>
            {formatNaira(due)} goes into the savings of {declaration.members} member
            {declaration.members === 1 ? '' : 's'} today, through the ledger, and each member is
            notified. A payment cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <PayForm declaration={declaration} pay={pay} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
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
