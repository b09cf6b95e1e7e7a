import { zodResolver } from '@hookform/resolvers/zod';
import {
  eligibleLoanAmountSchema,
  loanRequestSchema,
  type LoanRequest,
  type LoanRequestFormValues,
} from '@coop/shared/loans';
import type { Naira } from '@coop/shared/money';
import type { FieldErrors, Resolver } from 'react-hook-form';

/*
 * The loan forms' validation (docs/decisions/125-forms.md), loaded on the form's first focus: the
 * calculator and the wizard ask the same terms under the loan request's own rules, so one amount
 * gets one message in both, and the API checks the same.
 */

/** The wizard's steps: Loan Details, Select Guarantors, Review & Submit. */
export type WizardStep = 'details' | 'guarantors' | 'review';

const TERMS = {
  requestedAmount: true,
  repaymentTermMonths: true,
  deductProcessingFee: true,
} as const;

/** The calculator: amount, term and the fee choice of a loan request. */
export const calculatorResolver = zodResolver(loanRequestSchema.pick(TERMS));

/** What each step's Next checks; the review step sends, so it checks the whole request. */
const STEP_FIELDS: Record<
  Exclude<WizardStep, 'review'>,
  readonly (keyof LoanRequestFormValues)[]
> = {
  details: ['requestedAmount', 'repaymentTermMonths', 'deductProcessingFee', 'purpose'],
  guarantors: ['guarantorUserIds'],
};

/** What the wizard tells its resolver (`useForm({ context })`): its step, the member's maximum. */
export type LoanRequestContext = { step: WizardStep; maxEligibleAmount: Naira };

type RequestResolver = Resolver<LoanRequestFormValues, unknown, LoanRequest>;
const byMaximum = new Map<Naira, RequestResolver>();
/** The whole request, its amount also within the member's own maximum (built once per maximum). */
function wholeRequest(max: Naira): RequestResolver {
  let resolve = byMaximum.get(max);
  if (!resolve) {
    resolve = zodResolver(
      loanRequestSchema.extend({ requestedAmount: eligibleLoanAmountSchema(max) }),
    );
    byMaximum.set(max, resolve);
  }
  return resolve;
}

/**
 * The wizard: the whole loan request, its amount also within the member's maximum (read when it
 * validates, so an eligibility that arrives after the wizard opened counts). A step's Next
 * answers only that step's fields, so the guarantors chosen later never hold up the first step;
 * Submit checks everything.
 */
export const loanRequestResolver: RequestResolver = async (values, context, options) => {
  const { step, maxEligibleAmount } = context as LoanRequestContext;
  const result = await wholeRequest(maxEligibleAmount)(values, context, options);
  if (step === 'review') return result;
  const found: FieldErrors<LoanRequestFormValues> = result.errors;
  const errors: FieldErrors<LoanRequestFormValues> = {};
  for (const field of STEP_FIELDS[step]) {
    if (found[field]) Object.assign(errors, { [field]: found[field] });
  }
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  // This step's fields are good; the form's defaults fill the term and the fee choice.
  return { values: values as LoanRequest, errors: {} };
};
