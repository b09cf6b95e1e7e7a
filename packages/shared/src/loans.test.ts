import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  canTransitionLoan,
  certificationProgress,
  certificationSchema,
  eligibleLoanAmountSchema,
  guarantorIdsSchema,
  hasCertified,
  LOAN_STATUSES,
  loanAmountSchema,
  loanCalculationRequestSchema,
  loanListQuerySchema,
  loanPurposeSchema,
  loanRequestSchema,
  maxEligibleAmountMessage,
  repaymentTermSchema,
} from './loans.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const ids = [
  '3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e71',
  '3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e72',
  '3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e73',
  '3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e74',
  '3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e75',
] as const;

describe('loanAmountSchema', () => {
  it('accepts positive amounts up to ₦50,000,000, to the kobo', () => {
    expect(loanAmountSchema.parse(1)).toBe(1);
    expect(loanAmountSchema.parse(50_000_000)).toBe(50_000_000);
    expect(loanAmountSchema.parse(1000.5)).toBe(1000.5);
  });

  it.each([undefined, null, Number.NaN])("says 'Amount is required' for %s", (amount) => {
    expect(messages(loanAmountSchema.safeParse(amount))).toEqual(['Amount is required']);
  });

  it.each([0, -5, '5000'])("says 'Amount must be a positive number' for %s", (amount) => {
    expect(messages(loanAmountSchema.safeParse(amount))).toEqual([
      'Amount must be a positive number',
    ]);
  });

  it('refuses more than ₦50,000,000', () => {
    expect(messages(loanAmountSchema.safeParse(50_000_001))).toEqual([
      'Amount cannot exceed ₦50,000,000',
    ]);
  });

  it('refuses fractions of a kobo', () => {
    expect(messages(loanAmountSchema.safeParse(1000.005))).toEqual([
      'Amount cannot have more than 2 decimal places',
    ]);
  });
});

describe('eligibleLoanAmountSchema and maxEligibleAmountMessage', () => {
  it('words the limit with thousands separators', () => {
    expect(maxEligibleAmountMessage(1_200_000)).toBe(
      'Amount cannot exceed your maximum eligible amount of ₦1,200,000',
    );
    expect(maxEligibleAmountMessage(1_200_000.99)).toBe(
      'Amount cannot exceed your maximum eligible amount of ₦1,200,000',
    );
  });

  it("refuses more than the member's maximum", () => {
    const schema = eligibleLoanAmountSchema(1_200_000);
    expect(schema.parse(1_200_000)).toBe(1_200_000);
    expect(messages(schema.safeParse(1_200_001))).toEqual([
      'Amount cannot exceed your maximum eligible amount of ₦1,200,000',
    ]);
    expect(messages(schema.safeParse(undefined))).toEqual(['Amount is required']);
  });
});

describe('loanPurposeSchema', () => {
  it('trims and accepts 10 to 500 characters', () => {
    expect(loanPurposeSchema.parse('  School fees  ')).toBe('School fees');
    expect(loanPurposeSchema.parse('x'.repeat(500))).toHaveLength(500);
  });

  it.each([
    [undefined, 'Purpose is required'],
    ['   ', 'Purpose is required'],
    ['Too short', 'Purpose must be at least 10 characters'],
    ['x'.repeat(501), 'Purpose cannot exceed 500 characters'],
  ])('refuses %s', (purpose, message) => {
    expect(messages(loanPurposeSchema.safeParse(purpose))).toEqual([message]);
  });
});

describe('repaymentTermSchema', () => {
  it('takes 6, 12 or 18 months, 6 by default', () => {
    expect(repaymentTermSchema.parse(undefined)).toBe(6);
    expect(repaymentTermSchema.parse(12)).toBe(12);
    expect(repaymentTermSchema.parse(18)).toBe(18);
    expect(messages(repaymentTermSchema.safeParse(24))).toEqual([
      'Repayment term must be 6, 12 or 18 months',
    ]);
  });
});

describe('loanCalculationRequestSchema', () => {
  it('defaults to 6 months with the fees deducted', () => {
    expect(loanCalculationRequestSchema.parse({ requestedAmount: 100_000 })).toEqual({
      requestedAmount: 100_000,
      repaymentTermMonths: 6,
      deductProcessingFee: true,
    });
  });

  it('refuses unknown fields', () => {
    expect(
      loanCalculationRequestSchema.safeParse({ requestedAmount: 100_000, interestRate: 0 }).success,
    ).toBe(false);
  });
});

describe('guarantorIdsSchema', () => {
  it('takes 2 to 4 different members', () => {
    expect(guarantorIdsSchema.parse(ids.slice(0, 2))).toHaveLength(2);
    expect(guarantorIdsSchema.parse(ids.slice(0, 4))).toHaveLength(4);
  });

  it.each([
    [[], 'You must select at least 2 guarantors'],
    [undefined, 'You must select at least 2 guarantors'],
    [ids.slice(0, 1), 'You must select at least 2 guarantors'],
    [ids, 'You can select a maximum of 4 guarantors'],
    [[ids[0], ids[0]], 'Each guarantor can be selected only once'],
  ])('refuses %o', (guarantors, message) => {
    expect(messages(guarantorIdsSchema.safeParse(guarantors))).toEqual([message]);
  });
});

describe('loanRequestSchema', () => {
  const request = {
    requestedAmount: 500_000,
    purpose: 'Expand my poultry farm',
    repaymentTermMonths: 12,
    deductProcessingFee: false,
    guarantorUserIds: ids.slice(0, 2),
  };

  it('accepts the wizard body', () => {
    expect(loanRequestSchema.parse(request)).toEqual(request);
  });

  it('reports every field at once', () => {
    const result = loanRequestSchema.safeParse({
      requestedAmount: 0,
      purpose: 'short',
      repaymentTermMonths: 7,
      guarantorUserIds: [],
    });
    expect(result.error?.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['requestedAmount', 'Amount must be a positive number'],
      ['purpose', 'Purpose must be at least 10 characters'],
      ['repaymentTermMonths', 'Repayment term must be 6, 12 or 18 months'],
      ['guarantorUserIds', 'You must select at least 2 guarantors'],
    ]);
  });

  it('refuses unknown fields', () => {
    expect(loanRequestSchema.safeParse({ ...request, status: 'approved' }).success).toBe(false);
  });
});

describe('certificationSchema', () => {
  it('approves with or without a note', () => {
    expect(certificationSchema.parse({ decision: 'approve' })).toEqual({ decision: 'approve' });
    expect(certificationSchema.parse({ decision: 'approve', note: ' Good record ' })).toEqual({
      decision: 'approve',
      note: 'Good record',
    });
  });

  it('requires a reason to reject', () => {
    for (const note of [undefined, '', '   ']) {
      expect(messages(certificationSchema.safeParse({ decision: 'reject', note }))).toEqual([
        'A reason is required to reject a loan',
      ]);
    }
    expect(certificationSchema.parse({ decision: 'reject', note: 'Income too low' })).toEqual({
      decision: 'reject',
      note: 'Income too low',
    });
  });

  it('refuses other decisions and long notes', () => {
    expect(messages(certificationSchema.safeParse({ decision: 'maybe' }))).toEqual([
      'Choose approve or reject',
    ]);
    expect(
      messages(certificationSchema.safeParse({ decision: 'approve', note: 'x'.repeat(501) })),
    ).toEqual(['Note cannot exceed 500 characters']);
  });
});

describe('loan transitions', () => {
  it('allow exactly the moves of the loan life cycle', () => {
    const allowed = LOAN_STATUSES.flatMap((from) =>
      LOAN_STATUSES.filter((to) => canTransitionLoan(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      'pending→under_review',
      'pending→rejected',
      'under_review→approved',
      'under_review→rejected',
      'approved→rejected',
      'approved→disbursed',
      'disbursed→repaid',
      'disbursed→defaulted',
      'defaulted→repaid',
    ]);
  });
});

describe('loanListQuerySchema', () => {
  it('defaults to newest request first, 10 a page', () => {
    expect(loanListQuerySchema.parse({})).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'requestDate',
      sortOrder: 'desc',
    });
  });

  it('reads every filter the list accepts', () => {
    expect(
      loanListQuerySchema.parse({
        status: 'disbursed',
        search: ' LN-000123 ',
        startDate: '2026-01-01',
        endDate: '2026-03-31',
        minAmount: '1000',
        maxAmount: '50000',
        sortBy: 'requestedAmount',
        sortOrder: 'asc',
      }),
    ).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'requestedAmount',
      sortOrder: 'asc',
      status: 'disbursed',
      search: 'LN-000123',
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      minAmount: 1000,
      maxAmount: 50_000,
    });
  });

  it('refuses unknown statuses and reversed ranges', () => {
    expect(loanListQuerySchema.safeParse({ status: 'all' }).success).toBe(false);
    expect(messages(loanListQuerySchema.safeParse({ minAmount: '9', maxAmount: '1' }))).toEqual([
      'Minimum amount cannot exceed maximum amount',
    ]);
  });
});

describe('certificationProgress and hasCertified', () => {
  const loan = {
    requiredCertifications: 2,
    remainingCertifications: 1,
    certifications: [{ reviewerId: ids[0] }],
  };

  it('measures (required − remaining) / required', () => {
    expect(certificationProgress(loan)).toEqual({ completed: 1, required: 2, percent: 50 });
    expect(
      certificationProgress({ requiredCertifications: 3, remainingCertifications: 1 }),
    ).toEqual({ completed: 2, required: 3, percent: 67 });
    expect(
      certificationProgress({ requiredCertifications: 2, remainingCertifications: 2 }),
    ).toEqual({ completed: 0, required: 2, percent: 0 });
  });

  it('knows who has already certified', () => {
    expect(hasCertified(loan, ids[0])).toBe(true);
    expect(hasCertified(loan, ids[1])).toBe(false);
  });
});
