import { formatNaira } from '@coop/shared/money';
import {
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_TYPE_LABELS,
  withdrawalAmountError,
  type WithdrawalType,
} from '@coop/shared/withdrawal-rules';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormField } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { serverFieldMessages } from '../../../lib/apply-server-errors';
import { useRequestWithdrawal } from '../api/withdrawals';

type WithdrawalFormProps = {
  withdrawalType: WithdrawalType;
  available: number;
  onDone: () => void;
};

/** The amount and optional reason (spec §5 "Withdrawal amount"); forgotten when the dialog closes. */
export function WithdrawalForm({ withdrawalType, available, onDone }: WithdrawalFormProps) {
  const request = useRequestWithdrawal();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
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
    request.mutateAsync({ withdrawalType, amount: value, reason, idempotencyKey }).then(
      () => {
        toast.success(WITHDRAWAL_MESSAGES.submitted);
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
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={request.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton isPending={request.isPending} pendingLabel="Submitting...">
          Submit Request
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

type WithdrawalDialogProps = {
  withdrawalType: WithdrawalType | null;
  available: number;
  onClose: () => void;
};

/** Spec §2: the dialog for one type of withdrawal, open while `withdrawalType` is set. */
export function WithdrawalDialog({ withdrawalType, available, onClose }: WithdrawalDialogProps) {
  return (
    <Dialog open={withdrawalType !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {withdrawalType ? (
          <>
            <DialogHeader>
              <DialogTitle>{WITHDRAWAL_TYPE_LABELS[withdrawalType]} withdrawal</DialogTitle>
              <DialogDescription>
                The administrator reviews your request; the money leaves your balance when it is
                approved.
              </DialogDescription>
            </DialogHeader>
            <WithdrawalForm
              withdrawalType={withdrawalType}
              available={available}
              onDone={onClose}
            />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
