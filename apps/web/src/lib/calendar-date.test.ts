import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatCalendarMonth,
  formatLongDate,
  formatShortDate,
  isCalendarDate,
  isCalendarMonth,
  parseCalendarDate,
  toCalendarDate,
} from './calendar-date';

describe('calendar dates', () => {
  it('accepts only real days and months', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2025-3-1')).toBe(false);
    expect(isCalendarMonth('2025-03')).toBe(true);
    expect(isCalendarMonth('2025-13')).toBe(false);
  });

  it('round-trips a picked day through a local Date', () => {
    expect(toCalendarDate(parseCalendarDate('2025-03-05') as Date)).toBe('2025-03-05');
    expect(toCalendarDate(new Date(2025, 11, 31, 23, 59))).toBe('2025-12-31');
  });

  it('formats dates and months as the spec shows them', () => {
    expect(formatCalendarDate('2025-03-05')).toBe('Mar 05, 2025');
    expect(formatShortDate('2025-03-05')).toBe('Mar 05');
    expect(formatLongDate('2025-03-05')).toBe('March 5, 2025');
    expect(formatCalendarMonth('2025-03')).toBe('March 2025');
    expect(formatCalendarDate('05/03/2025')).toBe('Invalid date');
    expect(formatCalendarMonth('2025-00')).toBe('Invalid date');
  });
});
