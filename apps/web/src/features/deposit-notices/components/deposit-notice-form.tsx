import { toIsoDateInTimeZone } from '@coop/shared/dates';
import { DEPOSIT_NOTICE_MESSAGES } from '@coop/shared/deposit-notice-rules';
import { formatNaira } from '@coop/shared/money';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { FormFailure } from '../../../components/form/form-failure';
import { FormField } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { failureMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useSubmitDepositNotice } from '../api/submit-deposit-notice';
import { AmountInput } from '../../../components/ui/amount-input';
import { Form } from '../../../components/form/form';

type DepositNoticeValues = {
  savingsAmount: number;
  shareHoldingAmount: number;
  transferDate: string;
  bankReference: string;
  note?: string | undefined;
};
const FIELDS = ['savingsAmount', 'shareHoldingAmount', 'transferDate', 'bankReference'] as const;

/** An empty amount is none of that part: the member may deposit only savings or only shares. */
const amountValue = (raw: unknown) =>
  typeof raw === 'string' && raw.trim() === '' ? 0 : Number(raw);
const amountField = { setValueAs: amountValue };
const orNothing = (amount: number | undefined) =>
  amount !== undefined && Number.isFinite(amount) ? amount : 0;

/** Tells the cooperative about a transfer: the split, the transfer date and the bank reference. */
export function DepositNoticeForm({ today = toIsoDateInTimeZone(new Date()) }: { today?: string }) {
  const submit = useSubmitDepositNotice();
  const id = useId();
  const [resolver] = useState(() =>
    lazyResolver<DepositNoticeValues>(() =>
      import('./deposit-notice-validation').then((module) => module.depositNoticeResolver(today)),
    ),
  );
  const empty = { transferDate: today, bankReference: '', note: '' };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<DepositNoticeValues>({ resolver, defaultValues: empty });
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [savings, shares] = useWatch({ control, name: ['savingsAmount', 'shareHoldingAmount'] });
  const total = orNothing(savings) + orNothing(shares);

  const onSubmit = ({ note = '', ...values }: DepositNoticeValues) =>
    submit.mutateAsync({ ...values, note, idempotencyKey }).then(
      () => {
        toast.success(DEPOSIT_NOTICE_MESSAGES.submitted, {
          description: DEPOSIT_NOTICE_MESSAGES.submittedDescription,
        });
        reset();
        setIdempotencyKey(crypto.randomUUID());
      },
      (failure: unknown) => {
        // A refusal about a field goes under it; any other is the spec's toast.
        if (applyServerErrors(failure, setError, FIELDS).length > 0) return;
        toast.error(DEPOSIT_NOTICE_MESSAGES.failedTitle, {
          description: failureMessage(failure, DEPOSIT_NOTICE_MESSAGES.failedMessage),
        });
      },
    );

  return (
    <Form submit={handleSubmit(onSubmit)} preload={resolver.preload} className="grid gap-4">
      <FormFailure message={errors.root?.server?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-savings`} label="Savings (₦)" error={errors.savingsAmount?.message}>
          <AmountInput {...register('savingsAmount', amountField)} placeholder="0" />
        </FormField>
        <FormField
          id={`${id}-shares`}
          label="Share Holdings (₦)"
          error={errors.shareHoldingAmount?.message}
        >
          <AmountInput {...register('shareHoldingAmount', amountField)} placeholder="0" />
        </FormField>
        <FormField id={`${id}-date`} label="Transfer date" error={errors.transferDate?.message}>
          <Input type="date" max={today} {...register('transferDate')} />
        </FormField>
        <FormField
          id={`${id}-reference`}
          label="Bank reference"
          error={errors.bankReference?.message}
        >
          <Input
            {...register('bankReference')}
            maxLength={60}
            autoComplete="off"
            placeholder="As shown on your bank's receipt"
          />
        </FormField>
      </div>
      <FormField id={`${id}-note`} label="Note (optional)" error={errors.note?.message}>
        <Textarea maxLength={500} rows={2} {...register('note')} />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Total: <span className="font-semibold text-foreground">{formatNaira(total || 0)}</span>
        </p>
        <SubmitButton isPending={submit.isPending} pendingLabel="Sending...">
          Notify Deposit
        </SubmitButton>
      </div>
    </Form>
  );
}
