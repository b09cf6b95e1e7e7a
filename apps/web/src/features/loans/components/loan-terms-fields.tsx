import {
  LOAN_AMOUNT_STEP_NAIRA,
  MAX_LOAN_AMOUNT_NAIRA,
  REPAYMENT_TERMS_MONTHS,
} from '@coop/shared/constants';
import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { FormField } from '../../../components/form/form-field';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { LoanCalculationFormValues } from '@coop/shared/loans';

/** The terms' values before anything is typed: no amount, 6 months, fees deducted (§5). */
export const LOAN_TERMS_DEFAULTS = {
  repaymentTermMonths: 6,
  deductProcessingFee: true,
} as const satisfies Partial<LoanCalculationFormValues>;

/** Whether the amount is still empty: the calculator's and the wizard's button waits for one. */
export const isAmountEmpty = (amount: number | undefined) =>
  amount === undefined || Number.isNaN(amount);

/**
 * Loan Amount, the 6/12/18 buttons and the fee checkbox: the terms the calculator and the
 * wizard's first step both ask, read from the surrounding form (`FormProvider`), whose schema
 * is the loan request's (`loan-terms-validation.ts`), so a rule gives the same message in both.
 */
export function LoanTermsFields() {
  const id = useId();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<LoanCalculationFormValues>();
  return (
    <div className="grid gap-4">
      <FormField id={`${id}-amount`} label="Loan Amount" error={errors.requestedAmount?.message}>
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_LOAN_AMOUNT_NAIRA}
          step={LOAN_AMOUNT_STEP_NAIRA}
          placeholder="Enter amount"
          {...register('requestedAmount', { valueAsNumber: true })}
        />
      </FormField>
      <Controller
        control={control}
        name="repaymentTermMonths"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Repayment Term</legend>
            {/* Three equal columns: side by side they fit a phone's dialog, never widen it. */}
            <div className="grid grid-cols-3 gap-2">
              {REPAYMENT_TERMS_MONTHS.map((term) => (
                <Button
                  key={term}
                  className="min-w-0 px-2"
                  type="button"
                  variant={field.value === term ? 'default' : 'outline'}
                  aria-pressed={field.value === term}
                  onClick={() => field.onChange(term)}
                >
                  {term} months
                </Button>
              ))}
            </div>
          </fieldset>
        )}
      />
      <Controller
        control={control}
        name="deductProcessingFee"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-fee`}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
            <Label htmlFor={`${id}-fee`}>Deduct processing fees from loan amount</Label>
          </div>
        )}
      />
    </div>
  );
}
