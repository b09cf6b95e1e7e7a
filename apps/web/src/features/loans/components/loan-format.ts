import { formatDisplayDate, INVALID_DATE_LABEL } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';

/** Whole naira, en-NG (spec §1). */
export const naira = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? '—' : formatNaira(amount);

/** 'MMM dd, yyyy', or 'Invalid date' (spec §8 Loans). */
export function displayDate(value: string | null | undefined): string {
  if (!value) return '—';
  try {
    return formatDisplayDate(value);
  } catch {
    return INVALID_DATE_LABEL;
  }
}
