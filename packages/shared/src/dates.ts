/**
 * Calendar dates are `IsoDate` strings ('yyyy-MM-dd'), never `Date`s: a date has no time zone, so
 * it cannot shift by a day between server and browser. When a `Date` is needed for arithmetic it
 * is taken at noon UTC, far from any midnight a time-zone offset could cross. Timestamps travel as
 * ISO 8601 strings with an offset and are shown in the cooperative's time zone.
 */
import { COOPERATIVE_TIME_ZONE } from './constants.js';

/** A calendar date, 'yyyy-MM-dd'. */
export type IsoDate = string;
/** A calendar month, 'yyyy-MM'. */
export type IsoMonth = string;
/** An instant, ISO 8601 with 'Z' or an offset, e.g. '2026-03-05T13:05:00.000Z'. */
export type IsoDateTime = string;
/** A calendar date, an instant as text, or an instant: whatever a screen has to show as a date. */
export type DateLike = string | Date;

export const INVALID_DATE_LABEL = 'Invalid date';

const MS_PER_DAY = 86_400_000;
const NOON_UTC_HOURS = 12;
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

/**
 * A real calendar date ('2023-02-29' is refused, '2024-02-29' accepted). Written without zod so
 * that member pages can format dates without downloading the validation library.
 */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The UTC calendar date of an instant. */
export function toIsoDate(date: Date): IsoDate {
  assertValidDate(date);
  return formatIsoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** The calendar date of an instant in a time zone: what "today" means for the cooperative. */
export function toIsoDateInTimeZone(date: Date, timeZone = COOPERATIVE_TIME_ZONE): IsoDate {
  assertValidDate(date);
  const { year, month, day } = zonedParts(date, timeZone);
  return formatIsoDate(year, month, day);
}

/** The date at noon UTC, so local-time arithmetic and DST can never move it to another day. */
export function parseIsoDate(iso: IsoDate): Date {
  const { year, month, day } = isoDateParts(iso);
  return new Date(Date.UTC(year, month - 1, day, NOON_UTC_HOURS));
}

/**
 * The same day of the month `months` later (or earlier when negative), clamped to the end of a
 * shorter month: Jan 31 + 1 month is Feb 28 (Feb 29 in a leap year), Mar 31 − 1 month likewise.
 */
export function addMonthsClamped(iso: IsoDate, months: number): IsoDate {
  if (!Number.isSafeInteger(months)) {
    throw new RangeError(`Expected a whole number of months, got ${months}`);
  }
  const { year, month, day } = isoDateParts(iso);
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex - targetYear * 12 + 1;
  return formatIsoDate(
    targetYear,
    targetMonth,
    Math.min(day, daysInMonth(targetYear, targetMonth)),
  );
}

/** The calendar date `days` later (earlier when negative). */
export function addDays(iso: IsoDate, days: number): IsoDate {
  if (!Number.isSafeInteger(days)) throw new RangeError(`Expected whole days, got ${days}`);
  return toIsoDate(new Date(parseIsoDate(iso).getTime() + days * MS_PER_DAY));
}

/** Whole days from `from` to `to`: positive when `to` is later. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((parseIsoDate(to).getTime() - parseIsoDate(from).getTime()) / MS_PER_DAY);
}

/**
 * 'Mar 05, 2026' (docs/member-portal.md §9 'MMM dd, yyyy'). A calendar date is shown as is; an
 * instant is shown as its date in the cooperative's time zone. Anything unreadable shows 'Invalid
 * date' (docs/member-portal.md §8).
 */
export function formatDisplayDate(value: DateLike): string {
  const date = calendarDateOf(value);
  if (date === null) return INVALID_DATE_LABEL;
  const { year, month, day } = isoDateParts(date);
  return `${monthAbbreviation(month)} ${pad(day, 2)}, ${pad(year, 4)}`;
}

/** 'Mar 05' ('MMM dd'): each end of a date-range chip (docs/member-portal.md §2). */
export function formatShortDate(value: DateLike): string {
  const date = calendarDateOf(value);
  if (date === null) return INVALID_DATE_LABEL;
  const { month, day } = isoDateParts(date);
  return `${monthAbbreviation(month)} ${pad(day, 2)}`;
}

/** 'March 5, 2026': the long date a date filter displays (docs/member-portal.md §2). */
export function formatLongDate(value: DateLike): string {
  const date = calendarDateOf(value);
  if (date === null) return INVALID_DATE_LABEL;
  const { year, month, day } = isoDateParts(date);
  return `${monthName(month)} ${day}, ${pad(year, 4)}`;
}

/** A calendar month, 'yyyy-MM' (January is 01). */
export function isIsoMonth(value: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** '2025-03' → 'March 2025': how members name a contribution month. */
export function formatMonth(month: IsoMonth): string {
  if (!isIsoMonth(month)) return INVALID_DATE_LABEL;
  return `${monthName(Number(month.slice(5, 7)))} ${month.slice(0, 4)}`;
}

/** 'Mar 05, 2026, 14:05' in the cooperative's time zone (24-hour clock). Instants only. */
export function formatDisplayDateTime(value: IsoDateTime | Date): string {
  const instant = instantOf(value);
  if (instant === null) return INVALID_DATE_LABEL;
  const { year, month, day, hour, minute } = zonedParts(instant, COOPERATIVE_TIME_ZONE);
  return `${monthAbbreviation(month)} ${pad(day, 2)}, ${pad(year, 4)}, ${pad(hour, 2)}:${pad(minute, 2)}`;
}

/**
 * The label of a pending action's deadline (docs/member-portal.md §4): 'Overdue' before today, 'Due
 * Today', 'Due Tomorrow', else 'Due in N days'. Days are counted between calendar dates, so a
 * deadline any time on a later day rounds up to that whole day. `null` when the deadline is
 * unreadable.
 */
export function deadlineLabel(deadline: DateLike, today: IsoDate): string | null {
  const deadlineDate = calendarDateOf(deadline);
  if (deadlineDate === null) return null;
  const days = daysBetween(today, deadlineDate);
  if (days < 0) return 'Overdue';
  if (days === 0) return 'Due Today';
  if (days === 1) return 'Due Tomorrow';
  return `Due in ${days} days`;
}

function calendarDateOf(value: DateLike): IsoDate | null {
  if (typeof value === 'string' && isIsoDate(value)) return value;
  const instant = instantOf(value);
  return instant === null ? null : toIsoDateInTimeZone(instant);
}

function instantOf(value: IsoDateTime | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  // The shape isoDateTimeSchema accepts (an offset is required), checked without zod.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value))
    return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

function isoDateParts(iso: IsoDate): { year: number; month: number; day: number } {
  if (!isIsoDate(iso)) throw new RangeError(`Expected a date as yyyy-MM-dd, got '${iso}'`);
  return {
    year: Number(iso.slice(0, 4)),
    month: Number(iso.slice(5, 7)),
    day: Number(iso.slice(8, 10)),
  };
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function formatIsoDate(year: number, month: number, day: number): IsoDate {
  if (year < 0 || year > 9999) throw new RangeError(`Year ${year} is outside 0000–9999`);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function monthName(month: number): string {
  const name = MONTH_NAMES[month - 1];
  if (name === undefined) throw new RangeError(`Month ${month} is outside 1–12`);
  return name;
}

const monthAbbreviation = (month: number) => monthName(month).slice(0, 3);

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function assertValidDate(date: Date): void {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid Date');
}

const zonedFormatters = new Map<string, Intl.DateTimeFormat>();

/** Calendar fields of an instant in a time zone; the formatter is built once per zone. */
function zonedParts(date: Date, timeZone: string) {
  let formatter = zonedFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    zonedFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(date);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
  };
}
