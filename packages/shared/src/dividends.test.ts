import { describe, expect, it } from 'vitest';
import { canTransitionDividend, dividendListQuerySchema, dividendSchema } from './dividends.js';

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
