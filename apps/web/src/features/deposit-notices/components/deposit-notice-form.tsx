import { toIsoDateInTimeZone } from '@coop/shared/dates';
import {
  DEPOSIT_NOTICE_MESSAGES,
  depositNoticeErrors,
  type DepositNoticeFormValues,
} from '@coop/shared/deposit-notice-rules';
import { formatNaira } from '@coop/shared/money';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { failureMessage } from '../../../lib/api-client';
import { serverFieldMessages } from '../../../lib/apply-server-errors';
import { useSubmitDepositNotice } from '../api/submit-deposit-notice';

type Field = keyof DepositNoticeFormValues;
const FIELDS: readonly Field[] = [
  'savingsAmount',
  'shareHoldingAmount',
  'transferDate',
  'bankReference',
];

const toNumber = (raw: string) => (raw.trim() === '' ? 0 : Number(raw));

/** Tells the cooperative about a transfer: the split, the transfer date and the bank reference. */
export function DepositNoticeForm({ today = toIsoDateInTimeZone(new Date()) }: { today?: string }) {
  const submit = useSubmitDepositNotice();
  const id = useId();
  const [values, setValues] = useState({
    savingsAmount: '',
    shareHoldingAmount: '',
    transferDate: today,
    bankReference: '',
    note: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const total = toNumber(values.savingsAmount) + toNumber(values.shareHoldingAmount);

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = {
      savingsAmount: toNumber(values.savingsAmount),
      shareHoldingAmount: toNumber(values.shareHoldingAmount),
      transferDate: values.transferDate,
      bankReference: values.bankReference,
    };
    const problems = depositNoticeErrors(parsed, today);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    submit.mutate(
      { ...parsed, note: values.note, idempotencyKey },
      {
        onSuccess: () => {
          toast.success(DEPOSIT_NOTICE_MESSAGES.submitted, {
            description: DEPOSIT_NOTICE_MESSAGES.submittedDescription,
          });
          setValues({
            savingsAmount: '',
            shareHoldingAmount: '',
            transferDate: today,
            bankReference: '',
            note: '',
          });
          setIdempotencyKey(crypto.randomUUID());
        },
        onError: (failure) => {
          const fields = serverFieldMessages(failure, FIELDS);
          if (Object.keys(fields).length > 0) setErrors(fields);
          else
            toast.error(DEPOSIT_NOTICE_MESSAGES.failedTitle, {
              description: failureMessage(failure, DEPOSIT_NOTICE_MESSAGES.failedMessage),
            });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-savings`} label="Savings (₦)" error={errors.savingsAmount}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={values.savingsAmount}
            onChange={(event) => set('savingsAmount')(event.target.value)}
            placeholder="0"
          />
        </FormField>
        <FormField id={`${id}-shares`} label="Share Holdings (₦)" error={errors.shareHoldingAmount}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={values.shareHoldingAmount}
            onChange={(event) => set('shareHoldingAmount')(event.target.value)}
            placeholder="0"
          />
        </FormField>
        <FormField id={`${id}-date`} label="Transfer date" error={errors.transferDate}>
          <Input
            type="date"
            max={today}
            value={values.transferDate}
            onChange={(event) => set('transferDate')(event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-reference`} label="Bank reference" error={errors.bankReference}>
          <Input
            value={values.bankReference}
            onChange={(event) => set('bankReference')(event.target.value)}
            maxLength={60}
            autoComplete="off"
            placeholder="As shown on your bank's receipt"
          />
        </FormField>
      </div>
      <FormField id={`${id}-note`} label="Note (optional)">
        <Textarea
          value={values.note}
          onChange={(event) => set('note')(event.target.value)}
          maxLength={500}
          rows={2}
        />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Total: <span className="font-semibold text-foreground">{formatNaira(total || 0)}</span>
        </p>
        <SubmitButton isPending={submit.isPending} pendingLabel="Sending...">
          Notify Deposit
        </SubmitButton>
      </div>
    </form>
  );
}
