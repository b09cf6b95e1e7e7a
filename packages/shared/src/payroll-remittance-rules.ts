/**
 * The employers' remittances and the payroll reconciliation
 * (docs/decisions/157-payroll-remittances.md): the states of a posted month for one payroll group,
 * their tones and words, and the texts of the back office. Zod-free, so the reconciliation page
 * shows them without the validation library; the schemas are in payroll-remittances.ts.
 */
import { formatMonth } from './dates.js';
import { formatKobo } from './money.js';
import type { StatusDisplay, StatusLabelMap, StatusToneMap } from './status-tones.js';

/**
 * What a posted month's deductions of one group have become: paid over in full (nothing left
 * outstanding, also when nothing was deducted), in part, or not at all.
 */
export const REMITTANCE_STATES = ['remitted', 'partly_remitted', 'not_remitted'] as const;
export type RemittanceState = (typeof REMITTANCE_STATES)[number];

/** The one rule from deducted and remitted (kobo) to the state. */
export function remittanceStateOf(deducted: number, remitted: number): RemittanceState {
  if (remitted >= deducted) return 'remitted';
  return remitted > 0 ? 'partly_remitted' : 'not_remitted';
}

/** Money owed by the employer is waiting for someone to act: the officer who chases it. */
export const REMITTANCE_STATE_TONES: StatusToneMap<RemittanceState> = {
  remitted: 'success',
  partly_remitted: 'warning',
  not_remitted: 'warning',
};

export const REMITTANCE_STATE_LABELS: StatusLabelMap<RemittanceState> = {
  remitted: 'Remitted',
  partly_remitted: 'Partly remitted',
  not_remitted: 'Not yet remitted',
};

/** What a remittance state badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const REMITTANCE_STATE_DISPLAY: StatusDisplay<RemittanceState> = {
  tones: REMITTANCE_STATE_TONES,
  labels: REMITTANCE_STATE_LABELS,
};

/**
 * The largest remittance one record may carry: an employer pays a whole group's month at once
 * (10,000 members at ₦30,000 is ₦300 million), far above a member's ₦50,000,000 ceiling.
 */
export const REMITTANCE_MAX_NAIRA = 10_000_000_000;
export const REMITTANCE_REFERENCE_MAX_LENGTH = 60;

export const REMITTANCE_MESSAGES = {
  invalidAmount: 'Enter the amount received',
  amountPositive: 'The amount must be above zero',
  amountTooLarge: 'The amount cannot exceed ₦10,000,000,000',
  tooPrecise: 'Amount cannot have more than 2 decimal places',
  receivedOnRequired: 'Enter the date the money reached the bank',
  receivedOnFuture: 'The date received cannot be in the future',
  referenceRequired: "Enter the bank's reference of the payment",
  referenceTooLong: `The bank reference cannot exceed ${REMITTANCE_REFERENCE_MAX_LENGTH} characters`,
  monthRequired: 'Choose the payroll month',
  groupRequired: 'Choose the payroll group',
  recorded: 'Remittance recorded',
  recordFailed: 'The remittance could not be recorded',
  noneFound: 'No posted payroll months found',
  remittancesNoneFound: 'No remittances found',
  fetchFailed: 'Failed to fetch the payroll reconciliation',
  groupNotFound: 'Payroll group not found',
} as const;

/** The first day money for `month` can have reached the bank: the month's own first day. */
export function remittanceEarliestDate(month: string): string {
  return `${month}-01`;
}

export const remittanceRefusals = {
  /** Nothing was posted for the month and group: there is nothing to remit against. */
  notPosted: (month: string, group: string) =>
    `${formatMonth(month)} has not been posted for ${group}: post the month's deductions first`,
  /** The amount is above what the group still owes for the month. */
  aboveOutstanding: (
    { deducted, outstanding }: { deducted: number; outstanding: number },
    month: string,
    group: string,
  ) => {
    if (deducted === 0) return `Nothing was deducted by ${group} for ${formatMonth(month)}`;
    if (outstanding === 0) return `${formatMonth(month)} is already remitted in full by ${group}`;
    return `Only ${formatKobo(outstanding)} is still outstanding from ${group} for ${formatMonth(month)}`;
  },
  /** The group's bank reference was recorded before. */
  duplicateReference: (group: string) =>
    `A remittance from ${group} with this bank reference is already recorded`,
  /** Money for a month cannot have arrived before the month began. */
  beforeMonth: (month: string) => `The date received cannot be before ${formatMonth(month)} began`,
};
