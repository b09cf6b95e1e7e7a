/**
 * Pure loan arithmetic in kobo (docs/business-rules.md "Loan pricing", "Loan eligibility",
 * "Guarantors"). Nothing here reads a clock or a database: callers pass today's date and the facts.
 */
import {
  MAX_LOAN_AMOUNT_NAIRA,
  REPAYMENT_TERMS_MONTHS,
  type RepaymentTermMonths,
} from './constants.js';
import { addMonthsClamped, formatDisplayDate, type IsoDate } from './dates.js';
import type { Eligibility, LoanCalculation } from './loans.js';
import {
  applyRateBps,
  assertKobo,
  formatKobo,
  KOBO_PER_NAIRA,
  koboToNaira,
  nairaToKobo,
  type Kobo,
} from './money.js';

/** The loan part of the cooperative's admin-editable policy (validated by `policy.ts`). */
export interface LoanPolicy {
  /**
   * "Flat" interest by term: one percentage of the requested amount for the whole term, in basis
   * points (500 = 5 %), as Nigerian cooperatives quote it.
   */
  interestRateBpsByTerm: Readonly<Record<RepaymentTermMonths, number>>;
  /** Insurance fee, basis points of the requested amount. */
  insuranceFeeBps: number;
  formFeeKobo: Kobo;
  /** Reviewer approvals that move a loan from under_review to approved. */
  requiredCertifications: number;
  minMembershipMonths: number;
  /** The loan limit as a multiple of confirmed savings. */
  maxLoanMultiplier: number;
  /** Loans a member may guarantee at once. */
  maxRunningGuarantees: number;
}

export const DEFAULT_LOAN_POLICY: LoanPolicy = {
  interestRateBpsByTerm: { 6: 500, 12: 1000, 18: 1500 },
  insuranceFeeBps: 100,
  formFeeKobo: 100_000,
  requiredCertifications: 2,
  minMembershipMonths: 6,
  maxLoanMultiplier: 2,
  maxRunningGuarantees: 3,
};

/** Bullet repayment (everything at once at the end) is offered on the shortest term only. */
export const BULLET_PAYMENT_TERM_MONTHS: RepaymentTermMonths = 6;

export interface LoanQuoteInput {
  requestedAmountKobo: Kobo;
  repaymentTermMonths: RepaymentTermMonths;
  deductProcessingFee: boolean;
  /** Disbursement date, or the calculation date for a quote; instalments fall due monthly after it. */
  startDate: IsoDate;
  policy: LoanPolicy;
}

export interface LoanQuoteInstalment {
  month: number;
  dueDate: IsoDate;
  principalAmountKobo: Kobo;
  interestAmountKobo: Kobo;
  /** Processing fees collected with this instalment (the first, when not deducted up front). */
  processingFeesKobo: Kobo;
  totalAmountKobo: Kobo;
  /** Still owed after this instalment is paid; 0 after the last. */
  remainingBalanceKobo: Kobo;
}

export interface LoanQuote {
  requestedAmountKobo: Kobo;
  repaymentTermMonths: RepaymentTermMonths;
  deductProcessingFee: boolean;
  interestRateBps: number;
  interestAmountKobo: Kobo;
  insuranceFeeKobo: Kobo;
  formFeeKobo: Kobo;
  totalProcessingFeesKobo: Kobo;
  disbursementAmountKobo: Kobo;
  /** Everything the member pays back: amount + interest, plus the fees when not deducted. */
  totalRepaymentAmountKobo: Kobo;
  /** The regular instalment; the first may add fees and the last absorbs rounding. */
  monthlyRepaymentKobo: Kobo;
  schedule: LoanQuoteInstalment[];
  /** The same total in one payment on the last due date, for 6-month loans; otherwise null. */
  bulletPayment: { totalRepaymentAmountKobo: Kobo; dueDate: IsoDate } | null;
}

/**
 * Deducting the processing fees would leave nothing to disburse. Services answer it as a
 * validation error: the member should borrow more or pay the fees with the instalments.
 */
export class LoanAmountBelowFeesError extends RangeError {
  readonly code = 'LOAN_AMOUNT_BELOW_FEES';

  constructor(readonly totalProcessingFeesKobo: Kobo) {
    super(
      `The amount must be more than the processing fees of ${formatKobo(totalProcessingFeesKobo)} when the fees are deducted from the loan`,
    );
    this.name = 'LoanAmountBelowFeesError';
  }
}

/**
 * Prices a loan and lays out its equal monthly instalments. Each instalment's principal and
 * interest are whole naira; the last absorbs what rounding left (kobo included), so the schedule
 * sums exactly to the requested amount, the interest and the total repayment.
 */
export function calculateLoan(input: LoanQuoteInput): LoanQuote {
  const { requestedAmountKobo: amount, repaymentTermMonths: term, deductProcessingFee } = input;
  const { startDate, policy } = input;
  if (assertKobo(amount) <= 0) throw new RangeError(`Expected a positive amount, got ${amount}`);
  if (!REPAYMENT_TERMS_MONTHS.includes(term)) {
    throw new RangeError(
      `Expected a repayment term of ${REPAYMENT_TERMS_MONTHS.join(', ')} months`,
    );
  }

  const interestRateBps = policy.interestRateBpsByTerm[term];
  const interest = applyRateBps(amount, interestRateBps);
  const insuranceFee = applyRateBps(amount, policy.insuranceFeeBps);
  const formFee = assertKobo(policy.formFeeKobo);
  const processingFees = insuranceFee + formFee;
  const disbursement = deductProcessingFee ? amount - processingFees : amount;
  if (disbursement <= 0) throw new LoanAmountBelowFeesError(processingFees);
  const feesWithInstalments = deductProcessingFee ? 0 : processingFees;
  const totalRepayment = amount + interest + feesWithInstalments;

  const principalParts = splitInWholeNaira(amount, term);
  const interestParts = splitInWholeNaira(interest, term);
  let owed = totalRepayment;
  const schedule: LoanQuoteInstalment[] = [];
  for (let month = 1; month <= term; month += 1) {
    const isLast = month === term;
    const principalAmountKobo = isLast ? principalParts.last : principalParts.regular;
    const interestAmountKobo = isLast ? interestParts.last : interestParts.regular;
    const processingFeesKobo = month === 1 ? feesWithInstalments : 0;
    const totalAmountKobo = principalAmountKobo + interestAmountKobo + processingFeesKobo;
    owed -= totalAmountKobo;
    schedule.push({
      month,
      dueDate: addMonthsClamped(startDate, month),
      principalAmountKobo,
      interestAmountKobo,
      processingFeesKobo,
      totalAmountKobo,
      remainingBalanceKobo: owed,
    });
  }
  const lastDueDate = addMonthsClamped(startDate, term);

  return {
    requestedAmountKobo: amount,
    repaymentTermMonths: term,
    deductProcessingFee,
    interestRateBps,
    interestAmountKobo: interest,
    insuranceFeeKobo: insuranceFee,
    formFeeKobo: formFee,
    totalProcessingFeesKobo: processingFees,
    disbursementAmountKobo: disbursement,
    totalRepaymentAmountKobo: totalRepayment,
    monthlyRepaymentKobo: principalParts.regular + interestParts.regular,
    schedule,
    // Fees not deducted belong to the first instalment, which for a bullet is the only one.
    bulletPayment:
      term === BULLET_PAYMENT_TERM_MONTHS
        ? { totalRepaymentAmountKobo: totalRepayment, dueDate: lastDueDate }
        : null,
  };
}

/** The quote as docs/member-portal.md §3 "Loan calculation response", in naira. */
export function toCalculationResponse(quote: LoanQuote): LoanCalculation {
  return {
    calculation: {
      requestedAmount: koboToNaira(quote.requestedAmountKobo),
      disbursementAmount: koboToNaira(quote.disbursementAmountKobo),
      monthlyRepayment: koboToNaira(quote.monthlyRepaymentKobo),
      interestRate: quote.interestRateBps / 100,
      interestAmount: koboToNaira(quote.interestAmountKobo),
      insuranceFee: koboToNaira(quote.insuranceFeeKobo),
      formFee: koboToNaira(quote.formFeeKobo),
      totalProcessingFees: koboToNaira(quote.totalProcessingFeesKobo),
      totalRepaymentAmount: koboToNaira(quote.totalRepaymentAmountKobo),
      repaymentTermMonths: quote.repaymentTermMonths,
      repaymentSchedule: quote.schedule.map((instalment) => ({
        month: instalment.month,
        totalAmount: koboToNaira(instalment.totalAmountKobo),
        principalAmount: koboToNaira(instalment.principalAmountKobo),
        interestAmount: koboToNaira(instalment.interestAmountKobo),
        remainingBalance: koboToNaira(instalment.remainingBalanceKobo),
        dueDate: instalment.dueDate,
      })),
    },
    ...(quote.bulletPayment === null
      ? {}
      : {
          bulletPayment: {
            totalRepaymentAmount: koboToNaira(quote.bulletPayment.totalRepaymentAmountKobo),
          },
        }),
  };
}

/** `total` in `count` parts: equal whole-naira parts, the last taking the remainder. */
function splitInWholeNaira(total: Kobo, count: number): { regular: Kobo; last: Kobo } {
  // Integer-only: (total − total mod (count × 100)) is a multiple of count × 100.
  const regular = (total - (total % (count * KOBO_PER_NAIRA))) / count;
  return { regular, last: total - regular * (count - 1) };
}

export interface LoanEligibilityFacts {
  isActive: boolean;
  joinedOn: IsoDate;
  today: IsoDate;
  /** A loan pending, under review, approved or disbursed. */
  hasOpenLoan: boolean;
  hasDefaultedLoan: boolean;
  /** Only confirmed contributions count, which gives confirming them a purpose. */
  confirmedSavingsKobo: Kobo;
  policy: LoanPolicy;
}

export interface LoanEligibilityResult {
  isEligible: boolean;
  /** 0 when not eligible; whole naira, so the limit shown is exactly the limit enforced. */
  maxLoanAmountKobo: Kobo;
  /** The first failing rule in plain words, or null when eligible. */
  reason: string | null;
  reasons: string[];
}

/**
 * docs/business-rules.md: eligible when active, a member for the minimum months, with no loan in
 * progress, no defaulted loan and some confirmed savings. The limit is the multiple of confirmed
 * savings, never above the product maximum.
 */
export function loanEligibility(facts: LoanEligibilityFacts): LoanEligibilityResult {
  const { policy } = facts;
  const eligibleFrom = addMonthsClamped(facts.joinedOn, policy.minMembershipMonths);
  const reasons: string[] = [];
  if (!facts.isActive) reasons.push('Your account is not active.');
  if (facts.today < eligibleFrom) {
    reasons.push(
      `Members can borrow after ${policy.minMembershipMonths} months of membership; you can from ${formatDisplayDate(eligibleFrom)}.`,
    );
  }
  if (facts.hasOpenLoan) reasons.push('You already have a loan in progress.');
  if (facts.hasDefaultedLoan) reasons.push('You have a defaulted loan to repay first.');
  if (assertKobo(facts.confirmedSavingsKobo) <= 0) {
    reasons.push(
      'You have no confirmed savings yet. Only confirmed contributions count toward a loan.',
    );
  }

  const isEligible = reasons.length === 0;
  const savingsLimit = Math.floor(facts.confirmedSavingsKobo * policy.maxLoanMultiplier);
  const limit = Math.min(nairaToKobo(MAX_LOAN_AMOUNT_NAIRA), savingsLimit);
  return {
    isEligible,
    maxLoanAmountKobo: isEligible ? limit - (limit % KOBO_PER_NAIRA) : 0,
    reason: reasons[0] ?? null,
    reasons,
  };
}

/** The eligibility answer of GET /users/loans/eligibility, in naira. */
export function toEligibility(result: LoanEligibilityResult): Eligibility {
  return {
    isEligible: result.isEligible,
    maxLoanAmount: koboToNaira(result.maxLoanAmountKobo),
    reason: result.reason,
    reasons: result.reasons,
  };
}

/**
 * Each guarantor's share of a loan: the amount divided equally, the kobo left over going to the
 * first guarantor, so the shares always add up to the amount.
 */
export function splitGuarantee(amountKobo: Kobo, count: number): Kobo[] {
  if (assertKobo(amountKobo) < 0) throw new RangeError(`Expected a non-negative amount`);
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new RangeError(`Expected at least one guarantor, got ${count}`);
  }
  const share = Math.floor(amountKobo / count);
  const remainder = amountKobo - share * count;
  return Array.from({ length: count }, (_, index) => (index === 0 ? share + remainder : share));
}
