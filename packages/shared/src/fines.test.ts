import { describe, expect, it } from 'vitest';
import { canTransitionFine, fineListQuerySchema, isFineOverdue } from './fines.js';

describe('fines', () => {
  it('default to the newest fine first and filter by status', () => {
    expect(fineListQuerySchema.parse({ status: 'waived' })).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'fineDate',
      sortOrder: 'desc',
      status: 'waived',
    });
    expect(fineListQuerySchema.safeParse({ status: 'all' }).success).toBe(false);
  });

  it('move from pending to paid or waived only', () => {
    expect(canTransitionFine('pending', 'paid')).toBe(true);
    expect(canTransitionFine('pending', 'waived')).toBe(true);
    expect(canTransitionFine('paid', 'waived')).toBe(false);
    expect(canTransitionFine('waived', 'pending')).toBe(false);
  });

  it('are overdue when pending past their due date', () => {
    const today = '2026-03-05';
    expect(isFineOverdue({ status: 'pending', dueDate: '2026-03-04' }, today)).toBe(true);
    expect(isFineOverdue({ status: 'pending', dueDate: '2026-03-05' }, today)).toBe(false);
    expect(isFineOverdue({ status: 'paid', dueDate: '2026-01-01' }, today)).toBe(false);
  });
});
