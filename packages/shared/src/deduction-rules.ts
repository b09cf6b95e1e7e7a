/**
 * Payroll deductions as members and officers see them (docs/decisions/150-payroll-cycle.md,
 * docs/business-rules.md "Payroll deductions"): the statuses of a change request, the variance
 * kinds and remittance states with their tones and labels, the month a change takes effect from,
 * whether the policy approves a change by itself, and the screens' texts. Zod-free, so the pages
 * show them without the validation library; the schemas are in deductions.ts.
 */
import { formatMonth, type IsoDate, type IsoMonth } from './dates.js';
import { formatKobo, type Kobo } from './money.js';
import type { StatusDisplay } from './status-tones.js';

/* ------------------------------------------------------------------ change requests */

export const CHANGE_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** Pending waits for an officer; approved is done; rejected refused; cancelled closed by the member. */
export const CHANGE_REQUEST_STATUS_DISPLAY: StatusDisplay<ChangeRequestStatus> = {
  tones: { pending: 'warning', approved: 'success', rejected: 'danger', cancelled: 'muted' },
  labels: {
    pending: 'Pending',
    approved: 'Approved',
    rejected: 'Rejected',
    cancelled: 'Cancelled',
  },
};

/** Where an instruction came from, in words. */
export const INSTRUCTION_SOURCES = ['import', 'officer', 'member', 'policy', 'demo'] as const;
export type InstructionSource = (typeof INSTRUCTION_SOURCES)[number];
export const INSTRUCTION_SOURCE_LABELS: Readonly<Record<InstructionSource, string>> = {
  import: 'Members import',
  officer: 'Set by an officer',
  member: 'Change request, approved by an officer',
  policy: 'Change request, approved by the policy',
  demo: 'Opening instruction',
};

/* ------------------------------------------------------------------ a posted month */

/** How what was deducted compares with what was due, on totals (decision 150). */
export const VARIANCE_KINDS = ['matched', 'short', 'over', 'missing', 'unexpected'] as const;
export type VarianceKind = (typeof VARIANCE_KINDS)[number];
export const VARIANCE_KIND_DISPLAY: StatusDisplay<VarianceKind> = {
  tones: {
    matched: 'success',
    short: 'danger',
    over: 'info',
    missing: 'danger',
    unexpected: 'info',
  },
  labels: {
    matched: 'Matched',
    short: 'Short',
    over: 'Over',
    missing: 'Missing',
    unexpected: 'Unexpected',
  },
};

/**
 * Whether the employer paid over a member's deducted money for a month: the member's group's
 * remitted sum for the month against its deducted sum. A group's remittance is not split by
 * member, so a member's month is as remitted as their group's.
 */
export const REMITTANCE_STATES = ['remitted', 'partly_remitted', 'not_remitted'] as const;
export type RemittanceState = (typeof REMITTANCE_STATES)[number];
export const REMITTANCE_STATE_DISPLAY: StatusDisplay<RemittanceState> = {
  tones: { remitted: 'success', partly_remitted: 'warning', not_remitted: 'warning' },
  labels: {
    remitted: 'Remitted',
    partly_remitted: 'Partly remitted',
    not_remitted: 'Not yet remitted',
  },
};

/** The remittance state of a group's month from its two sums (kobo). */
export function remittanceState(deducted: Kobo, remitted: Kobo): RemittanceState {
  if (remitted <= 0) return deducted > 0 ? 'not_remitted' : 'remitted';
  return remitted >= deducted ? 'remitted' : 'partly_remitted';
}

/* ------------------------------------------------------------------ months and limits */

/** '2025-06' + 1 → '2025-07'. */
export function addMonths(month: IsoMonth, months: number): IsoMonth {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The first payroll month a change made on `today` can still reach: this month when made on or
 * before the policy's cut-off day, else the next one (docs/business-rules.md "Payroll
 * deductions"). The payroll office builds the month's deductions after the cut-off, so a later
 * change would arrive after the schedule went out.
 */
export function firstChangeableMonth(today: IsoDate, cutOffDay: number): IsoMonth {
  const month = today.slice(0, 7);
  return Number(today.slice(8, 10)) <= cutOffDay ? month : addMonths(month, 1);
}

/**
 * The last joining day of a member expected in payroll `month`: its cut-off day
 * (docs/decisions/154-deductions-from-the-month-the-cut-off-allows.md). Joining is a change like
 * any other: a member is expected from `firstChangeableMonth(joinedOn)`, so one who joins after
 * the cut-off is first expected the next month, and their joining month never reads as missing.
 */
export function lastJoinDayExpectedIn(month: IsoMonth, cutOffDay: number): IsoDate {
  return `${month}-${String(cutOffDay).padStart(2, '0')}`;
}

export interface DeductionAmounts {
  savings: Kobo;
  shares: Kobo;
}

/**
 * Whether the policy approves a member's change by itself: the limit is above 0 and the change,
 * savings and shares together (each by how much it moves, up or down), is within it. The
 * minimums are checked before, for every request.
 */
export function withinAutoApproval(
  current: DeductionAmounts,
  next: DeductionAmounts,
  limit: Kobo,
): boolean {
  if (limit <= 0) return false;
  return Math.abs(next.savings - current.savings) + Math.abs(next.shares - current.shares) <= limit;
}

/* ------------------------------------------------------------------ texts */

export const DEDUCTION_MESSAGES = {
  pageTitle: 'My payroll deductions',
  pageDescription:
    'What your employer deducts from your salary each month for the cooperative, and what reached it.',
  noInstruction:
    'You have no payroll deduction instruction yet. The cooperative’s office sets it up with your employer’s payroll group.',
  monthsEmpty: 'No payroll months posted yet',
  monthsEmptyDetail:
    'Each month the cooperative posts your employer’s deductions, it appears here with what your instruction expected.',
  requestChange: 'Request a change',
  changeRequested: 'Your change request was sent. An officer will decide it.',
  changeApprovedByPolicy: 'Your change was approved and takes effect as shown.',
  changeCancelled: 'Your change request was cancelled',
  changeOpen: 'You already have a change request waiting for a decision',
  changeSameAsInstruction: 'Your request is the same as your instruction: change an amount',
  noInstructionToChange:
    'You have no payroll deduction instruction to change. Ask the cooperative’s office to set one up.',
  changeNotPending: 'This change request was already decided or cancelled',
  ownRequest: 'You cannot decide your own change request: another officer must',
  approved: 'Change approved: the new instruction is recorded',
  rejected: 'Change rejected. The member was told why.',
  groupCreated: 'Payroll group added',
  groupRenamed: 'Payroll group renamed',
  groupExists: 'A payroll group with this code already exists',
  instructionSaved: 'Deduction instruction saved',
  monthPast: 'The instruction cannot start in a past month',
  unknownGroup: 'Choose a payroll group',
} as const;

export const savingsBelowMinimum = (minimum: Kobo) =>
  `Savings must be at least ${formatKobo(minimum)} a month`;
export const sharesBelowMinimum = (minimum: Kobo) =>
  `Shares must be at least ${formatKobo(minimum)} a month`;

/** 'From July 2025' */
export const fromMonth = (month: IsoMonth) => `From ${formatMonth(month)}`;
