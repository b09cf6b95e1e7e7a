import { formatMonth } from '@coop/shared/dates';
import {
  DEDUCTION_MESSAGES,
  fromMonth,
  type ChangeRequestResponse,
  type DeductionInstruction,
} from '@coop/shared/deductions';
import { formatNaira, koboToNaira, nairaToKobo } from '@coop/shared/money';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FieldsDialog } from '../../../components/dialogs/fields-dialog';
import { FormField } from '../../../components/form/form-field';
import { AmountInput } from '../../../components/ui/amount-input';
import { BalanceAfter } from '../../../components/ui/balance-after';
import { Button } from '../../../components/ui/button';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useRequestDeductionChange } from '../api/request-deduction-change';
import type { ChangeMinimums } from './change-request-validation';

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

const resolver = lazyResolver<ChangeValues, ChangeValues, ChangeMinimums>(() =>
  import('./change-request-validation').then((module) => module.changeRequestResolver),
);

/** The two amounts, each with the policy's minimum under it, and the monthly total they make. */
function ChangeFields({
  form: {
    register,
    control,
    formState: { errors },
  },
  id,
  instruction,
  terms,
}: {
  form: UseFormReturn<ChangeValues, ChangeMinimums>;
  id: string;
  instruction: DeductionInstruction;
  terms: ChangeTerms;
}) {
  const values = useWatch({ control });
  return (
    <>
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
    </>
  );
}

/**
 * The member asks for new monthly amounts (docs/business-rules.md "Payroll deductions"): the
 * policy's minimums under the fields (the form's context), the month the change would start in
 * (asked on or before the cut-off day, this month; after it, the next), and the monthly total
 * before and after. A refusal about an amount goes under it (a minimum the policy raised
 * meanwhile); any other (a request already open) inside the dialog.
 */
export function ChangeRequestDialog({
  instruction,
  terms,
}: {
  instruction: DeductionInstruction;
  terms: ChangeTerms;
}) {
  const request = useRequestDeductionChange();
  return (
    <FieldsDialog<ChangeValues, ChangeMinimums, ChangeValues, ChangeRequestResponse>
      trigger={<Button>{DEDUCTION_MESSAGES.requestChange}</Button>}
      title={DEDUCTION_MESSAGES.requestChange}
      description={`A change asked for by the ${ordinal(terms.changeCutOffDay)} of a month reaches that month’s payroll; after it, the next month’s. This one would take effect from ${formatMonth(terms.nextChangeMonth)}.`}
      resolver={resolver}
      context={{ savings: terms.minSavings, shares: terms.minShares }}
      defaultValues={{
        savingsAmount: instruction.savingsAmount,
        shareAmount: instruction.shareAmount,
      }}
      fields={FIELDS}
      texts={{
        submit: 'Send Request',
        pending: 'Sending...',
        failure: 'Your change request could not be sent',
        success: ({ data }) => ({
          title: data.autoApproved
            ? DEDUCTION_MESSAGES.changeApprovedByPolicy
            : DEDUCTION_MESSAGES.changeRequested,
          description: fromMonth(data.effectiveMonth),
        }),
      }}
      send={(values, idempotencyKey) => request.mutateAsync({ ...values, idempotencyKey })}
    >
      {(form, id) => <ChangeFields form={form} id={id} instruction={instruction} terms={terms} />}
    </FieldsDialog>
  );
}

/** 1 → '1st', 22 → '22nd', 13 → '13th'. */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}
