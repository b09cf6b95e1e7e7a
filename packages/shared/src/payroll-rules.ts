/**
 * A payroll month's file format and the preview's row statuses with their tones and labels.
 * Zod-free, so the payroll page shows them without the validation library; the schemas are in
 * payroll.ts.
 */
import type { StatusDisplay, StatusLabelMap, StatusToneMap } from './status-tones.js';

/**
 * The columns of a payroll month (docs/business-rules.md): membershipId, month, savings, shares
 * (naira).
 */
export const PAYROLL_COLUMNS = ['membershipId', 'month', 'savings', 'shares'] as const;
/** The column a payroll month may add: the loan repayment (naira), allocated to the running loan. */
export const PAYROLL_OPTIONAL_COLUMNS = ['repayment'] as const;
/** The same with the optional loan repayment column. */
export const PAYROLL_COLUMNS_WITH_REPAYMENT = [
  ...PAYROLL_COLUMNS,
  ...PAYROLL_OPTIONAL_COLUMNS,
] as const;

/** A preview row: to be posted, posted by an earlier upload (skipped), or refused. */
export const PAYROLL_ROW_STATUSES = ['new', 'already_posted', 'error'] as const;
export type PayrollRowStatus = (typeof PAYROLL_ROW_STATUSES)[number];
/** A new row is good to post; one already posted is skipped without effect. */
export const PAYROLL_ROW_STATUS_TONES: StatusToneMap<PayrollRowStatus> = {
  new: 'success',
  already_posted: 'muted',
  error: 'danger',
};
export const PAYROLL_ROW_STATUS_LABELS: StatusLabelMap<PayrollRowStatus> = {
  new: 'New',
  already_posted: 'Already posted',
  error: 'Error',
};

/** What a payroll row status badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const PAYROLL_ROW_STATUS_DISPLAY: StatusDisplay<PayrollRowStatus> = {
  tones: PAYROLL_ROW_STATUS_TONES,
  labels: PAYROLL_ROW_STATUS_LABELS,
};

/**
 * The schedule's own CSV (what the back office sends the payroll office), read back as the month's
 * actuals: amounts in naira, itemised; staffNumber and memberName are informational, payrollGroup
 * too except for a member with nothing expected, whose group it names (decision 155).
 */
export const PAYROLL_SCHEDULE_COLUMNS = [
  'membershipId',
  'month',
  'savings',
  'shares',
  'repayment',
  'fines',
  'payrollGroup',
  'staffNumber',
  'memberName',
] as const;

/** A payroll office's one-total file: each member's deducted total (naira), allocated by the rule. */
export const PAYROLL_TOTAL_COLUMNS = ['membershipId', 'month', 'deducted'] as const;
/**
 * Columns a one-total file may add after `deducted`, in any order. Informational, except that
 * `payrollGroup` names the group of a member with nothing expected (decision 155).
 */
export const PAYROLL_INFORMATIONAL_COLUMNS = ['payrollGroup', 'staffNumber', 'memberName'] as const;

/**
 * The headers a payroll month's file may have, as the Payroll page states them: the deduction
 * schedule's own CSV read back, the payroll office's one total per member, or the itemised file
 * of before the schedule (membershipId, month, savings, shares, then the repayment if any).
 */
export const PAYROLL_FILE_HEADERS = [
  { columns: PAYROLL_SCHEDULE_COLUMNS },
  { columns: PAYROLL_TOTAL_COLUMNS, optional: PAYROLL_INFORMATIONAL_COLUMNS },
  { columns: PAYROLL_COLUMNS, optional: PAYROLL_OPTIONAL_COLUMNS },
] as const;

/** How a payroll file gives its amounts: line by line, or one total per member. */
export const PAYROLL_FILE_FORMATS = ['itemised', 'total'] as const;
export type PayrollFileFormat = (typeof PAYROLL_FILE_FORMATS)[number];

/**
 * A member's month, expected beside deducted, on totals (docs/decisions/150-payroll-cycle.md):
 * matched (equal), short (less, not nothing), over (more), missing (expected, nothing deducted),
 * unexpected (deducted, nothing expected).
 */
export const PAYROLL_VARIANCE_KINDS = [
  'matched',
  'short',
  'over',
  'missing',
  'unexpected',
] as const;
export type PayrollVarianceKind = (typeof PAYROLL_VARIANCE_KINDS)[number];
/** Matched is good; short and missing leave the member owing; over and unexpected need a look. */
export const PAYROLL_VARIANCE_TONES: StatusToneMap<PayrollVarianceKind> = {
  matched: 'success',
  short: 'danger',
  over: 'info',
  missing: 'danger',
  unexpected: 'warning',
};
export const PAYROLL_VARIANCE_LABELS: StatusLabelMap<PayrollVarianceKind> = {
  matched: 'Matched',
  short: 'Short',
  over: 'Over',
  missing: 'Missing',
  unexpected: 'Unexpected',
};
export const PAYROLL_VARIANCE_DISPLAY: StatusDisplay<PayrollVarianceKind> = {
  tones: PAYROLL_VARIANCE_TONES,
  labels: PAYROLL_VARIANCE_LABELS,
};

/** The kind of a member's month from its expected and deducted totals; null when both are nothing. */
export function varianceKind(expected: number, deducted: number): PayrollVarianceKind | null {
  if (expected <= 0) return deducted > 0 ? 'unexpected' : null;
  if (deducted <= 0) return 'missing';
  if (deducted === expected) return 'matched';
  return deducted < expected ? 'short' : 'over';
}

/** The four lines of a member's payroll month, in kobo (expected or allocated). */
export interface PayrollLines {
  savings: number;
  shares: number;
  instalment: number;
  fines: number;
}

/**
 * The policy's rule for a one-total deduction (docs/decisions/155-payroll-actuals.md): the total
 * goes to the loan instalment due first, then savings, then shares, then fines, each up to what was
 * expected; anything above the expected total goes to savings. The four always add up to the total.
 */
export function allocatePayrollTotal(deducted: number, expected: PayrollLines): PayrollLines {
  let left = Math.max(0, deducted);
  const take = (want: number) => {
    const got = Math.min(Math.max(0, want), left);
    left -= got;
    return got;
  };
  const instalment = take(expected.instalment);
  const savings = take(expected.savings);
  const shares = take(expected.shares);
  const fines = take(expected.fines);
  return { instalment, savings: savings + left, shares, fines };
}

/** The allocation rule in the policy's words, shown on the Policy page and in docs. */
export const PAYROLL_ALLOCATION_RULE =
  'When the payroll office sends one total per member, it goes to the loan instalment due first, then savings, then shares, then fines, each up to what was expected; anything above the expected total goes to savings. A file that itemises its lines is recorded as itemised.';

/**
 * A variance in the member's words, in naira (docs/decisions/155-payroll-actuals.md): '₦5,000 less
 * than your instruction was deducted in November 2025 (₦20,000 of ₦25,000)'. Amounts in kobo.
 */
export function payrollVarianceSentence(
  kind: Exclude<PayrollVarianceKind, 'matched'>,
  monthLabel: string,
  expectedKobo: number,
  deductedKobo: number,
): string {
  const naira = (kobo: number) =>
    `₦${Math.round(kobo / 100).toLocaleString('en-NG', { maximumFractionDigits: 0 })}`;
  switch (kind) {
    case 'short':
      return `${naira(expectedKobo - deductedKobo)} less than your instruction was deducted in ${monthLabel} (${naira(deductedKobo)} of ${naira(expectedKobo)})`;
    case 'over':
      return `${naira(deductedKobo - expectedKobo)} more than your instruction was deducted in ${monthLabel} (${naira(deductedKobo)} of ${naira(expectedKobo)})`;
    case 'missing':
      return `Nothing was deducted in ${monthLabel}; your instruction was ${naira(expectedKobo)}`;
    case 'unexpected':
      return `${naira(deductedKobo)} was deducted in ${monthLabel} with no instruction to deduct it`;
  }
}

/** What the member is asked to do about a variance (Pending Actions). */
export const PAYROLL_VARIANCE_ACTIONS: Record<Exclude<PayrollVarianceKind, 'matched'>, string> = {
  short: 'Check the deduction, then confirm or dispute the contribution',
  over: 'Check the deduction, then confirm or dispute the contribution',
  unexpected: 'Check the deduction, then confirm or dispute the contribution',
  missing: 'Check your payslip; if it was deducted, tell the cooperative',
};
