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
