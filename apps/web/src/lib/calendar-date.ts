/**
 * A date picker's days: the picker works with `Date`s at local midnight, the app with calendar
 * dates ('yyyy-MM-dd'). These two functions convert between them; formatting and checking dates
 * is @coop/shared/dates' (zod-free, so member pages can use it).
 */
import { isIsoDate } from '@coop/shared/dates';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The local-midnight `Date` of a 'yyyy-MM-dd' date; null unless it is a real day. */
export function parseCalendarDate(value: string): Date | null {
  if (!isIsoDate(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  // setFullYear keeps years below 100 from being read as 19xx.
  date.setFullYear(year);
  return date;
}

/** The 'yyyy-MM-dd' of a picked day (its local calendar date). */
export function toCalendarDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
