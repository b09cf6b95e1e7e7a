import {
  ADMIN_LOAN_REASON_MAX_LENGTH,
  ADMIN_LOAN_REASON_MIN_LENGTH,
  DISBURSEMENT_METHOD_LABELS,
  DISBURSEMENT_METHODS,
  MANUAL_REPAYMENT_METHODS,
  REPAYMENT_METHOD_LABELS,
  type DisbursementMethod,
} from '@coop/shared/admin-loan-texts';
import type { AdminLoanDetail } from '@coop/shared/admin-loans';
import { formatDisplayDate, formatDisplayDateTime, toIsoDateInTimeZone } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../../lib/toast';
import { FormField } from '../../../../components/form/form-field';
import { SubmitButton } from '../../../../components/form/submit-button';
import { DataTable, type DataTableColumn } from '../../../../components/list/data-table';
import { Alert, AlertDescription } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
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
import { Input } from '../../../../components/ui/input';
import { NativeSelect } from '../../../../components/ui/native-select';
import { Textarea } from '../../../../components/ui/textarea';
import { adminMemberPath } from '../../../../config/paths';
import { failureMessage, fieldErrors } from '../../../../lib/api-client';
import { useAuth } from '../../../../lib/auth-store';
import { newIdempotencyKey } from '../../../../lib/admin-keys';
import { useLoanAction } from '../../api/officer-loans';
import { StatusBadge } from '../../../../components/ui/status-badge';

type Detail = AdminLoanDetail;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/** A dialog whose form closes it once the action succeeded. */
function ActionDialog({
  trigger,
  title,
  description,
  children,
  variant = 'default',
}: {
  trigger: string;
  title: string;
  description: string;
  children: (close: () => void) => ReactNode;
  variant?: 'default' | 'outline' | 'destructive';
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant}>{trigger}</Button>
      </DialogTrigger>
      <DialogContent className="max-h-dvh overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? children(() => setOpen(false)) : null}
      </DialogContent>
    </Dialog>
  );
}

function FormFooter({
  pending,
  pendingLabel,
  label,
  disabled,
  variant,
}: {
  pending: boolean;
  pendingLabel: string;
  label: string;
  disabled?: boolean;
  variant?: 'destructive';
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <SubmitButton
        isPending={pending}
        pendingLabel={pendingLabel}
        disabled={disabled ?? false}
        {...(variant ? { variant } : {})}
      >
        {label}
      </SubmitButton>
    </DialogFooter>
  );
}

function ActionError({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertDescription>{failureMessage(error, fallback)}</AlertDescription>
    </Alert>
  );
}

const today = () => toIsoDateInTimeZone(new Date());

function DisburseForm({ detail, onDone }: { detail: Detail; onDone: () => void }) {
  const id = useId();
  const action = useLoanAction();
  const [key] = useState(newIdempotencyKey);
  const [date, setDate] = useState(today);
  const [method, setMethod] = useState<DisbursementMethod>('bank_transfer');
  const errors = action.isError ? fieldErrors(action.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate(
      {
        id: detail.loan.id,
        key,
        action: { kind: 'disburse', values: { disbursementDate: date, method } },
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? 'Disbursed');
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-4">
      {detail.needsSecondApproval ? (
        <Alert role="note">
          <AlertDescription>
            {formatNaira(detail.disbursementAmount)} is above the two-signature limit of{' '}
            {formatNaira(detail.secondApprovalAbove)}: another administrator must approve this
            disbursement before the money goes out.
          </AlertDescription>
        </Alert>
      ) : null}
      <FormField id={`${id}-date`} label="Disbursement date" error={errors.disbursementDate}>
        <Input
          type="date"
          value={date}
          max={today()}
          required
          onChange={(e) => setDate(e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-method`} label="Method" error={errors.method}>
        <NativeSelect
          value={method}
          onChange={(e) => setMethod(e.target.value as DisbursementMethod)}
        >
          {DISBURSEMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {DISBURSEMENT_METHOD_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {action.isError && Object.keys(errors).length === 0 ? (
        <ActionError error={action.error} fallback="The loan could not be disbursed" />
      ) : null}
      <FormFooter
        pending={action.isPending}
        pendingLabel="Disbursing..."
        label={detail.needsSecondApproval ? 'Request disbursement' : 'Disburse'}
      />
    </form>
  );
}

function ReasonForm({
  detail,
  kind,
  label,
  pendingLabel,
  fallback,
  onDone,
}: {
  detail: Detail;
  kind: 'reject' | 'default';
  label: string;
  pendingLabel: string;
  fallback: string;
  onDone: () => void;
}) {
  const id = useId();
  const action = useLoanAction();
  const [key] = useState(newIdempotencyKey);
  const [reason, setReason] = useState('');
  const errors = action.isError ? fieldErrors(action.error) : {};
  const ok = reason.trim().length >= ADMIN_LOAN_REASON_MIN_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ok) return;
    action.mutate(
      { id: detail.loan.id, key, action: { kind, values: { reason } } },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? 'Done');
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-4">
      <FormField id={`${id}-reason`} label="Reason" error={errors.reason} describedBy={`${id}-n`}>
        <Textarea
          value={reason}
          rows={4}
          required
          maxLength={ADMIN_LOAN_REASON_MAX_LENGTH}
          onChange={(e) => setReason(e.target.value)}
        />
      </FormField>
      <p id={`${id}-n`} className="-mt-2 text-sm text-muted-foreground">
        {reason.length}/{ADMIN_LOAN_REASON_MAX_LENGTH} characters, at least{' '}
        {ADMIN_LOAN_REASON_MIN_LENGTH}
      </p>
      {action.isError && Object.keys(errors).length === 0 ? (
        <ActionError error={action.error} fallback={fallback} />
      ) : null}
      <FormFooter
        pending={action.isPending}
        pendingLabel={pendingLabel}
        label={label}
        disabled={!ok}
        variant="destructive"
      />
    </form>
  );
}

function ApproveForm({ detail, onDone }: { detail: Detail; onDone: () => void }) {
  const action = useLoanAction();
  const [key] = useState(newIdempotencyKey);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate(
      { id: detail.loan.id, key, action: { kind: 'approve' } },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? 'Disbursed');
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-4">
      {action.isError ? (
        <ActionError error={action.error} fallback="The disbursement could not be approved" />
      ) : null}
      <FormFooter
        pending={action.isPending}
        pendingLabel="Approving..."
        label="Approve and disburse"
      />
    </form>
  );
}

function RepaymentForm({ detail, onDone }: { detail: Detail; onDone: () => void }) {
  const id = useId();
  const action = useLoanAction();
  const [key] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(today);
  const [method, setMethod] = useState<(typeof MANUAL_REPAYMENT_METHODS)[number]>('bank_transfer');
  const [reference, setReference] = useState('');
  const errors = action.isError ? fieldErrors(action.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate(
      {
        id: detail.loan.id,
        key,
        action: {
          kind: 'repay',
          values: { amount: Number(amount), paymentDate: date, method, reference },
        },
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? 'Recorded');
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-4">
      <FormField id={`${id}-amount`} label="Amount (₦)" error={errors.amount}>
        <Input
          type="number"
          min={0.01}
          step="0.01"
          inputMode="decimal"
          required
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-date`} label="Payment date" error={errors.paymentDate}>
        <Input
          type="date"
          value={date}
          max={today()}
          required
          onChange={(e) => setDate(e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-method`} label="Method" error={errors.method}>
        <NativeSelect
          value={method}
          onChange={(e) => setMethod(e.target.value as (typeof MANUAL_REPAYMENT_METHODS)[number])}
        >
          {MANUAL_REPAYMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {REPAYMENT_METHOD_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-reference`} label="Reference" error={errors.reference}>
        <Input
          value={reference}
          required
          maxLength={100}
          placeholder="Bank or receipt reference"
          onChange={(e) => setReference(e.target.value)}
        />
      </FormField>
      {action.isError && Object.keys(errors).length === 0 ? (
        <ActionError error={action.error} fallback="The repayment could not be recorded" />
      ) : null}
      <FormFooter pending={action.isPending} pendingLabel="Recording..." label="Record repayment" />
    </form>
  );
}

function Actions({ detail }: { detail: Detail }) {
  const { user } = useAuth();
  const status = detail.loan.status;
  const pending = detail.disbursementRequests.find((request) => request.status === 'pending');
  const outstanding = formatNaira(detail.loan.outstandingBalance);
  if (status === 'approved' && pending) {
    const mine = pending.requestedBy.id === user?.id;
    return (
      <div className="grid gap-3">
        <Alert role="status">
          <AlertDescription>
            Awaiting a second approval: {pending.requestedBy.name} asked on{' '}
            {formatDisplayDateTime(pending.requestedAt)} to pay out {formatNaira(pending.amount)} by{' '}
            {DISBURSEMENT_METHOD_LABELS[pending.method].toLowerCase()}, dated{' '}
            {formatDisplayDate(pending.disbursementDate)}.
            {mine ? ' Another administrator must approve it.' : ''}
          </AlertDescription>
        </Alert>
        <div className="flex flex-wrap gap-2">
          {mine ? null : (
            <ActionDialog
              trigger="Approve disbursement"
              title="Approve the disbursement"
              description={`Pays out ${formatNaira(pending.amount)} of loan ${detail.loan.loanId} to ${detail.member.firstName} ${detail.member.lastName}, as ${pending.requestedBy.name} asked.`}
            >
              {(close) => <ApproveForm detail={detail} onDone={close} />}
            </ActionDialog>
          )}
          <ActionDialog
            trigger={mine ? 'Withdraw request' : 'Reject disbursement'}
            variant="outline"
            title={`Reject the disbursement of loan ${detail.loan.loanId}`}
            description={`${formatNaira(pending.amount)} to ${detail.member.firstName} ${detail.member.lastName} is not paid out. The loan stays approved, so a corrected disbursement can be made.`}
          >
            {(close) => (
              <ReasonForm
                detail={detail}
                kind="reject"
                label="Reject disbursement"
                pendingLabel="Rejecting..."
                fallback="The disbursement could not be rejected"
                onDone={close}
              />
            )}
          </ActionDialog>
        </div>
      </div>
    );
  }
  if (status === 'approved') {
    return (
      <div className="flex flex-wrap gap-2">
        <ActionDialog
          trigger="Disburse"
          title={`Disburse loan ${detail.loan.loanId}`}
          description={`Pays out ${formatNaira(detail.disbursementAmount)} to ${detail.member.firstName} ${detail.member.lastName}; the repayment schedule starts from the disbursement date.`}
        >
          {(close) => <DisburseForm detail={detail} onDone={close} />}
        </ActionDialog>
      </div>
    );
  }
  if (status === 'disbursed' || status === 'defaulted') {
    return (
      <div className="flex flex-wrap gap-2">
        <ActionDialog
          trigger="Record repayment"
          title="Record a repayment"
          description={`Loan ${detail.loan.loanId}: ${outstanding} outstanding. Payroll repayments come with the payroll file.`}
        >
          {(close) => <RepaymentForm detail={detail} onDone={close} />}
        </ActionDialog>
        {status === 'disbursed' ? (
          <ActionDialog
            trigger="Mark defaulted"
            variant="destructive"
            title={`Mark loan ${detail.loan.loanId} defaulted?`}
            description={`No money moves: ${detail.member.firstName} ${detail.member.lastName} still owes ${outstanding} and cannot borrow, and the guarantors' savings stay frozen. The borrower and guarantors are told.`}
          >
            {(close) => (
              <ReasonForm
                detail={detail}
                kind="default"
                label="Mark defaulted"
                pendingLabel="Marking..."
                fallback="The loan could not be marked defaulted"
                onDone={close}
              />
            )}
          </ActionDialog>
        ) : null}
      </div>
    );
  }
  return null;
}

function Section<Row>({
  title,
  rows,
  columns,
  label,
  empty,
}: {
  title: string;
  rows: readonly Row[];
  columns: readonly DataTableColumn<Row>[];
  label: (row: Row) => string;
  empty: string;
}) {
  const headingId = `loan-section-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section className="grid grid-cols-1 gap-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-xl border bg-card p-4 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <DataTable
          caption={title}
          columns={columns}
          rows={rows}
          getRowId={(row) => String((row as { id?: string | number; month?: number }).id ?? '')}
          getRowLabel={label}
        />
      )}
    </section>
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
            <StatusBadge status={loan.status} />
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
          <Actions detail={detail} />
        </CardContent>
      </Card>

      <Section
        title="Repayment schedule"
        rows={schedule}
        label={(row) => `Instalment ${row.month}`}
        empty="No schedule yet."
        columns={[
          { id: 'month', header: '#', cell: (row) => row.month },
          { id: 'due', header: 'Due', cell: (row) => formatDisplayDate(row.dueDate) },
          {
            id: 'amount',
            header: 'Amount',
            align: 'end',
            cell: (row) => formatNaira(row.totalAmount),
          },
          { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
        ]}
      />
      <Section
        title="Repayments"
        rows={detail.repayments}
        label={(row) => `Repayment of ${formatNaira(row.amount)} on ${row.paymentDate}`}
        empty="No repayments yet."
        columns={[
          { id: 'date', header: 'Date', cell: (row) => formatDisplayDate(row.paymentDate) },
          { id: 'amount', header: 'Amount', align: 'end', cell: (row) => formatNaira(row.amount) },
          {
            id: 'method',
            header: 'Method',
            cell: (row) =>
              `${REPAYMENT_METHOD_LABELS[row.paymentMethod]}${row.reference ? ` · ${row.reference}` : ''}`,
          },
          {
            id: 'balance',
            header: 'Balance after',
            align: 'end',
            cell: (row) => formatNaira(row.newBalance),
          },
          { id: 'by', header: 'Recorded by', cell: (row) => row.recordedBy?.name ?? 'System' },
        ]}
      />
      <Section
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
          {
            id: 'amount',
            header: 'Guarantee',
            align: 'end',
            cell: (row) => formatNaira(row.guaranteeAmount),
          },
          {
            id: 'frozen',
            header: 'Frozen now',
            align: 'end',
            cell: (row) => formatNaira(row.frozenAmount),
          },
          {
            id: 'answer',
            header: 'Answer',
            cell: (row) => (
              <span className="grid gap-1">
                <StatusBadge status={row.replaced ? 'replaced' : row.status} />
                {row.rejectionReason ? (
                  <span className="text-sm text-muted-foreground">{row.rejectionReason}</span>
                ) : null}
              </span>
            ),
          },
        ]}
      />
      <Section
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
              <StatusBadge status={row.decision === 'approve' ? 'approved' : 'rejected'} />
            ),
          },
          { id: 'note', header: 'Note', cell: (row) => row.note ?? '' },
          { id: 'at', header: 'When', cell: (row) => formatDisplayDateTime(row.certifiedAt) },
        ]}
      />
      <Section
        title="Disbursement requests"
        rows={detail.disbursementRequests}
        label={(row) => `Request by ${row.requestedBy.name}`}
        empty="No disbursement needed a second approval."
        columns={[
          { id: 'by', header: 'Requested by', cell: (row) => row.requestedBy.name },
          { id: 'amount', header: 'Amount', align: 'end', cell: (row) => formatNaira(row.amount) },
          { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
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
      <Section
        title="Ledger"
        rows={detail.ledger}
        label={(row) => row.description}
        empty="No money has moved on this loan."
        columns={[
          { id: 'date', header: 'Date', cell: (row) => formatDisplayDate(row.effectiveDate) },
          { id: 'description', header: 'Posting', cell: (row) => row.description },
          {
            id: 'amount',
            header: 'Loan account',
            align: 'end',
            cell: (row) => formatNaira(row.amount),
          },
        ]}
      />
      <Section
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
