import {
  GUARANTOR_STATUS_DISPLAY,
  LOAN_MESSAGES,
  REPAYMENT_STATUS_DISPLAY,
  SCHEDULE_ITEM_STATUS_DISPLAY,
  loanStatusLabel,
} from '@coop/shared/loan-rules';
import type { Loan, LoanGuarantor } from '@coop/shared/loans';
import { useId } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/list/data-table';
import { LoanTimeline } from '../../../components/loan-timeline';
import { Button } from '../../../components/ui/button';
import { displayDate, naira } from './loan-format';
import { StatusBadge } from '../../../components/ui/status-badge';

type ScheduleItem = Loan['repaymentSchedule']['scheduleItems'][number];
type RepaymentRecord = Loan['repaymentRecords'][number];

/** Before disbursement a loan owes nothing; its outstanding balance is not a figure yet. */
const OWES_NOTHING_YET: ReadonlySet<Loan['status']> = new Set([
  'pending',
  'under_review',
  'approved',
  'rejected',
]);

const SCHEDULE_COLUMNS: readonly DataTableColumn<ScheduleItem>[] = [
  { id: 'month', header: 'Month', cell: (item) => item.month },
  { id: 'due', header: 'Due date', cell: (item) => displayDate(item.dueDate) },
  {
    id: 'principal',
    header: 'Principal',
    align: 'end',
    cell: (item) => naira(item.principalAmount),
  },
  { id: 'interest', header: 'Interest', align: 'end', cell: (item) => naira(item.interestAmount) },
  { id: 'total', header: 'Total', align: 'end', cell: (item) => naira(item.totalAmount) },
  { id: 'balance', header: 'Balance', align: 'end', cell: (item) => naira(item.remainingBalance) },
  {
    id: 'status',
    header: 'Status',
    cell: (item) => <StatusBadge of={SCHEDULE_ITEM_STATUS_DISPLAY} status={item.status} />,
  },
];

const HISTORY_COLUMNS: readonly DataTableColumn<RepaymentRecord>[] = [
  { id: 'date', header: 'Date', cell: (record) => displayDate(record.paymentDate) },
  { id: 'amount', header: 'Amount', align: 'end', cell: (record) => naira(record.amount) },
  {
    id: 'method',
    header: 'Method',
    cell: (record) =>
      `${loanStatusLabel(record.paymentMethod)}${record.bankDetails ? ` (${record.bankDetails.bankName})` : ''}`,
  },
  {
    id: 'type',
    header: 'Type',
    cell: (record) => (
      <>
        {loanStatusLabel(record.repaymentType)}
        {record.isEarlyPayment ? (
          <span className="ml-1 text-xs text-success">Early payment</span>
        ) : null}
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (record) => <StatusBadge of={REPAYMENT_STATUS_DISPLAY} status={record.status} />,
  },
  {
    id: 'after',
    header: 'Balance after',
    align: 'end',
    cell: (record) => naira(record.newBalance),
  },
];

/** A guarantor who declined a pending loan, on a place never reassigned before (once per place). */
export function canReassign(guarantor: LoanGuarantor, loan: Loan): boolean {
  return guarantor.status === 'rejected' && !guarantor.isReplacement && loan.status === 'pending';
}
export function LoanDetails({
  loan,
  onReassign,
}: {
  loan: Loan;
  onReassign: (guarantor: LoanGuarantor, loan: Loan) => void;
}) {
  const facts = [
    ['Requested amount', naira(loan.requestedAmount)],
    ['Approved amount', naira(loan.approvedAmount)],
    ['Term', `${loan.repaymentTermMonths} months`],
    ['Interest rate', `${Math.round(loan.interestRate)}%`],
    ['Monthly payment', naira(loan.monthlyPayment)],
    ['Total repayment', naira(loan.totalRepayment)],
    // Nothing is owed before the money is paid out: say so rather than show ₦0.
    [
      'Outstanding balance',
      OWES_NOTHING_YET.has(loan.status)
        ? 'Nothing yet: starts when the loan is paid out'
        : naira(loan.outstandingBalance),
    ],
  ];
  const headingId = useId();
  return (
    <section
      id={`loan-details-${loan.id}`}
      aria-labelledby={headingId}
      className="grid gap-4 border-t pt-4 text-sm md:border-t-0"
    >
      <h3 id={headingId} className="sr-only">
        Details of {loan.loanId}
      </h3>
      <dl className="grid grid-cols-2 gap-2 md:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <section className="grid gap-2">
        <h3 className="font-medium">Progress</h3>
        <LoanTimeline loan={loan} />
      </section>
      <section>
        <h3 className="mb-2 font-medium">Guarantors</h3>
        <ul className="grid gap-2">
          {loan.guarantors.map((g) => (
            <li
              key={g.id}
              className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 rounded-lg border p-3 md:flex md:flex-wrap md:rounded-none md:border-0 md:p-0"
            >
              <span className="font-medium">
                {g.firstName} {g.lastName}
              </span>
              <span className="justify-self-end md:order-last">
                <StatusBadge of={GUARANTOR_STATUS_DISPLAY} status={g.status} />
              </span>
              <span className="col-span-2 truncate text-muted-foreground">{g.email}</span>
              <span className="font-medium tabular-nums">{naira(g.guaranteeAmount)}</span>
              {canReassign(g, loan) ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  className="justify-self-end md:order-last"
                  onClick={() => onReassign(g, loan)}
                >
                  Reassign
                  <span className="sr-only">
                    {' '}
                    {g.firstName} {g.lastName}
                  </span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section className="grid gap-2">
        <h3 className="font-medium">Repayment schedule</h3>
        {/* The balance runs down the total repayment, so it starts above the amount borrowed. */}
        <p className="text-muted-foreground">{LOAN_MESSAGES.scheduleBalance}</p>
        <DataTable
          caption={`Repayment schedule of ${loan.loanId}`}
          columns={SCHEDULE_COLUMNS}
          rows={loan.repaymentSchedule.scheduleItems}
          getRowId={(item) => String(item.month)}
          getRowLabel={(item) => `Instalment ${item.month}`}
        />
      </section>
      <section className="grid gap-2">
        <h3 className="font-medium">Repayment history</h3>
        {loan.repaymentRecords.length === 0 ? (
          <p className="text-muted-foreground">No repayments yet.</p>
        ) : (
          <DataTable
            caption={`Repayment history of ${loan.loanId}`}
            columns={HISTORY_COLUMNS}
            rows={loan.repaymentRecords}
            getRowId={(record) => record.id}
            getRowLabel={(record) => `Repayment of ${displayDate(record.paymentDate)}`}
          />
        )}
      </section>
    </section>
  );
}
