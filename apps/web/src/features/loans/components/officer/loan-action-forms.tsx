import {
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
import { failureMessage, fieldErrors } from '../../../../lib/api-client';
import { useApproveDisbursement } from '../../api/approve-disbursement';
import { useDisburseLoan } from '../../api/disburse-loan';
import { useMarkLoanDefaulted } from '../../api/mark-loan-defaulted';
import { useRecordRepayment } from '../../api/record-repayment';
import { useRejectDisbursement } from '../../api/reject-disbursement';
import { ConfirmDialog } from '../../../../components/dialogs/confirm-dialog';
import { DialogActions, DialogFailure } from '../../../../components/dialogs/form-dialog';
import { ReasonDialog } from '../../../../components/dialogs/reason-dialog';
import { Button } from '../../../../components/ui/button';

/*
 * The forms inside a loan's action dialogs: disburse, approve a disbursement, a reason (to reject a
 * disbursement or mark the loan defaulted), and record a repayment.
 */

type Detail = AdminLoanDetail;

const today = () => toIsoDateInTimeZone(new Date());

export function DisburseForm({ detail, onDone }: { detail: Detail; onDone: () => void }) {
  const id = useId();
  const action = useDisburseLoan();
  const [key] = useState(() => crypto.randomUUID());
  const [date, setDate] = useState(today);
  const [method, setMethod] = useState<DisbursementMethod>('bank_transfer');
  const errors = action.isError ? fieldErrors(action.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate(
      {
        id: detail.loan.id,
        key,
        values: { disbursementDate: date, method },
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
      <DialogFailure
        message={
          action.isError && Object.keys(errors).length === 0
            ? failureMessage(action.error, 'The loan could not be disbursed')
            : null
        }
      />
      <DialogActions
        pending={action.isPending}
        pendingLabel="Disbursing..."
        submitLabel={detail.needsSecondApproval ? 'Request disbursement' : 'Disburse'}
      />
    </form>
  );
}

/** A loan decision with a reason the borrower is told (reject a disbursement, mark defaulted). */
export function LoanReasonDialog({
  detail,
  kind,
  trigger,
  title,
  description,
  confirm,
  pending,
  failure,
}: {
  detail: Detail;
  kind: 'reject' | 'default';
  trigger: string;
  title: string;
  description: string;
  confirm: string;
  pending: string;
  failure: string;
}) {
  const rejectDisbursement = useRejectDisbursement();
  const markDefaulted = useMarkLoanDefaulted();
  const action = kind === 'default' ? markDefaulted : rejectDisbursement;
  return (
    <ReasonDialog
      trigger={<Button variant={kind === 'default' ? 'destructive' : 'outline'}>{trigger}</Button>}
      className="max-h-dvh overflow-y-auto"
      title={title}
      description={description}
      kind="loanDecision"
      rows={4}
      texts={{ label: 'Reason', confirm, pending, failure, variant: 'destructive' }}
      onConfirm={(reason, key) =>
        action
          .mutateAsync({ id: detail.loan.id, key, reason })
          .then(({ message }) => toast.success(message ?? 'Done'))
      }
    />
  );
}

/** The second officer's approval of a disbursement above the two-signature limit. */
export function ApproveDisbursementDialog({
  detail,
  description,
}: {
  detail: Detail;
  description: string;
}) {
  const action = useApproveDisbursement();
  return (
    <ConfirmDialog
      trigger={<Button>Approve disbursement</Button>}
      className="max-h-dvh overflow-y-auto"
      title="Approve the disbursement"
      description={description}
      texts={{
        confirm: 'Approve and disburse',
        pending: 'Approving...',
        failure: 'The disbursement could not be approved',
      }}
      onConfirm={(key) =>
        action
          .mutateAsync({ id: detail.loan.id, key })
          .then(({ message }) => toast.success(message ?? 'Disbursed'))
      }
    />
  );
}

export function RepaymentForm({ detail, onDone }: { detail: Detail; onDone: () => void }) {
  const id = useId();
  const action = useRecordRepayment();
  const [key] = useState(() => crypto.randomUUID());
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
        values: { amount: Number(amount), paymentDate: date, method, reference },
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
      <DialogFailure
        message={
          action.isError && Object.keys(errors).length === 0
            ? failureMessage(action.error, 'The repayment could not be recorded')
            : null
        }
      />
      <DialogActions
        pending={action.isPending}
        pendingLabel="Recording..."
        submitLabel="Record repayment"
      />
    </form>
  );
}
