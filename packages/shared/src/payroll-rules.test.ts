import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocatePayrollTotal, payrollVarianceSentence, varianceKind } from './payroll-rules.js';

describe('the payroll month’s rules (docs/decisions/155-payroll-actuals.md)', () => {
  it('classes a member’s month on totals', () => {
    expect(varianceKind(25_000, 25_000)).toBe('matched');
    expect(varianceKind(25_000, 20_000)).toBe('short');
    expect(varianceKind(25_000, 30_000)).toBe('over');
    expect(varianceKind(25_000, 0)).toBe('missing');
    expect(varianceKind(0, 8_000)).toBe('unexpected');
    expect(varianceKind(0, 0)).toBeNull();
  });

  it('allocates a short total to the instalment, then savings, shares and fines', () => {
    const expected = { instalment: 10_000, savings: 20_000, shares: 5_000, fines: 1_000 };
    expect(allocatePayrollTotal(8_000, expected)).toEqual({
      instalment: 8_000,
      savings: 0,
      shares: 0,
      fines: 0,
    });
    expect(allocatePayrollTotal(33_000, expected)).toEqual({
      instalment: 10_000,
      savings: 20_000,
      shares: 3_000,
      fines: 0,
    });
    expect(allocatePayrollTotal(40_000, expected)).toEqual({
      instalment: 10_000,
      savings: 24_000,
      shares: 5_000,
      fines: 1_000,
    });
  });

  it('always allocates exactly the deducted total, never a line above its expected but savings', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(amount, amount, amount, amount, amount, (deducted, i, s, h, f) => {
        const got = allocatePayrollTotal(deducted, {
          instalment: i,
          savings: s,
          shares: h,
          fines: f,
        });
        expect(got.instalment + got.savings + got.shares + got.fines).toBe(deducted);
        expect(got.instalment).toBeLessThanOrEqual(i);
        expect(got.shares).toBeLessThanOrEqual(h);
        expect(got.fines).toBeLessThanOrEqual(f);
      }),
    );
  });

  it('explains a variance in naira', () => {
    expect(payrollVarianceSentence('short', 'November 2025', 2_500_000, 2_000_000)).toBe(
      '₦5,000 less than your instruction was deducted in November 2025 (₦20,000 of ₦25,000)',
    );
    expect(payrollVarianceSentence('missing', 'November 2025', 2_500_000, 0)).toBe(
      'Nothing was deducted in November 2025; your instruction was ₦25,000',
    );
  });
});
