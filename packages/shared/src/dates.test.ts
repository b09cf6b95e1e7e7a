import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatLongDate,
  formatMonth,
  formatShortDate,
  addMonthsClamped,
  daysBetween,
  deadlineLabel,
  formatDisplayDate,
  formatDisplayDateTime,
  parseIsoDate,
  toIsoDate,
  toIsoDateInTimeZone,
} from './dates.js';
import { isoDateSchema, isoDateTimeSchema, isoMonthSchema } from './date-schemas.js';

describe('isoDateSchema', () => {
  it('accepts real calendar dates only', () => {
    expect(isoDateSchema.safeParse('2026-03-05').success).toBe(true);
    expect(isoDateSchema.safeParse('2024-02-29').success).toBe(true);
    expect(isoDateSchema.safeParse('2023-02-29').success).toBe(false);
    expect(isoDateSchema.safeParse('2026-04-31').success).toBe(false);
    expect(isoDateSchema.safeParse('2026-3-5').success).toBe(false);
    expect(isoDateSchema.safeParse('2026-03-05T00:00:00Z').success).toBe(false);
  });

  it("says 'Invalid date'", () => {
    expect(isoDateSchema.safeParse('2026-02-30').error?.issues[0]?.message).toBe('Invalid date');
  });
});

describe('isoMonthSchema', () => {
  it('accepts yyyy-MM', () => {
    expect(isoMonthSchema.safeParse('2026-01').success).toBe(true);
    expect(isoMonthSchema.safeParse('2026-12').success).toBe(true);
    expect(isoMonthSchema.safeParse('2026-13').success).toBe(false);
    expect(isoMonthSchema.safeParse('2026-00').success).toBe(false);
    expect(isoMonthSchema.safeParse('2026-1').success).toBe(false);
  });
});

describe('isoDateTimeSchema', () => {
  it('requires an offset so the instant is unambiguous', () => {
    expect(isoDateTimeSchema.safeParse('2026-03-05T13:05:00.000Z').success).toBe(true);
    expect(isoDateTimeSchema.safeParse('2026-03-05T14:05:00+01:00').success).toBe(true);
    expect(isoDateTimeSchema.safeParse('2026-03-05T14:05:00').success).toBe(false);
  });
});

describe('toIsoDate and parseIsoDate', () => {
  it('takes the UTC calendar date of an instant', () => {
    expect(toIsoDate(new Date('2026-03-05T23:30:00Z'))).toBe('2026-03-05');
    expect(toIsoDate(new Date('0999-01-02T00:00:00Z'))).toBe('0999-01-02');
  });

  it('parses at noon UTC and round-trips', () => {
    expect(parseIsoDate('2026-03-29').toISOString()).toBe('2026-03-29T12:00:00.000Z');
    expect(toIsoDate(parseIsoDate('2024-02-29'))).toBe('2024-02-29');
  });

  it('refuses invalid input', () => {
    expect(() => toIsoDate(new Date('nonsense'))).toThrow(RangeError);
    expect(() => parseIsoDate('2023-02-29')).toThrow(RangeError);
  });
});

describe('toIsoDateInTimeZone', () => {
  it("gives the cooperative's date (Lagos, UTC+1) by default", () => {
    expect(toIsoDateInTimeZone(new Date('2026-03-05T23:30:00Z'))).toBe('2026-03-06');
    expect(toIsoDateInTimeZone(new Date('2026-03-05T22:59:00Z'))).toBe('2026-03-05');
  });

  it('takes any time zone', () => {
    expect(toIsoDateInTimeZone(new Date('2026-03-05T03:00:00Z'), 'America/New_York')).toBe(
      '2026-03-04',
    );
  });
});

describe('addMonthsClamped', () => {
  it('keeps the day of the month', () => {
    expect(addMonthsClamped('2026-01-15', 1)).toBe('2026-02-15');
    expect(addMonthsClamped('2026-01-15', 18)).toBe('2027-07-15');
    expect(addMonthsClamped('2026-01-15', 0)).toBe('2026-01-15');
  });

  it('clamps to the end of a shorter month', () => {
    expect(addMonthsClamped('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsClamped('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsClamped('2026-08-31', 1)).toBe('2026-09-30');
    expect(addMonthsClamped('2026-01-31', 2)).toBe('2026-03-31');
  });

  it('crosses years in both directions', () => {
    expect(addMonthsClamped('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonthsClamped('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonthsClamped('2026-01-10', -13)).toBe('2024-12-10');
  });

  it('refuses fractional months and invalid dates', () => {
    expect(() => addMonthsClamped('2026-01-31', 1.5)).toThrow(RangeError);
    expect(() => addMonthsClamped('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('daysBetween', () => {
  it('counts whole calendar days, across DST changes elsewhere and leap days', () => {
    expect(daysBetween('2026-03-05', '2026-03-05')).toBe(0);
    expect(daysBetween('2026-03-05', '2026-03-08')).toBe(3);
    expect(daysBetween('2026-03-08', '2026-03-05')).toBe(-3);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
  });
});

describe('formatDisplayDate', () => {
  it("formats 'MMM dd, yyyy'", () => {
    expect(formatDisplayDate('2026-03-05')).toBe('Mar 05, 2026');
    expect(formatDisplayDate('2026-12-31')).toBe('Dec 31, 2026');
  });

  it("shows an instant's date in the cooperative's time zone", () => {
    expect(formatDisplayDate('2026-03-05T23:30:00Z')).toBe('Mar 06, 2026');
    expect(formatDisplayDate(new Date('2026-01-01T10:00:00Z'))).toBe('Jan 01, 2026');
  });

  it("shows 'Invalid date' for anything unreadable", () => {
    expect(formatDisplayDate('2026-02-30')).toBe('Invalid date');
    expect(formatDisplayDate('yesterday')).toBe('Invalid date');
    expect(formatDisplayDate(new Date(Number.NaN))).toBe('Invalid date');
  });
});

describe('formatDisplayDateTime', () => {
  it("formats 'MMM dd, yyyy, HH:mm' in the cooperative's time zone", () => {
    expect(formatDisplayDateTime('2026-03-05T13:05:00.000Z')).toBe('Mar 05, 2026, 14:05');
    expect(formatDisplayDateTime(new Date('2026-03-05T23:00:00Z'))).toBe('Mar 06, 2026, 00:00');
  });

  it("shows 'Invalid date' for anything that is not an instant", () => {
    expect(formatDisplayDateTime('2026-03-05')).toBe('Invalid date');
    expect(formatDisplayDateTime('not a date')).toBe('Invalid date');
  });
});

describe('deadlineLabel', () => {
  const today = '2026-03-05';

  it('reads Overdue, Due Today, Due Tomorrow or Due in N days', () => {
    expect(deadlineLabel('2026-03-04', today)).toBe('Overdue');
    expect(deadlineLabel('2025-12-31', today)).toBe('Overdue');
    expect(deadlineLabel('2026-03-05', today)).toBe('Due Today');
    expect(deadlineLabel('2026-03-06', today)).toBe('Due Tomorrow');
    expect(deadlineLabel('2026-03-08', today)).toBe('Due in 3 days');
  });

  it('rounds a deadline later in a day up to that whole day', () => {
    // 2026-03-07 09:00 in Lagos: one day and some hours away counts as two days.
    expect(deadlineLabel('2026-03-07T08:00:00Z', today)).toBe('Due in 2 days');
    // Midnight in Lagos is 23:00 UTC the evening before.
    expect(deadlineLabel(new Date('2026-03-05T22:59:00Z'), today)).toBe('Due Today');
    expect(deadlineLabel(new Date('2026-03-05T23:00:00Z'), today)).toBe('Due Tomorrow');
  });

  it('gives no label for an unreadable deadline', () => {
    expect(deadlineLabel('soon', today)).toBeNull();
  });
});

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-03-05', 0)).toBe('2026-03-05');
  });
});

describe('filter and month labels', () => {
  it('formats short and long dates and months, and says so when unreadable', () => {
    expect(formatShortDate('2026-03-05')).toBe('Mar 05');
    expect(formatLongDate('2026-03-05')).toBe('March 5, 2026');
    expect(formatMonth('2025-03')).toBe('March 2025');
    expect(formatMonth('2025-13')).toBe('Invalid date');
    expect(formatShortDate('2026-02-30')).toBe('Invalid date');
    expect(formatLongDate('yesterday')).toBe('Invalid date');
  });
});
