import { formatDisplayDate, INVALID_DATE_LABEL } from '@coop/shared/dates';
import type { LoanCalculation } from '@coop/shared/loans';
import { formatNaira } from '@coop/shared/money';

/** Whole naira, en-NG (docs/decisions/001-money-as-integer-kobo.md). */
export const naira = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? '—' : formatNaira(amount);

/** 'MMM dd, yyyy', or 'Invalid date' (docs/member-portal.md §8 Loans). */
export function displayDate(value: string | null | undefined): string {
  if (!value) return '—';
  try {
    return formatDisplayDate(value);
  } catch {
    return INVALID_DATE_LABEL;
  }
}

/**
 * What the member is paid out, after the processing fees: "You receive ₦48,500; fees ₦1,500".
 * Fees not deducted from the loan are paid with the first instalment, and the line says so.
 */
export function payoutLine(c: LoanCalculation['calculation']): string {
  const line = `You receive ${naira(c.disbursementAmount)}; fees ${naira(c.totalProcessingFees)}`;
  return c.disbursementAmount < c.requestedAmount
    ? line
    : `${line}, paid with your first instalment`;
}
