import { Form } from '../../../components/form/form';
import type { LoanCalculationFormValues, LoanCalculationRequest } from '@coop/shared/loans';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { FormFailure } from '../../../components/form/form-failure';
import { SubmitButton } from '../../../components/form/submit-button';
import { showSubmitFailure } from '../../../lib/apply-server-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useCalculateLoan } from '../api/calculate-loan';
import { CalculationView } from './calculation-view';
import { isAmountEmpty, LOAN_TERMS_DEFAULTS, LoanTermsFields } from './loan-terms-fields';

const FIELDS = ['requestedAmount', 'repaymentTermMonths', 'deductProcessingFee'] as const;
const resolver = lazyResolver<LoanCalculationFormValues, LoanCalculationRequest>(() =>
  import('./loan-terms-validation').then((module) => module.calculatorResolver),
);

/** docs/member-portal.md §2 Loan Calculator tab. */
export function CalculatorTab() {
  const calculate = useCalculateLoan();
  const form = useForm<LoanCalculationFormValues, unknown, LoanCalculationRequest>({
    resolver,
    defaultValues: LOAN_TERMS_DEFAULTS,
  });
  const amount = useWatch({ control: form.control, name: 'requestedAmount' });
  const failure = form.formState.errors.root?.server?.message;

  const onSubmit = (values: LoanCalculationRequest) =>
    calculate.mutateAsync(values).then(
      // What success shows comes from the mutation's own state and hook, not from here.
      () => undefined,
      (error: unknown) =>
        showSubmitFailure(error, form.setError, FIELDS, FALLBACK_MESSAGES.calculateLoan),
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <FormProvider {...form}>
        <Form
          submit={form.handleSubmit(onSubmit)}
          preload={resolver.preload}
          className="grid content-start gap-4"
        >
          <LoanTermsFields />
          <SubmitButton
            isPending={calculate.isPending}
            pendingLabel="Calculating..."
            disabled={isAmountEmpty(amount)}
          >
            Calculate Loan
          </SubmitButton>
        </Form>
      </FormProvider>
      <div>
        {/* docs/member-portal.md §8: a calculation's failure is a destructive alert. */}
        <FormFailure message={failure} />
        {calculate.data && !failure ? <CalculationView result={calculate.data} /> : null}
      </div>
    </div>
  );
}
