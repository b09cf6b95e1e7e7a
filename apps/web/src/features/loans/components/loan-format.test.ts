import type { LoanCalculation } from '@coop/shared/loans';
import { describe, expect, it } from 'vitest';
import { payoutLine } from './loan-format';

const calculation = (over: Partial<LoanCalculation['calculation']>) =>
  ({
    requestedAmount: 200_000,
    disbursementAmount: 197_000,
    totalProcessingFees: 3_000,
    ...over,
  }) as LoanCalculation['calculation'];

describe('payoutLine (the wizard step 3 and the calculator)', () => {
  it('says what the member receives after the fees deducted', () => {
    expect(payoutLine(calculation({}))).toBe('You receive ₦197,000; fees ₦3,000');
  });

  it('says when the fees are paid with the first instalment instead', () => {
    expect(payoutLine(calculation({ disbursementAmount: 200_000 }))).toBe(
      'You receive ₦200,000; fees ₦3,000, paid with your first instalment',
    );
  });
});
