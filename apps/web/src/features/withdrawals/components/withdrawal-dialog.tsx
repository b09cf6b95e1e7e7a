import { formatDisplayDate } from '@coop/shared/dates';
import { formatNaira, koboToNaira, nairaToKobo } from '@coop/shared/money';
import {
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_TYPE_LABELS,
  type WithdrawalType,
} from '@coop/shared/withdrawal-rules';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form/form-field';
import { DialogActions, DialogFailure, FormDialog } from '../../../components/dialogs/form-dialog';
import { Textarea } from '../../../components/ui/textarea';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import type { Withdrawal } from '@coop/shared/withdrawals';
import { useChangeWithdrawal } from '../api/change-withdrawal';
import { useRequestWithdrawal } from '../api/request-withdrawal';
import { AmountInput } from '../../../components/ui/amount-input';
import { BalanceAfter } from '../../../components/ui/balance-after';
import { Form } from '../../../components/form/form';

type WithdrawalValues = { amount: number; reason?: string | undefined };

/** What stays available once the amount is held; none until the amount is one that may be asked. */
function afterRequest(available: number, amount: number | undefined): number | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || amount > available)
    return null;
  return koboToNaira(nairaToKobo(available) - nairaToKobo(amount));
}
const FIELDS = ['amount', 'reason'] as const;

type WithdrawalFormProps = {
  withdrawalType: WithdrawalType;
  /** What may be asked for: for a change, what is available plus the request's own amount. */
  available: number;
  /** The pending request being changed; absent for a new one. */
  changing?: Withdrawal | undefined;
  onDone: () => void;
};

/**
 * The amount and optional reason (docs/member-portal.md §5 "Withdrawal amount"), for a new request
 * or a change of a pending one under the same rules; forgotten when the dialog closes.
 */
export function WithdrawalForm({
  withdrawalType,
  available,
  changing,
  onDone,
}: WithdrawalFormProps) {
  const request = useRequestWithdrawal();
  const change = useChangeWithdrawal();
  const isPending = request.isPending || change.isPending;
  const [resolver] = useState(() =>
    lazyResolver<WithdrawalValues>(() =>
      import('./withdrawal-validation').then((module) => module.withdrawalResolver(available)),
    ),
  );
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<WithdrawalValues>({
    resolver,
    defaultValues: changing
      ? { amount: changing.requestedAmount, reason: changing.reason ?? '' }
      : { reason: '' },
  });
  const amount = useWatch({ control, name: 'amount' });
  // One key per dialog: a retry of the same submission is never a second request.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const id = useId();

  const onSubmit = ({ amount, reason = '' }: WithdrawalValues) => {
    // The promise, not mutate()'s callbacks: the success refetches eligibility, which can close
    // this dialog (on /withdrawals/new) before per-call callbacks run, and React Query skips
    // those of an unmounted caller; the toast and the way back must still happen.
    const sent = changing
      ? change.mutateAsync({ id: changing.id, amount, reason })
      : request.mutateAsync({ withdrawalType, amount, reason, idempotencyKey });
    sent.then(
      () => {
        toast.success(changing ? WITHDRAWAL_MESSAGES.updated : WITHDRAWAL_MESSAGES.submitted);
        onDone();
      },
      (failure: unknown) => {
        // A refusal about a field goes under it; any other is the spec's toast.
        if (applyServerErrors(failure, setError, FIELDS).length > 0) return;
        toast.error(WITHDRAWAL_MESSAGES.failedTitle, {
          description: WITHDRAWAL_MESSAGES.failedMessage,
        });
      },
    );
  };

  return (
    <Form submit={handleSubmit(onSubmit)} preload={resolver.preload} className="grid gap-4">
      <DialogFailure message={errors.root?.server?.message} />
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
      <DialogActions
        submitLabel={changing ? 'Save Changes' : 'Submit Request'}
        pendingLabel={changing ? 'Saving...' : 'Submitting...'}
        pending={isPending}
      />
    </Form>
  );
}

type WithdrawalDialogProps = {
  withdrawalType: WithdrawalType | null;
  available: number;
  /** The pending request being changed; absent for a new one. */
  changing?: Withdrawal | undefined;
  onClose: () => void;
};

/**
 * docs/member-portal.md §2: the dialog for one type of withdrawal, open while `withdrawalType` is
 * set; with
 * `changing`, it changes that pending request.
 */
export function WithdrawalDialog({
  withdrawalType,
  available,
  changing,
  onClose,
}: WithdrawalDialogProps) {
  return (
    <FormDialog
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
    >
      {withdrawalType ? (
        <WithdrawalForm
          key={changing?.id ?? 'new'}
          withdrawalType={withdrawalType}
          available={available}
          changing={changing}
          onDone={onClose}
        />
      ) : null}
    </FormDialog>
  );
}
