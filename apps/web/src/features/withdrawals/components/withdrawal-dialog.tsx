import { formatDisplayDate } from '@coop/shared/dates';
import { formatNaira, koboToNaira, nairaToKobo } from '@coop/shared/money';
import {
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_TYPE_LABELS,
  type WithdrawalType,
} from '@coop/shared/withdrawal-rules';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/form/form-field';
import { FieldsDialog } from '../../../components/dialogs/fields-dialog';
import { Textarea } from '../../../components/ui/textarea';
import { lazyResolver } from '../../../lib/lazy-resolver';
import type { Withdrawal } from '@coop/shared/withdrawals';
import { useChangeWithdrawal } from '../api/change-withdrawal';
import { useRequestWithdrawal } from '../api/request-withdrawal';
import { AmountInput } from '../../../components/ui/amount-input';
import { BalanceAfter } from '../../../components/ui/balance-after';
import type { WithdrawalFormContext } from './withdrawal-validation';

type WithdrawalValues = { amount: number; reason?: string | undefined };

/** What stays available once the amount is held; none until the amount is one that may be asked. */
function afterRequest(available: number, amount: number | undefined): number | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || amount > available)
    return null;
  return koboToNaira(nairaToKobo(available) - nairaToKobo(amount));
}
const FIELDS = ['amount', 'reason'] as const;
const resolver = lazyResolver<WithdrawalValues, WithdrawalValues, WithdrawalFormContext>(() =>
  import('./withdrawal-validation').then((module) => module.withdrawalResolver),
);

/** The amount (with what stays available once it is held) and the optional reason. */
function WithdrawalFields({
  form: {
    register,
    control,
    formState: { errors },
  },
  id,
  withdrawalType,
  available,
}: {
  form: UseFormReturn<WithdrawalValues, WithdrawalFormContext>;
  id: string;
  withdrawalType: WithdrawalType;
  available: number;
}) {
  const amount = useWatch({ control, name: 'amount' });
  return (
    <>
      <FormField id={`${id}-amount`} label="Amount (₦)" error={errors.amount?.message}>
        <AmountInput placeholder="e.g. 50000" {...register('amount', { valueAsNumber: true })} />
      </FormField>
      <BalanceAfter
        label={`Available ${withdrawalType === 'savings' ? 'savings' : 'share holding'}`}
        before={available}
        after={afterRequest(available, amount)}
        afterLabel="Left after this request"
      />
      <FormField id={`${id}-reason`} label="Reason (optional)" error={errors.reason?.message}>
        <Textarea maxLength={500} rows={3} {...register('reason')} />
      </FormField>
    </>
  );
}

type WithdrawalDialogProps = {
  withdrawalType: WithdrawalType | null;
  /** What may be asked for: for a change, what is available plus the request's own amount. */
  available: number;
  /** The pending request being changed; absent for a new one. */
  changing?: Withdrawal | undefined;
  onClose: () => void;
};

/**
 * The dialog for one type of withdrawal, open while `withdrawalType` is set: the amount and
 * optional reason (docs/member-portal.md §5 "Withdrawal amount"), checked against what is
 * available (the form's context); with `changing`, it changes that pending request under the same
 * rules. A refusal about a field goes under it; any other is the spec's toast.
 */
export function WithdrawalDialog({
  withdrawalType,
  available,
  changing,
  onClose,
}: WithdrawalDialogProps) {
  const request = useRequestWithdrawal();
  const change = useChangeWithdrawal();
  return (
    <FieldsDialog<WithdrawalValues, WithdrawalFormContext>
      open={withdrawalType !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        withdrawalType
          ? changing
            ? `Change ${WITHDRAWAL_TYPE_LABELS[withdrawalType].toLowerCase()} withdrawal request`
            : `${WITHDRAWAL_TYPE_LABELS[withdrawalType]} withdrawal`
          : ''
      }
      description={
        changing
          ? `Requested on ${formatDisplayDate(changing.requestDate)} for ${formatNaira(changing.requestedAmount)}. The amount held for it moves to the new amount.`
          : 'The administrator reviews your request; the money leaves your balance when it is approved.'
      }
      resolver={resolver}
      context={{ available }}
      defaultValues={
        changing
          ? { amount: changing.requestedAmount, reason: changing.reason ?? '' }
          : { reason: '' }
      }
      fields={FIELDS}
      texts={{
        submit: changing ? 'Save Changes' : 'Submit Request',
        pending: changing ? 'Saving...' : 'Submitting...',
        failure: {
          title: WITHDRAWAL_MESSAGES.failedTitle,
          description: WITHDRAWAL_MESSAGES.failedMessage,
        },
        success: () => ({
          title: changing ? WITHDRAWAL_MESSAGES.updated : WITHDRAWAL_MESSAGES.submitted,
        }),
      }}
      send={({ amount, reason = '' }, idempotencyKey) => {
        if (changing) return change.mutateAsync({ id: changing.id, amount, reason });
        // Sent only from the open dialog, and it is open only while a type is chosen.
        if (withdrawalType === null) return Promise.reject(new Error('No withdrawal type chosen'));
        return request.mutateAsync({ withdrawalType, amount, reason, idempotencyKey });
      }}
    >
      {(form, id) =>
        withdrawalType ? (
          <WithdrawalFields
            form={form}
            id={id}
            withdrawalType={withdrawalType}
            available={available}
          />
        ) : null
      }
    </FieldsDialog>
  );
}
