import {
  CERTIFICATION_DECISION_DISPLAY,
  DISBURSEMENT_METHOD_LABELS,
  DISBURSEMENT_REQUEST_STATUS_DISPLAY,
  GUARANTOR_STATUS_DISPLAY,
  LOAN_STATUS_DISPLAY,
  REPAYMENT_METHOD_LABELS,
  SCHEDULE_ITEM_STATUS_DISPLAY,
} from '@coop/shared/loan-rules';
import type { AdminLoanDetail } from '@coop/shared/loans';
import { formatDisplayDate, formatDisplayDateTime } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { adminMemberPath } from '../../../../config/paths';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { LoanActions } from './loan-actions';
import { moneyColumn, statusColumn } from '../../../../components/list/columns';
import { RecordSection } from '../../../../components/list/record-section';

type Detail = AdminLoanDetail;

/** A row of one of the loan's lists. */
type RowOf<K extends 'repayments' | 'guarantors' | 'disbursementRequests' | 'ledger'> =
  Detail[K][number];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}

type ScheduleRow = Detail['loan']['repaymentSchedule']['scheduleItems'][number] & { id: string };

/** One loan's full history and the administrator's actions on it. */
export function LoanHistory({ detail }: { detail: Detail }) {
  const { loan, member } = detail;
  const schedule: ScheduleRow[] = loan.repaymentSchedule.scheduleItems.map((item) => ({
    ...item,
    id: String(item.month),
  }));
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            <StatusBadge of={LOAN_STATUS_DISPLAY} status={loan.status} />
            <Link
              className="text-base font-medium text-primary underline-offset-4 hover:underline"
              to={adminMemberPath(member.id)}
            >
              {member.firstName} {member.lastName} ({member.membershipId})
            </Link>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-sm">{loan.purpose}</p>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <Fact label="Requested">{formatNaira(loan.requestedAmount)}</Fact>
            <Fact label="Paid out">{formatNaira(detail.disbursementAmount)}</Fact>
            <Fact label="Fees">{formatNaira(detail.fees)}</Fact>
            <Fact label="Term">{loan.repaymentTermMonths} months</Fact>
            <Fact label="Monthly payment">{formatNaira(loan.monthlyPayment)}</Fact>
            <Fact label="Total repayment">{formatNaira(loan.totalRepayment)}</Fact>
            <Fact label="Outstanding">{formatNaira(loan.outstandingBalance)}</Fact>
            <Fact label="Requested on">{formatDisplayDateTime(loan.requestDate)}</Fact>
            {detail.disbursement ? (
              <>
                <Fact label="Disbursed">
                  {formatDisplayDateTime(detail.disbursement.disbursedAt)}
                </Fact>
                <Fact label="Disbursed by">
                  {detail.disbursement.disbursedBy?.name ?? 'System'}
                </Fact>
                <Fact label="Method">
                  {detail.disbursement.method ? (
                    DISBURSEMENT_METHOD_LABELS[detail.disbursement.method]
                  ) : (
                    // Disbursed before the back office recorded methods (decision 085).
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">Not recorded</span>
                    </>
                  )}
                </Fact>
              </>
            ) : null}
          </dl>
          <LoanActions detail={detail} />
        </CardContent>
      </Card>

      <RecordSection<ScheduleRow>
        title="Repayment schedule"
        rows={schedule}
        label={(row) => `Instalment ${row.month}`}
        empty="No schedule yet."
        columns={[
          { id: 'month', header: '#', cell: (row) => row.month },
          { id: 'due', header: 'Due', cell: (row) => formatDisplayDate(row.dueDate) },
          moneyColumn('amount', 'Amount', (row) => row.totalAmount),
          statusColumn(SCHEDULE_ITEM_STATUS_DISPLAY, (row) => row.status),
        ]}
      />
      <RecordSection<RowOf<'repayments'>>
        title="Repayments"
        rows={detail.repayments}
        label={(row) => `Repayment of ${formatNaira(row.amount)} on ${row.paymentDate}`}
        empty="No repayments yet."
        columns={[
          { id: 'date', header: 'Date', cell: (row) => formatDisplayDate(row.paymentDate) },
          moneyColumn('amount', 'Amount', (row) => row.amount),
          {
            id: 'method',
            header: 'Method',
            cell: (row) =>
              `${REPAYMENT_METHOD_LABELS[row.paymentMethod]}${row.reference ? ` · ${row.reference}` : ''}`,
          },
          moneyColumn('balance', 'Balance after', (row) => row.newBalance),
          { id: 'by', header: 'Recorded by', cell: (row) => row.recordedBy?.name ?? 'System' },
        ]}
      />
      <RecordSection<RowOf<'guarantors'>>
        title="Guarantors"
        rows={detail.guarantors}
        label={(row) => `${row.member.firstName} ${row.member.lastName}`}
        empty="No guarantors."
        columns={[
          {
            id: 'member',
            header: 'Guarantor',
            cell: (row) => (
              <Link
                className="underline-offset-4 hover:underline"
                to={adminMemberPath(row.member.id)}
              >
                {row.member.firstName} {row.member.lastName}
              </Link>
            ),
          },
          moneyColumn('amount', 'Guarantee', (row) => row.guaranteeAmount),
          moneyColumn('frozen', 'Frozen now', (row) => row.frozenAmount),
          {
            id: 'answer',
            header: 'Answer',
            cell: (row) => (
              <span className="grid gap-1">
                <StatusBadge
                  of={GUARANTOR_STATUS_DISPLAY}
                  status={row.replaced ? 'replaced' : row.status}
                />
                {row.rejectionReason ? (
                  <span className="text-sm text-muted-foreground">{row.rejectionReason}</span>
                ) : null}
              </span>
            ),
          },
        ]}
      />
      <RecordSection
        title="Certifications"
        rows={detail.certifications}
        label={(row) => `${row.reviewer.name}: ${row.decision}`}
        empty="No reviewer has certified this loan yet."
        columns={[
          { id: 'reviewer', header: 'Reviewer', cell: (row) => row.reviewer.name },
          {
            id: 'decision',
            header: 'Decision',
            cell: (row) => (
              <StatusBadge of={CERTIFICATION_DECISION_DISPLAY} status={row.decision} />
            ),
          },
          { id: 'note', header: 'Note', cell: (row) => row.note ?? '' },
          { id: 'at', header: 'When', cell: (row) => formatDisplayDateTime(row.certifiedAt) },
        ]}
      />
      <RecordSection<RowOf<'disbursementRequests'>>
        title="Disbursement requests"
        rows={detail.disbursementRequests}
        label={(row) => `Request by ${row.requestedBy.name}`}
        empty="No disbursement needed a second approval."
        columns={[
          { id: 'by', header: 'Requested by', cell: (row) => row.requestedBy.name },
          moneyColumn('amount', 'Amount', (row) => row.amount),
          statusColumn(DISBURSEMENT_REQUEST_STATUS_DISPLAY, (row) => row.status),
          {
            id: 'decided',
            header: 'Decided by',
            cell: (row) =>
              row.decidedBy
                ? `${row.decidedBy.name}${row.rejectionReason ? `: ${row.rejectionReason}` : ''}`
                : '',
          },
        ]}
      />
      <RecordSection<RowOf<'ledger'>>
        title="Ledger"
        rows={detail.ledger}
        label={(row) => row.description}
        empty="No money has moved on this loan."
        columns={[
          { id: 'date', header: 'Date', cell: (row) => formatDisplayDate(row.effectiveDate) },
          { id: 'description', header: 'Posting', cell: (row) => row.description },
          moneyColumn('amount', 'Loan account', (row) => row.amount),
        ]}
      />
      <RecordSection
        title="Audit trail"
        rows={detail.audit}
        label={(row) => row.action}
        empty="No audit rows."
        columns={[
          { id: 'at', header: 'When', cell: (row) => formatDisplayDateTime(row.occurredAt) },
          { id: 'action', header: 'Action', cell: (row) => <code>{row.action}</code> },
          { id: 'actor', header: 'By', cell: (row) => row.actor?.name ?? 'System' },
        ]}
      />
    </div>
  );
}
