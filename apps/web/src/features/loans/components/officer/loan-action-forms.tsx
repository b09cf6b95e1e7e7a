import {
  DISBURSEMENT_METHOD_LABELS,
  DISBURSEMENT_METHODS,
  MANUAL_REPAYMENT_METHODS,
  REPAYMENT_METHOD_LABELS,
} from '@coop/shared/loan-rules';
import type { AdminLoanDetail, AdminRepaymentInput, DisburseLoanInput } from '@coop/shared/loans';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { toast } from '../../../../lib/toast';
import { FormField } from '../../../../components/form/form-field';
import { Alert, AlertDescription } from '../../../../components/ui/alert';
import { Input } from '../../../../components/ui/input';
import { NativeSelect } from '../../../../components/ui/native-select';
import { lazyResolver } from '../../../../lib/lazy-resolver';
import { useApproveDisbursement } from '../../api/approve-disbursement';
import { useDisburseLoan } from '../../api/disburse-loan';
import { useMarkLoanDefaulted } from '../../api/mark-loan-defaulted';
import { useRecordRepayment } from '../../api/record-repayment';
import { useRejectDisbursement } from '../../api/reject-disbursement';
import { ConfirmDialog } from '../../../../components/dialogs/confirm-dialog';
import { FieldsDialog } from '../../../../components/dialogs/fields-dialog';
import { ReasonDialog } from '../../../../components/dialogs/reason-dialog';
import { Button } from '../../../../components/ui/button';

/*
 * The forms inside a loan's action dialogs: disburse, approve a disbursement, a reason (to reject a
 * disbursement or mark the loan defaulted), and record a repayment.
 */

type Detail = AdminLoanDetail;

const today = () => toIsoDateInTimeZone(new Date());

const DISBURSE_FIELDS = ['disbursementDate', 'method'] as const;
const disburseResolver = lazyResolver<DisburseLoanInput>(() =>
  import('./loan-action-validation').then((module) => module.disburseResolver),
);

/**
 * Disburse an approved loan. While it is sent Escape, the overlay and × do nothing: the officer
 * sees whether the money went out (docs/decisions/125-forms.md).
 */
export function DisburseDialog({ detail }: { detail: Detail }) {
  const action = useDisburseLoan();
  return (
    <FieldsDialog<DisburseLoanInput>
      trigger={<Button>Disburse</Button>}
      className="max-h-dvh overflow-y-auto"
      title={`Disburse loan ${detail.loan.loanId}`}
      description={`Pays out ${formatNaira(detail.disbursementAmount)} to ${detail.member.firstName} ${detail.member.lastName}; the repayment schedule starts from the disbursement date.`}
      resolver={disburseResolver}
      defaultValues={() => ({ disbursementDate: today(), method: 'bank_transfer' })}
      fields={DISBURSE_FIELDS}
      texts={{
        submit: detail.needsSecondApproval ? 'Request disbursement' : 'Disburse',
        pending: 'Disbursing...',
        failure: 'The loan could not be disbursed',
        success: 'Disbursed',
      }}
      send={(values, key) =>
        action.mutateAsync({ id: detail.loan.id, idempotencyKey: key, values })
      }
    >
      {({ register, formState: { errors } }, id) => (
        <>
          {detail.needsSecondApproval ? (
            <Alert role="note">
              <AlertDescription>
                {formatNaira(detail.disbursementAmount)} is above the two-signature limit of{' '}
                {formatNaira(detail.secondApprovalAbove)}: another administrator must approve this
                disbursement before the money goes out.
              </AlertDescription>
            </Alert>
          ) : null}
          <FormField
            id={`${id}-date`}
            label="Disbursement date"
            error={errors.disbursementDate?.message}
          >
            <Input type="date" max={today()} required {...register('disbursementDate')} />
          </FormField>
          <FormField id={`${id}-method`} label="Method" error={errors.method?.message}>
            <NativeSelect {...register('method')}>
              {DISBURSEMENT_METHODS.map((value) => (
                <option key={value} value={value}>
                  {DISBURSEMENT_METHOD_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </>
      )}
    </FieldsDialog>
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
          .mutateAsync({ id: detail.loan.id, idempotencyKey: key, reason })
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
          .mutateAsync({ id: detail.loan.id, idempotencyKey: key })
          .then(({ message }) => toast.success(message ?? 'Disbursed'))
      }
    />
  );
}

const REPAYMENT_FIELDS = ['amount', 'paymentDate', 'method', 'reference'] as const;
const repaymentResolver = lazyResolver<AdminRepaymentInput>(() =>
  import('./loan-action-validation').then((module) => module.repaymentResolver),
);

/** Record a repayment by transfer or cash; busy while sent, as the disbursement. */
export function RepaymentDialog({ detail }: { detail: Detail }) {
  const action = useRecordRepayment();
  return (
    <FieldsDialog<AdminRepaymentInput>
      trigger={<Button>Record repayment</Button>}
      className="max-h-dvh overflow-y-auto"
      title="Record a repayment"
      description={`Loan ${detail.loan.loanId}: ${formatNaira(detail.loan.outstandingBalance)} outstanding. Payroll repayments come with the payroll file.`}
      resolver={repaymentResolver}
      defaultValues={() => ({ paymentDate: today(), method: 'bank_transfer', reference: '' })}
      fields={REPAYMENT_FIELDS}
      texts={{
        submit: 'Record repayment',
        pending: 'Recording...',
        failure: 'The repayment could not be recorded',
        success: 'Recorded',
      }}
      send={(values, key) =>
        action.mutateAsync({ id: detail.loan.id, idempotencyKey: key, values })
      }
    >
      {({ register, formState: { errors } }, id) => (
        <>
          <FormField id={`${id}-amount`} label="Amount (₦)" error={errors.amount?.message}>
            <Input
              type="number"
              min={0.01}
              step="0.01"
              inputMode="decimal"
              required
              {...register('amount', { valueAsNumber: true })}
            />
          </FormField>
          <FormField id={`${id}-date`} label="Payment date" error={errors.paymentDate?.message}>
            <Input type="date" max={today()} required {...register('paymentDate')} />
          </FormField>
          <FormField id={`${id}-method`} label="Method" error={errors.method?.message}>
            <NativeSelect {...register('method')}>
              {MANUAL_REPAYMENT_METHODS.map((value) => (
                <option key={value} value={value}>
                  {REPAYMENT_METHOD_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-reference`} label="Reference" error={errors.reference?.message}>
            <Input
              required
              maxLength={100}
              placeholder="Bank or receipt reference"
              {...register('reference')}
            />
          </FormField>
        </>
      )}
    </FieldsDialog>
  );
}
