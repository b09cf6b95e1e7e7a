import {
  ADMIN_LOAN_REASON_MAX_LENGTH,
  ADMIN_LOAN_REASON_MIN_LENGTH,
  DISBURSEMENT_METHOD_LABELS,
  DISBURSEMENT_METHODS,
  type DisbursementMethod,
  MANUAL_REPAYMENT_METHODS,
  REPAYMENT_METHOD_LABELS,
} from '@coop/shared/loan-rules';
import type { AdminLoanDetail } from '@coop/shared/loans';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../../lib/toast';
import { FormField } from '../../../../components/form/form-field';
import { Alert, AlertDescription } from '../../../../components/ui/alert';
import { Input } from '../../../../components/ui/input';
import { NativeSelect } from '../../../../components/ui/native-select';
import { Textarea } from '../../../../components/ui/textarea';
import { fieldErrors } from '../../../../lib/api-client';
import { newIdempotencyKey } from '../../../../lib/admin-keys';
import { useLoanAction } from '../../api/officer-loans';
import { FormFooter, ActionError } from './loan-action-dialog';

/*
 * The forms inside a loan's action dialogs: disburse, approve a disbursement, a reason (to reject a
 * disbursement or mark the loan defaulted), and record a repayment.
 */

type Detail = AdminLoanDetail;

const today = () => toIsoDateInTimeZone(new Date());

export function DisburseForm({ detail, onDone }: { detail: Detail; onDone: () => void }) {
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

export function ReasonForm({
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

export function ApproveForm({ detail, onDone }: { detail: Detail; onDone: () => void }) {
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

export function RepaymentForm({ detail, onDone }: { detail: Detail; onDone: () => void }) {
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
