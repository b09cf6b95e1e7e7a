import { describe, expect, it } from 'vitest';
import {
  addMonths,
  firstChangeableMonth,
  lastJoinDayExpectedIn,
  remittanceState,
  withinAutoApproval,
} from './deduction-rules.js';

describe('payroll deduction rules', () => {
  it('counts months across a year', () => {
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2025-06', 0)).toBe('2025-06');
  });

  it('takes a change this month up to the cut-off day, next month after it', () => {
    expect(firstChangeableMonth('2025-06-15', 15)).toBe('2025-06');
    expect(firstChangeableMonth('2025-06-16', 15)).toBe('2025-07');
    expect(firstChangeableMonth('2025-12-31', 28)).toBe('2026-01');
  });

  it('expects a member from the month their joining could still reach, as any change', () => {
    expect(lastJoinDayExpectedIn('2025-06', 15)).toBe('2025-06-15');
    expect(lastJoinDayExpectedIn('2025-06', 5)).toBe('2025-06-05');
    const months = ['2025-05', '2025-06', '2025-07'] as const;
    for (const joinedOn of ['2025-05-31', '2025-06-01', '2025-06-15', '2025-06-16'] as const) {
      for (const month of months) {
        expect(joinedOn <= lastJoinDayExpectedIn(month, 15), `${joinedOn} in ${month}`).toBe(
          firstChangeableMonth(joinedOn, 15) <= month,
        );
      }
    }
  });

  it('approves by policy a change within the limit, savings and shares together; 0 never', () => {
    const current = { savings: 20_000_00, shares: 5_000_00 };
    expect(withinAutoApproval(current, { savings: 23_000_00, shares: 7_000_00 }, 5_000_00)).toBe(
      true,
    );
    expect(withinAutoApproval(current, { savings: 26_000_00, shares: 5_000_00 }, 5_000_00)).toBe(
      false,
    );
    expect(withinAutoApproval(current, { savings: 17_000_00, shares: 3_000_00 }, 5_000_00)).toBe(
      true,
    );
    expect(withinAutoApproval(current, { savings: 20_000_01, shares: 5_000_00 }, 0)).toBe(false);
  });

  it('reads a group month as remitted, partly remitted or not yet remitted', () => {
    expect(remittanceState(100, 100)).toBe('remitted');
    expect(remittanceState(100, 150)).toBe('remitted');
    expect(remittanceState(100, 40)).toBe('partly_remitted');
    expect(remittanceState(100, 0)).toBe('not_remitted');
  });
});
