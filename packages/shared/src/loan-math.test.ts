import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPAYMENT_TERMS_MONTHS } from './constants.js';
import {
  calculateLoan,
  DEFAULT_LOAN_POLICY,
  LoanAmountBelowFeesError,
  loanEligibility,
  splitGuarantee,
  toCalculationResponse,
  toEligibility,
  type LoanEligibilityFacts,
  type LoanPolicy,
  type LoanQuote,
} from './loan-math.js';
import { loanCalculationSchema } from './loans.js';
import { applyRateBps, nairaToKobo } from './money.js';

const policy = DEFAULT_LOAN_POLICY;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('calculateLoan: concrete quotes', () => {
  it('prices ₦100,000 over 6 months with the fees deducted', () => {
    const quote = calculateLoan({
      requestedAmountKobo: nairaToKobo(100_000),
      repaymentTermMonths: 6,
      deductProcessingFee: true,
      startDate: '2026-01-31',
      policy,
    });
    expect(toCalculationResponse(quote)).toEqual({
      calculation: {
        requestedAmount: 100_000,
        disbursementAmount: 98_000,
        monthlyRepayment: 17_499,
        interestRate: 5,
        interestAmount: 5_000,
        insuranceFee: 1_000,
        formFee: 1_000,
        totalProcessingFees: 2_000,
        totalRepaymentAmount: 105_000,
        repaymentTermMonths: 6,
        repaymentSchedule: [
          {
            month: 1,
            totalAmount: 17_499,
            principalAmount: 16_666,
            interestAmount: 833,
            remainingBalance: 87_501,
            dueDate: '2026-02-28',
          },
          {
            month: 2,
            totalAmount: 17_499,
            principalAmount: 16_666,
            interestAmount: 833,
            remainingBalance: 70_002,
            dueDate: '2026-03-31',
          },
          {
            month: 3,
            totalAmount: 17_499,
            principalAmount: 16_666,
            interestAmount: 833,
            remainingBalance: 52_503,
            dueDate: '2026-04-30',
          },
          {
            month: 4,
            totalAmount: 17_499,
            principalAmount: 16_666,
            interestAmount: 833,
            remainingBalance: 35_004,
            dueDate: '2026-05-31',
          },
          {
            month: 5,
            totalAmount: 17_499,
            principalAmount: 16_666,
            interestAmount: 833,
            remainingBalance: 17_505,
            dueDate: '2026-06-30',
          },
          {
            month: 6,
            totalAmount: 17_505,
            principalAmount: 16_670,
            interestAmount: 835,
            remainingBalance: 0,
            dueDate: '2026-07-31',
          },
        ],
      },
      bulletPayment: { totalRepaymentAmount: 105_000 },
    });
    expect(quote.bulletPayment?.dueDate).toBe('2026-07-31');
  });

  it('adds the fees to the first instalment when they are not deducted', () => {
    const { calculation, bulletPayment } = toCalculationResponse(
      calculateLoan({
        requestedAmountKobo: nairaToKobo(100_000),
        repaymentTermMonths: 6,
        deductProcessingFee: false,
        startDate: '2026-01-31',
        policy,
      }),
    );
    expect(calculation).toMatchObject({
      disbursementAmount: 100_000,
      totalProcessingFees: 2_000,
      totalRepaymentAmount: 107_000,
      monthlyRepayment: 17_499,
    });
    expect(calculation.repaymentSchedule[0]).toEqual({
      month: 1,
      totalAmount: 19_499,
      principalAmount: 16_666,
      interestAmount: 833,
      remainingBalance: 87_501,
      dueDate: '2026-02-28',
    });
    expect(bulletPayment).toEqual({ totalRepaymentAmount: 107_000 });
  });

  it('charges 10 % over 12 months and 15 % over 18, with no bullet payment', () => {
    const twelve = toCalculationResponse(
      calculateLoan({
        requestedAmountKobo: nairaToKobo(1_200_000),
        repaymentTermMonths: 12,
        deductProcessingFee: true,
        startDate: '2026-03-05',
        policy,
      }),
    );
    expect(twelve.bulletPayment).toBeUndefined();
    expect(twelve.calculation).toMatchObject({
      interestRate: 10,
      interestAmount: 120_000,
      insuranceFee: 12_000,
      disbursementAmount: 1_187_000,
      monthlyRepayment: 110_000,
      totalRepaymentAmount: 1_320_000,
    });
    expect(twelve.calculation.repaymentSchedule.at(-1)).toMatchObject({
      month: 12,
      totalAmount: 110_000,
      dueDate: '2027-03-05',
      remainingBalance: 0,
    });

    const eighteen = calculateLoan({
      requestedAmountKobo: nairaToKobo(500_000),
      repaymentTermMonths: 18,
      deductProcessingFee: true,
      startDate: '2026-03-05',
      policy,
    });
    expect(eighteen.interestAmountKobo).toBe(nairaToKobo(75_000));
    expect(eighteen.bulletPayment).toBeNull();
  });

  it('lets the last instalment carry the kobo of an amount with kobo', () => {
    const quote = calculateLoan({
      requestedAmountKobo: 100_050, // ₦1,000.50; interest ₦50.025 rounds to ₦50.03
      repaymentTermMonths: 6,
      deductProcessingFee: false,
      startDate: '2026-03-05',
      policy,
    });
    expect(quote.interestAmountKobo).toBe(5_003);
    expect(quote.schedule.map((item) => item.principalAmountKobo)).toEqual([
      16_600, 16_600, 16_600, 16_600, 16_600, 17_050,
    ]);
    expect(quote.schedule.map((item) => item.interestAmountKobo)).toEqual([
      800, 800, 800, 800, 800, 1_003,
    ]);
    expect(toCalculationResponse(quote).calculation.repaymentSchedule[5]).toMatchObject({
      principalAmount: 170.5,
      interestAmount: 10.03,
    });
  });

  it('refuses to deduct fees that swallow the whole amount', () => {
    const quoteFor = (naira: number) =>
      calculateLoan({
        requestedAmountKobo: nairaToKobo(naira),
        repaymentTermMonths: 6,
        deductProcessingFee: true,
        startDate: '2026-03-05',
        policy,
      });
    expect(() => quoteFor(1_000)).toThrow(new LoanAmountBelowFeesError(nairaToKobo(1_010)).message);
    expect(new LoanAmountBelowFeesError(nairaToKobo(1_010)).message).toBe(
      'The amount must be more than the processing fees of ₦1,010 when the fees are deducted from the loan',
    );
    expect(quoteFor(1_011).disbursementAmountKobo).toBe(nairaToKobo(0.89));
  });

  it('refuses amounts that are not positive whole kobo', () => {
    const base = {
      repaymentTermMonths: 6,
      deductProcessingFee: false,
      startDate: '2026-03-05',
      policy,
    } as const;
    expect(() => calculateLoan({ ...base, requestedAmountKobo: 0 })).toThrow(RangeError);
    expect(() => calculateLoan({ ...base, requestedAmountKobo: 10.5 })).toThrow(RangeError);
  });

  it('follows the policy it is given', () => {
    const generous: LoanPolicy = {
      ...policy,
      interestRateBpsByTerm: { 6: 0, 12: 750, 18: 1200 },
      insuranceFeeBps: 0,
      formFeeKobo: 0,
    };
    const quote = calculateLoan({
      requestedAmountKobo: nairaToKobo(10_000),
      repaymentTermMonths: 12,
      deductProcessingFee: true,
      startDate: '2026-03-05',
      policy: generous,
    });
    expect(toCalculationResponse(quote).calculation).toMatchObject({
      interestRate: 7.5,
      interestAmount: 750,
      totalProcessingFees: 0,
      disbursementAmount: 10_000,
    });
  });
});

/**
 * The invariants every quote keeps, checked on kobo so no float can hide an error. Gathered into
 * one object and compared once, so a failing run shows every broken invariant together.
 */
function expectConsistentSchedule(quote: LoanQuote) {
  const { schedule } = quote;
  const regular = schedule.slice(0, -1);
  let owed = quote.totalRepaymentAmountKobo;
  const balancesFollowPayments = schedule.every((item) => {
    owed -= item.totalAmountKobo;
    return item.remainingBalanceKobo === owed;
  });
  expect({
    months: schedule.map((item) => item.month),
    principal: sum(schedule.map((item) => item.principalAmountKobo)),
    interest: sum(schedule.map((item) => item.interestAmountKobo)),
    total: sum(schedule.map((item) => item.totalAmountKobo)),
    totalRepayment: quote.totalRepaymentAmountKobo,
    itemsAddUp: schedule.every(
      (item) =>
        item.totalAmountKobo ===
        item.principalAmountKobo + item.interestAmountKobo + item.processingFeesKobo,
    ),
    nonNegative: schedule.every(
      (item) =>
        item.principalAmountKobo >= 0 &&
        item.interestAmountKobo >= 0 &&
        item.processingFeesKobo >= 0 &&
        item.remainingBalanceKobo >= 0,
    ),
    balancesFollowPayments,
    finalBalance: schedule.at(-1)?.remainingBalanceKobo,
    regularInWholeNaira: regular.every(
      (item) => item.principalAmountKobo % 100 === 0 && item.interestAmountKobo % 100 === 0,
    ),
    regularEqual: regular.every(
      (item) =>
        item.principalAmountKobo === schedule[0]?.principalAmountKobo &&
        item.interestAmountKobo === schedule[0]?.interestAmountKobo,
    ),
  }).toEqual({
    months: Array.from({ length: quote.repaymentTermMonths }, (_, index) => index + 1),
    principal: quote.requestedAmountKobo,
    interest: quote.interestAmountKobo,
    total: quote.totalRepaymentAmountKobo,
    totalRepayment:
      quote.requestedAmountKobo +
      quote.interestAmountKobo +
      (quote.deductProcessingFee ? 0 : quote.totalProcessingFeesKobo),
    itemsAddUp: true,
    nonNegative: true,
    balancesFollowPayments: true,
    finalBalance: 0,
    regularInWholeNaira: true,
    regularEqual: true,
  });
}

describe('calculateLoan: properties', () => {
  const terms = fc.constantFrom(...REPAYMENT_TERMS_MONTHS);

  it('sums exactly for any whole-naira amount, term and fee option', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 50_000_000 }),
        terms,
        fc.boolean(),
        (naira, repaymentTermMonths, deductProcessingFee) => {
          const requestedAmountKobo = nairaToKobo(naira);
          const input = {
            requestedAmountKobo,
            repaymentTermMonths,
            deductProcessingFee,
            startDate: '2026-01-31',
            policy,
          };
          const fees =
            applyRateBps(requestedAmountKobo, policy.insuranceFeeBps) + policy.formFeeKobo;
          if (deductProcessingFee && requestedAmountKobo <= fees) {
            expect(() => calculateLoan(input)).toThrow(LoanAmountBelowFeesError);
            return;
          }
          const quote = calculateLoan(input);
          expectConsistentSchedule(quote);
          expect({
            disbursementPositive: quote.disbursementAmountKobo > 0,
            bullet: quote.bulletPayment?.totalRepaymentAmountKobo,
            responseValid: loanCalculationSchema.safeParse(toCalculationResponse(quote)).success,
          }).toEqual({
            disbursementPositive: true,
            bullet: repaymentTermMonths === 6 ? quote.totalRepaymentAmountKobo : undefined,
            responseValid: true,
          });
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('sums exactly for amounts with kobo and any policy rates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000_000 }),
        terms,
        fc.record({
          rate: fc.integer({ min: 0, max: 5_000 }),
          insurance: fc.integer({ min: 0, max: 500 }),
          formFee: fc.integer({ min: 0, max: 500_000 }),
        }),
        (requestedAmountKobo, repaymentTermMonths, { rate, insurance, formFee }) => {
          const quote = calculateLoan({
            requestedAmountKobo,
            repaymentTermMonths,
            deductProcessingFee: false,
            startDate: '2024-02-29',
            policy: {
              ...policy,
              interestRateBpsByTerm: { 6: rate, 12: rate, 18: rate },
              insuranceFeeBps: insurance,
              formFeeKobo: formFee,
            },
          });
          expectConsistentSchedule(quote);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('splitGuarantee', () => {
  it('divides equally and gives the remainder to the first guarantor', () => {
    expect(splitGuarantee(nairaToKobo(100_000), 3)).toEqual([3_333_334, 3_333_333, 3_333_333]);
    expect(splitGuarantee(nairaToKobo(100_000), 4)).toEqual([
      2_500_000, 2_500_000, 2_500_000, 2_500_000,
    ]);
    expect(splitGuarantee(1, 2)).toEqual([1, 0]);
  });

  it('always adds up to the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000_000 }),
        fc.integer({ min: 1, max: 4 }),
        (amount, count) => {
          const shares = splitGuarantee(amount, count);
          expect(shares).toHaveLength(count);
          expect(sum(shares)).toBe(amount);
          expect(shares.slice(1).every((share) => share === shares[1])).toBe(true);
          expect((shares[0] ?? 0) - (shares.at(-1) ?? 0)).toBeLessThan(count);
        },
      ),
    );
  });

  it('refuses no guarantors or a fractional amount', () => {
    expect(() => splitGuarantee(100, 0)).toThrow(RangeError);
    expect(() => splitGuarantee(100.5, 2)).toThrow(RangeError);
  });
});

describe('loanEligibility', () => {
  const facts: LoanEligibilityFacts = {
    isActive: true,
    joinedOn: '2025-01-15',
    today: '2026-03-05',
    hasOpenLoan: false,
    hasDefaultedLoan: false,
    confirmedSavingsKobo: nairaToKobo(600_000),
    policy,
  };

  it('allows twice the confirmed savings', () => {
    expect(loanEligibility(facts)).toEqual({
      isEligible: true,
      maxLoanAmountKobo: nairaToKobo(1_200_000),
      reason: null,
      reasons: [],
    });
  });

  it('rounds the limit down to whole naira', () => {
    const result = loanEligibility({ ...facts, confirmedSavingsKobo: 60_000_045 });
    expect(result.maxLoanAmountKobo).toBe(nairaToKobo(1_200_000));
  });

  it('never allows more than ₦50,000,000', () => {
    const result = loanEligibility({ ...facts, confirmedSavingsKobo: nairaToKobo(30_000_000) });
    expect(toEligibility(result).maxLoanAmount).toBe(50_000_000);
  });

  it('counts membership from the day of joining, clamped to month end', () => {
    expect(loanEligibility({ ...facts, joinedOn: '2025-09-05' }).isEligible).toBe(true);
    expect(loanEligibility({ ...facts, joinedOn: '2025-09-06' })).toEqual({
      isEligible: false,
      maxLoanAmountKobo: 0,
      reason: 'Members can borrow after 6 months of membership; you can from Mar 06, 2026.',
      reasons: ['Members can borrow after 6 months of membership; you can from Mar 06, 2026.'],
    });
    expect(
      loanEligibility({ ...facts, joinedOn: '2025-08-31', today: '2026-02-28' }).isEligible,
    ).toBe(true);
  });

  it('names each failing rule in plain words, the first as the reason', () => {
    const result = loanEligibility({
      ...facts,
      isActive: false,
      joinedOn: '2026-01-10',
      hasOpenLoan: true,
      hasDefaultedLoan: true,
      confirmedSavingsKobo: 0,
    });
    expect(toEligibility(result)).toEqual({
      isEligible: false,
      maxLoanAmount: 0,
      reason: 'Your account is not active.',
      reasons: [
        'Your account is not active.',
        'Members can borrow after 6 months of membership; you can from Jul 10, 2026.',
        'You already have a loan in progress.',
        'You have a defaulted loan to repay first.',
        'You have no confirmed savings yet. Only confirmed contributions count toward a loan.',
      ],
    });
  });

  it.each([
    [{ hasOpenLoan: true }, 'You already have a loan in progress.'],
    [{ hasDefaultedLoan: true }, 'You have a defaulted loan to repay first.'],
    [
      { confirmedSavingsKobo: 0 },
      'You have no confirmed savings yet. Only confirmed contributions count toward a loan.',
    ],
  ])('refuses %o', (change, reason) => {
    expect(loanEligibility({ ...facts, ...change })).toMatchObject({ isEligible: false, reason });
  });
});
