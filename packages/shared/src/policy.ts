/**
 * The cooperative's admin-editable policy (docs/business-rules.md defaults), stored as one JSON row
 * and validated here on every read and write so a bad edit can never price a loan.
 */
import { z } from 'zod';
import { AMOUNT_TOO_LARGE, MAX_AMOUNT_NAIRA } from './constants.js';
import { isoDateTimeSchema } from './date-schemas.js';
import { successEnvelope } from './http.js';
import { DEFAULT_LOAN_POLICY, type LoanPolicy } from './loan-math.js';
import { KOBO_PER_NAIRA } from './money.js';

/** Basis points of an amount, 0 to 100 %. */
const basisPointsSchema = z
  .number({ error: 'Enter a percentage' })
  .int('Use at most two decimals')
  .min(0, 'Cannot be below 0 %')
  .max(10_000, 'Cannot exceed 100 %');
const koboSchema = z
  .number({ error: 'Enter an amount' })
  .int('Use at most two decimals (kobo)')
  .min(0, 'Cannot be negative')
  .max(MAX_AMOUNT_NAIRA * KOBO_PER_NAIRA, AMOUNT_TOO_LARGE);
const daysSchema = z
  .number({ error: 'Enter a number of days' })
  .int('Enter whole days')
  .min(0, 'Cannot be negative')
  .max(366, 'Cannot exceed 366 days');

export const loanPolicySchema = z.strictObject({
  interestRateBpsByTerm: z.strictObject({
    6: basisPointsSchema,
    12: basisPointsSchema,
    18: basisPointsSchema,
  }),
  insuranceFeeBps: basisPointsSchema,
  formFeeKobo: koboSchema,
  requiredCertifications: z
    .number({ error: 'Enter a number' })
    .int('Enter a whole number')
    .min(1, 'At least 1')
    .max(10, 'At most 10'),
  minMembershipMonths: z
    .number({ error: 'Enter a number of months' })
    .int('Enter whole months')
    .min(0, 'Cannot be negative')
    .max(120, 'At most 120 months'),
  maxLoanMultiplier: z
    .number({ error: 'Enter a number' })
    .positive('Must be above 0')
    .max(10, 'At most 10 times'),
  maxRunningGuarantees: z
    .number({ error: 'Enter a number' })
    .int('Enter a whole number')
    .min(1, 'At least 1')
    .max(10, 'At most 10'),
}) satisfies z.ZodType<LoanPolicy>;

/**
 * Which running commitments keep a member from withdrawing share holding (docs/business-rules.md).
 */
export const withdrawalPolicySchema = z.strictObject({
  shareWithdrawalRequiresNoRunningLoan: z.boolean(),
  shareWithdrawalRequiresNoActiveGuarantee: z.boolean(),
});
export type WithdrawalPolicy = z.infer<typeof withdrawalPolicySchema>;

export const finePolicySchema = z.strictObject({
  /** Days between a fine being issued and its due date. */
  paymentDueDays: daysSchema,
  /** A fine issued automatically when an instalment stays unpaid past its due date. */
  lateRepaymentFine: z.strictObject({
    enabled: z.boolean(),
    amountKobo: koboSchema,
    /** Days after the due date before the fine is issued. */
    graceDays: daysSchema,
  }),
});
export type FinePolicy = z.infer<typeof finePolicySchema>;

/**
 * Maker-checker on disbursements (docs/decisions/062-loan-back-office.md): above this amount a
 * second administrator approves.
 */
export const disbursementPolicySchema = z.strictObject({
  secondApprovalAboveKobo: koboSchema,
});
export type DisbursementPolicy = z.infer<typeof disbursementPolicySchema>;

export const DEFAULT_DISBURSEMENT_POLICY: DisbursementPolicy = {
  // ₦5,000,000: a typical cooperative's two-signature limit on its bank mandate.
  secondApprovalAboveKobo: 500_000_000,
};

/**
 * Members' payroll deductions (docs/business-rules.md "Payroll deductions"): the least a member's
 * instruction may ask each month, the day of the month after which a change waits a month, and
 * how much a change may move the instruction and still be approved by the policy with no officer
 * (0: every change needs an officer). The limit governs a control, so changing it is a two-person
 * change (CONTROLLED_POLICY_FIELDS).
 */
export const payrollPolicySchema = z.strictObject({
  minSavingsKobo: koboSchema,
  minSharesKobo: koboSchema,
  changeCutOffDay: z
    .number({ error: 'Enter a day of the month' })
    .int('Enter a whole day')
    .min(1, 'At least day 1')
    .max(28, 'At most day 28, so every month has it'),
  autoApproveLimitKobo: koboSchema,
});
export type PayrollPolicy = z.infer<typeof payrollPolicySchema>;

export const DEFAULT_PAYROLL_POLICY: PayrollPolicy = {
  minSavingsKobo: 500_000,
  minSharesKobo: 100_000,
  changeCutOffDay: 15,
  // An officer decides every change until the cooperative chooses a limit.
  autoApproveLimitKobo: 0,
};

export const policySchema = z.strictObject({
  loan: loanPolicySchema,
  withdrawal: withdrawalPolicySchema,
  fine: finePolicySchema,
  // A default, so a policy saved before this rule existed still reads.
  disbursement: disbursementPolicySchema.default(DEFAULT_DISBURSEMENT_POLICY),
  payroll: payrollPolicySchema.default(DEFAULT_PAYROLL_POLICY),
});
export type Policy = z.infer<typeof policySchema>;

/** A policy number as typed: text of the given shape, then the stored unit (percent → bps…). */
const typed = (pattern: RegExp, message: string, toStored: (typed: number) => number) =>
  z
    .string()
    .trim()
    .regex(pattern, message)
    .transform((text) => toStored(Number(text)));
const percentField = typed(/^\d{1,3}(\.\d{1,2})?$/, 'Enter a percentage, like 5 or 2.5', (n) =>
  Math.round(n * 100),
).pipe(basisPointsSchema);
const nairaField = typed(/^\d{1,12}(\.\d{1,2})?$/, 'Enter an amount in naira, like 1000', (n) =>
  Math.round(n * KOBO_PER_NAIRA),
).pipe(koboSchema);
const wholeField = <Stored extends z.ZodType<number, number>>(stored: Stored) =>
  typed(/^\d{1,4}$/, 'Enter a whole number', (n) => n).pipe(stored);
const loanRules = loanPolicySchema.shape;

/**
 * The back office's Policy form: percentages and naira as typed, read into basis points and kobo
 * and then held to the policy's own rules, so the screen and the API refuse a value alike
 * (docs/decisions/125-forms.md). Its fields keep the policy's paths, where a refusal's `details`
 * name them.
 */
export const policyFormSchema = z.strictObject({
  loan: z.strictObject({
    interestRateBpsByTerm: z.strictObject({ 6: percentField, 12: percentField, 18: percentField }),
    insuranceFeeBps: percentField,
    formFeeKobo: nairaField,
    requiredCertifications: wholeField(loanRules.requiredCertifications),
    minMembershipMonths: wholeField(loanRules.minMembershipMonths),
    maxLoanMultiplier: typed(
      /^\d{1,2}(\.\d{1,2})?$/,
      'Enter a number, like 2 or 1.5',
      (n) => n,
    ).pipe(loanRules.maxLoanMultiplier),
    maxRunningGuarantees: wholeField(loanRules.maxRunningGuarantees),
  }),
  withdrawal: withdrawalPolicySchema,
  fine: z.strictObject({
    paymentDueDays: wholeField(daysSchema),
    lateRepaymentFine: z.strictObject({
      enabled: z.boolean(),
      amountKobo: nairaField,
      graceDays: wholeField(daysSchema),
    }),
  }),
  disbursement: z.strictObject({ secondApprovalAboveKobo: nairaField }),
  payroll: z.strictObject({
    minSavingsKobo: nairaField,
    minSharesKobo: nairaField,
    changeCutOffDay: wholeField(payrollPolicySchema.shape.changeCutOffDay),
    autoApproveLimitKobo: nairaField,
  }),
});
/** The Policy form's values: each number as the officer types it, each switch on or off. */
export type PolicyFormInput = z.input<typeof policyFormSchema>;

export const DEFAULT_POLICY: Policy = {
  loan: DEFAULT_LOAN_POLICY,
  withdrawal: {
    shareWithdrawalRequiresNoRunningLoan: true,
    shareWithdrawalRequiresNoActiveGuarantee: true,
  },
  fine: {
    paymentDueDays: 30,
    // Off until the cooperative decides its late-repayment fine; the administrator issues fines.
    lateRepaymentFine: { enabled: false, amountKobo: 100_000, graceDays: 7 },
  },
  disbursement: DEFAULT_DISBURSEMENT_POLICY,
  payroll: DEFAULT_PAYROLL_POLICY,
};

/**
 * GET /admin/policy: the policy in force, and when and by whom it was last saved (null while the
 * defaults apply). PUT /admin/policy takes a whole `policySchema` and answers the same.
 */
export const policyViewSchema = z.object({
  policy: policySchema,
  updatedAt: isoDateTimeSchema.nullable(),
  updatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  isDefault: z.boolean(),
});
export type PolicyView = z.infer<typeof policyViewSchema>;
export const policyResponseSchema = successEnvelope(policyViewSchema);
export type PolicyResponse = z.infer<typeof policyResponseSchema>;
