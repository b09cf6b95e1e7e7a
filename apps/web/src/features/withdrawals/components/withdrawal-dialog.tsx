import { formatDisplayDate } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import {
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_TYPE_LABELS,
  withdrawalAmountError,
  type WithdrawalType,
} from '@coop/shared/withdrawal-rules';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form/form-field';
import { DialogActions, FormDialog } from '../../../components/dialogs/form-dialog';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { serverFieldMessages } from '../../../lib/apply-server-errors';
import type { Withdrawal } from '@coop/shared/withdrawals';
import { useChangeWithdrawal } from '../api/change-withdrawal';
import { useRequestWithdrawal } from '../api/request-withdrawal';

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
  const [amount, setAmount] = useState(changing ? String(changing.requestedAmount) : '');
  const [reason, setReason] = useState(changing?.reason ?? '');
  const [error, setError] = useState<string | undefined>();
  // One key per dialog: a retry of the same submission is never a second request.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = amount.trim() === '' ? Number.NaN : Number(amount);
    const problem = withdrawalAmountError(value, available);
    setError(problem ?? undefined);
    if (problem) return;
    // The promise, not mutate()'s callbacks: the success refetches eligibility, which can close
    // this dialog (on /withdrawals/new) before per-call callbacks run, and React Query skips
    // those of an unmounted caller; the toast and the way back must still happen.
    const sent = changing
      ? change.mutateAsync({ id: changing.id, amount: value, reason })
      : request.mutateAsync({ withdrawalType, amount: value, reason, idempotencyKey });
    sent.then(
      () => {
        toast.success(changing ? WITHDRAWAL_MESSAGES.updated : WITHDRAWAL_MESSAGES.submitted);
        onDone();
      },
      (failure: unknown) => {
        const fields = serverFieldMessages(failure, ['amount'] as const);
        if (fields.amount) setError(fields.amount);
        else
          toast.error(WITHDRAWAL_MESSAGES.failedTitle, {
            description: WITHDRAWAL_MESSAGES.failedMessage,
          });
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <FormField id={`${id}-amount`} label="Amount (₦)" error={error}>
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setError(undefined);
          }}
          placeholder="e.g. 50000"
        />
      </FormField>
      <p className="-mt-2 text-sm text-muted-foreground">Available: {formatNaira(available)}</p>
      <FormField id={`${id}-reason`} label="Reason (optional)">
        <Textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          rows={3}
        />
      </FormField>
      <DialogActions
        submitLabel={changing ? 'Save Changes' : 'Submit Request'}
        pendingLabel={changing ? 'Saving...' : 'Submitting...'}
        pending={isPending}
      />
    </form>
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
