import { describe, expect, it } from 'vitest';
import { parseCalendarDate, toCalendarDate } from './calendar-date';

describe('date picker days', () => {
  it('round-trips a picked day through a local Date', () => {
    expect(toCalendarDate(parseCalendarDate('2025-03-05') as Date)).toBe('2025-03-05');
    expect(toCalendarDate(new Date(2025, 11, 31, 23, 59))).toBe('2025-12-31');
    expect(parseCalendarDate('0099-01-01')?.getFullYear()).toBe(99);
  });

  it('refuses what is not a real day', () => {
    expect(parseCalendarDate('2023-02-29')).toBeNull();
    expect(parseCalendarDate('2025-3-1')).toBeNull();
  });
});
