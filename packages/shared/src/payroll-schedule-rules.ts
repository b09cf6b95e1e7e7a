/**
 * The deduction schedule (docs/business-rules.md "The deduction schedule"): its file's columns,
 * the kinds of change between two schedules and the page's words. Zod-free, so the Schedule page
 * shows them without the validation library; the schemas are in payroll-schedules.ts.
 */
import { formatMonth } from './dates.js';
import type { StatusDisplay } from './status-tones.js';

/**
 * The schedule's CSV, in this order: the payroll import reads the same file back once the payroll
 * office has filled in what it deducted (amounts in naira, like the import's).
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

/** What changed for one member since the schedule compared with. */
export const SCHEDULE_CHANGE_KINDS = [
  'new_member',
  'left_group',
  'staff_number',
  'savings',
  'shares',
  'instalment_began',
  'instalment_ended',
  'instalment_changed',
  'fines_due',
  'fines_cleared',
  'fines_changed',
] as const;
export type ScheduleChangeKind = (typeof SCHEDULE_CHANGE_KINDS)[number];

/**
 * A version is open until the month's actuals are posted against it, then final (posted). Open
 * waits for the payroll office; posted is done.
 */
export const SCHEDULE_STATUSES = ['open', 'posted'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const SCHEDULE_STATUS_DISPLAY: StatusDisplay<ScheduleStatus> = {
  tones: { open: 'info', posted: 'success' },
  labels: { open: 'Not posted', posted: 'Posted' },
};

/** The download's file name: `deduction-schedule-2025-11-MOF-HQ.csv`. */
export function scheduleFileName(month: string, groupCode: string, extension: 'csv' | 'pdf') {
  const safeCode = groupCode.replace(/[^A-Za-z0-9-]+/g, '-');
  return `deduction-schedule-${month}-${safeCode}.${extension}`;
}

export const PAYROLL_SCHEDULE_MESSAGES = {
  title: 'Deduction schedule',
  generate: 'Generate schedule',
  regenerate: 'Generate again',
  generated: (count: number, month: string) =>
    `${count === 1 ? 'Schedule' : 'Schedules'} for ${formatMonth(month)} generated`,
  nothingToSchedule: (month: string) =>
    `No member has a deduction instruction in effect for ${formatMonth(month)}: there is nothing to schedule`,
  monthPosted: (month: string, groupCode: string) =>
    `${formatMonth(month)} is posted for ${groupCode}: its schedule is final and cannot be generated again`,
  allPosted: (month: string) =>
    `${formatMonth(month)} is posted for every payroll group: its schedules are final and cannot be generated again`,
  unknownGroup: 'Payroll group not found',
  empty: (month: string) => `No schedule for ${formatMonth(month)} yet`,
  noChanges: 'No changes since the schedule compared with',
  firstSchedule: 'The first schedule for this group: there is nothing earlier to compare with',
  linesEmpty: 'No member in this schedule',
} as const;
