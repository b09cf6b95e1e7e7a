import { formatMonth } from '@coop/shared/dates';
import { DEDUCTION_MESSAGES, fromMonth, type DeductionInstruction } from '@coop/shared/deductions';
import { formatNaira, koboToNaira, nairaToKobo } from '@coop/shared/money';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DialogActions, DialogFailure, FormDialog } from '../../../components/dialogs/form-dialog';
import { Form } from '../../../components/form/form';
import { FormField } from '../../../components/form/form-field';
import { AmountInput } from '../../../components/ui/amount-input';
import { BalanceAfter } from '../../../components/ui/balance-after';
import { Button } from '../../../components/ui/button';
import { showSubmitFailure } from '../../../lib/apply-server-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { useRequestDeductionChange } from '../api/request-deduction-change';

type ChangeValues = { savingsAmount: number; shareAmount: number };
const FIELDS = ['savingsAmount', 'shareAmount'] as const;

export type ChangeTerms = {
  minSavings: number;
  minShares: number;
  changeCutOffDay: number;
  /** The month a change asked for today starts in (the cut-off's). */
  nextChangeMonth: string;
};

/** The new monthly total once both amounts are ones the form would send; null before. */
function totalAfter(values: Partial<ChangeValues>): number | null {
  const { savingsAmount, shareAmount } = values;
  if (typeof savingsAmount !== 'number' || !Number.isFinite(savingsAmount) || savingsAmount < 0)
    return null;
  if (typeof shareAmount !== 'number' || !Number.isFinite(shareAmount) || shareAmount < 0)
    return null;
  return koboToNaira(nairaToKobo(savingsAmount) + nairaToKobo(shareAmount));
}

function ChangeRequestForm({
  instruction,
  terms,
  onDone,
}: {
  instruction: DeductionInstruction;
  terms: ChangeTerms;
  onDone: () => void;
}) {
  const request = useRequestDeductionChange();
  const [resolver] = useState(() =>
    lazyResolver<ChangeValues>(() =>
      import('./change-request-validation').then((module) =>
        module.changeRequestResolver({ savings: terms.minSavings, shares: terms.minShares }),
      ),
    ),
  );
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ChangeValues>({
    resolver,
    defaultValues: {
      savingsAmount: instruction.savingsAmount,
      shareAmount: instruction.shareAmount,
    },
  });
  const values = useWatch({ control });
  // One key per opening: a retry of the same submission is never a second request.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const id = useId();

  const onSubmit = (input: ChangeValues) =>
    request.mutateAsync({ ...input, idempotencyKey }).then(
      ({ data }) => {
        toast.success(
          data.autoApproved
            ? DEDUCTION_MESSAGES.changeApprovedByPolicy
            : DEDUCTION_MESSAGES.changeRequested,
          { description: fromMonth(data.effectiveMonth) },
        );
        onDone();
      },
      // A refusal about an amount goes under it (a minimum the policy raised meanwhile); any
      // other (a request already open) above the form.
      (failure: unknown) =>
        showSubmitFailure(failure, setError, FIELDS, 'Your change request could not be sent'),
    );

  return (
    <Form submit={handleSubmit(onSubmit)} preload={resolver.preload} className="grid gap-4">
      <DialogFailure message={errors.root?.server?.message} />
      <FormField
        id={`${id}-savings`}
        label="Monthly savings (₦)"
        hint={`At least ${formatNaira(terms.minSavings)} a month`}
        error={errors.savingsAmount?.message}
      >
        <AmountInput {...register('savingsAmount', { valueAsNumber: true })} />
      </FormField>
      <FormField
        id={`${id}-shares`}
        label="Monthly shares (₦)"
        hint={`At least ${formatNaira(terms.minShares)} a month`}
        error={errors.shareAmount?.message}
      >
        <AmountInput {...register('shareAmount', { valueAsNumber: true })} />
      </FormField>
      <BalanceAfter
        label="Monthly total"
        before={instruction.totalAmount}
        after={totalAfter(values)}
        afterLabel={`From ${formatMonth(terms.nextChangeMonth)}`}
      />
      <DialogActions
        submitLabel="Send Request"
        pendingLabel="Sending..."
        pending={request.isPending}
      />
    </Form>
  );
}

/**
 * The member asks for new monthly amounts (docs/business-rules.md "Payroll deductions"): the
 * policy's minimums under the fields, the month the change would start in (asked on or before
 * the cut-off day, this month; after it, the next), and the monthly total before and after.
 */
export function ChangeRequestDialog({
  instruction,
  terms,
}: {
  instruction: DeductionInstruction;
  terms: ChangeTerms;
}) {
  return (
    <FormDialog
      trigger={<Button>{DEDUCTION_MESSAGES.requestChange}</Button>}
      title={DEDUCTION_MESSAGES.requestChange}
      description={`A change asked for by the ${ordinal(terms.changeCutOffDay)} of a month reaches that month’s payroll; after it, the next month’s. This one would take effect from ${formatMonth(terms.nextChangeMonth)}.`}
    >
      {(close) => <ChangeRequestForm instruction={instruction} terms={terms} onDone={close} />}
    </FormDialog>
  );
}

/** 1 → '1st', 22 → '22nd', 13 → '13th'. */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}
