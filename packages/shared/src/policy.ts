/**
 * The cooperative's admin-editable policy (DESIGN §6 defaults), stored as one JSON row and
 * validated here on every read and write so a bad edit can never price a loan.
 */
import { z } from 'zod';
import { DEFAULT_LOAN_POLICY, type LoanPolicy } from './loan-math.js';

/** Basis points of an amount, 0 to 100 %. */
const basisPointsSchema = z.number().int().min(0).max(10_000);
const koboSchema = z.number().int().min(0);
const daysSchema = z.number().int().min(0).max(366);

export const loanPolicySchema = z.strictObject({
  interestRateBpsByTerm: z.strictObject({
    6: basisPointsSchema,
    12: basisPointsSchema,
    18: basisPointsSchema,
  }),
  insuranceFeeBps: basisPointsSchema,
  formFeeKobo: koboSchema,
  requiredCertifications: z.number().int().min(1).max(10),
  minMembershipMonths: z.number().int().min(0).max(120),
  maxLoanMultiplier: z.number().positive().max(10),
  maxRunningGuarantees: z.number().int().min(1).max(10),
}) satisfies z.ZodType<LoanPolicy>;

/** Which running commitments keep a member from withdrawing share holding (DESIGN §6). */
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

/** Maker-checker on disbursements (issue 9): above this amount a second administrator approves. */
export const disbursementPolicySchema = z.strictObject({
  secondApprovalAboveKobo: koboSchema,
});
export type DisbursementPolicy = z.infer<typeof disbursementPolicySchema>;

export const DEFAULT_DISBURSEMENT_POLICY: DisbursementPolicy = {
  // ₦5,000,000: a typical cooperative's two-signature limit on its bank mandate.
  secondApprovalAboveKobo: 500_000_000,
};

export const policySchema = z.strictObject({
  loan: loanPolicySchema,
  withdrawal: withdrawalPolicySchema,
  fine: finePolicySchema,
  // A default, so a policy saved before this rule existed still reads.
  disbursement: disbursementPolicySchema.default(DEFAULT_DISBURSEMENT_POLICY),
});
export type Policy = z.infer<typeof policySchema>;

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
};
