import { describe, expect, it } from 'vitest';
import {
  canTransitionDividend,
  dividendListQuerySchema,
  dividendPreviewFormSchema,
  dividendSchema,
} from './dividends.js';

describe('dividends', () => {
  it('default to the latest payment first and sort by year on request', () => {
    expect(dividendListQuerySchema.parse({})).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'paymentDate',
      sortOrder: 'desc',
    });
    expect(
      dividendListQuerySchema.parse({ sortBy: 'dividendYear', sortOrder: 'asc' }),
    ).toMatchObject({
      sortBy: 'dividendYear',
      sortOrder: 'asc',
    });
  });

  it('are paid once, from calculated or pending', () => {
    expect(canTransitionDividend('calculated', 'paid')).toBe(true);
    expect(canTransitionDividend('pending', 'paid')).toBe(true);
    expect(canTransitionDividend('paid', 'pending')).toBe(false);
  });

  it('describe the Dividend record, unpaid until credited', () => {
    const dividend = {
      id: '3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e71',
      dividendPeriod: '2025',
      dividendType: 'share_holding',
      amount: 12_000,
      notes: null,
      issuedDate: '2026-01-31',
      paidDate: null,
      status: 'calculated',
      dividendYear: 2025,
    };
    expect(dividendSchema.parse(dividend)).toEqual(dividend);
  });
});

describe('dividendPreviewFormSchema (the Declare dividend form)', () => {
  const messages = (input: { dividendYear: string; rateBps: string }) =>
    dividendPreviewFormSchema.safeParse(input).error?.issues.map((issue) => issue.message);

  it('reads the rate in percent as basis points', () => {
    expect(dividendPreviewFormSchema.parse({ dividendYear: ' 2025 ', rateBps: '7.5' })).toEqual({
      dividendYear: 2025,
      rateBps: 750,
    });
  });

  it("says what to type, then holds year and rate to the preview's own rules", () => {
    expect(messages({ dividendYear: '25', rateBps: '7.555' })).toEqual([
      'Enter the financial year, like 2025',
      'Enter the rate in percent, like 10 or 7.5',
    ]);
    expect(messages({ dividendYear: '1999', rateBps: '150' })).toEqual([
      'Enter a year from 2000',
      'The rate cannot exceed 100 %',
    ]);
    expect(messages({ dividendYear: '2025', rateBps: '0' })).toEqual([
      'The rate must be above 0 %',
    ]);
  });
});
