/**
 * Calendar dates ('yyyy-MM-dd') and months ('yyyy-MM') for the browser, formatted by hand. Two
 * libraries were avoided on purpose: `@coop/shared/dates` validates with zod, which member pages
 * must not download, and date-fns' `format` brings its whole English locale (about 5 KB gzipped)
 * into every list page; date-fns stays in the lazily loaded calendar. A calendar date becomes a
 * `Date` at local midnight, as date pickers work in, and always travels back as 'yyyy-MM-dd'.
 */

/** Spec §8: what an unreadable date shows. */
export const INVALID_DATE_LABEL = 'Invalid date';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CALENDAR_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const monthName = (date: Date) => MONTH_NAMES[date.getMonth()] as string;
const shortMonthName = (date: Date) => monthName(date).slice(0, 3);

/** The local-midnight `Date` of a 'yyyy-MM-dd' date; null unless it is a real day ('2023-02-29' is not). */
export function parseCalendarDate(value: string): Date | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  // setFullYear keeps years below 100 from being read as 19xx.
  date.setFullYear(year);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date
    : null;
}

export function isCalendarDate(value: string): boolean {
  return parseCalendarDate(value) !== null;
}

export function isCalendarMonth(value: string): boolean {
  return CALENDAR_MONTH.test(value);
}

/** The 'yyyy-MM-dd' of a picked day (its local calendar date). */
export function toCalendarDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function formatWith(value: string, render: (date: Date) => string): string {
  const date = parseCalendarDate(value);
  return date ? render(date) : INVALID_DATE_LABEL;
}

/** 'Mar 05, 2026' (spec §9 'MMM dd, yyyy'). */
export function formatCalendarDate(value: string): string {
  return formatWith(
    value,
    (date) => `${shortMonthName(date)} ${pad(date.getDate())}, ${date.getFullYear()}`,
  );
}

/** 'Mar 05' ('MMM dd'), as a date-range chip shows each end (spec §2). */
export function formatShortDate(value: string): string {
  return formatWith(value, (date) => `${shortMonthName(date)} ${pad(date.getDate())}`);
}

/** 'March 5, 2026': the long date a date filter displays (spec §2). */
export function formatLongDate(value: string): string {
  return formatWith(value, (date) => `${monthName(date)} ${date.getDate()}, ${date.getFullYear()}`);
}

/** '2025-03' → 'March 2025', the way members name a contribution month. */
export function formatCalendarMonth(value: string): string {
  return isCalendarMonth(value)
    ? formatWith(`${value}-01`, (date) => `${monthName(date)} ${date.getFullYear()}`)
    : INVALID_DATE_LABEL;
}
