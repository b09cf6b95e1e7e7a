import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_STATUS_DISPLAY,
  ACTIVITY_TYPES,
  activityDirection,
  activityDisplayType,
  activityStatusLabel,
  dashboardResponseSchema,
  formatActivityAmount,
} from './dashboard.js';

describe('activityStatusLabel', () => {
  it.each([
    ['contribution', 'completed', 'Completed'],
    ['contribution', 'confirmed', 'Completed'],
    ['contribution', 'pending', 'Pending'],
    ['contribution', 'disputed', 'Disputed'],
    ['loan', 'disbursed', 'Disbursed'],
    ['loan', 'under_review', 'Under Review'],
    ['withdrawal', 'cancelled', 'Cancelled'],
    ['fine', 'waived', 'Waived'],
    ['dividend', 'calculated', 'Calculated'],
  ] as const)('shows a %s %s as %s', (type, status, label) => {
    expect(activityStatusLabel(type, status)).toBe(label);
  });

  it('shows Completed in green whatever the row: a verified deposit, a confirmed repayment', () => {
    expect(ACTIVITY_STATUS_DISPLAY.contribution.tones['completed']).toBe('success');
    expect(ACTIVITY_STATUS_DISPLAY.loan.tones['confirmed']).toBe('success');
    expect(ACTIVITY_STATUS_DISPLAY.loan.tones['under_review']).toBe('info');
  });
});

describe('activityDirection and formatActivityAmount', () => {
  it('signs money in with + and money out with −, loans with nothing', () => {
    expect(ACTIVITY_TYPES.map((type) => [type, formatActivityAmount(type, 5_000)])).toEqual([
      ['contribution', '+₦5,000'],
      ['loan', '₦5,000'],
      ['withdrawal', '-₦5,000'],
      ['dividend', '+₦5,000'],
      ['fine', '-₦5,000'],
    ]);
  });

  it('signs nothing when no money moved: a rejected or cancelled withdrawal, a waived fine', () => {
    expect(formatActivityAmount('withdrawal', 25_000, 'rejected')).toBe('₦25,000');
    expect(formatActivityAmount('withdrawal', 25_000, 'cancelled')).toBe('₦25,000');
    expect(formatActivityAmount('fine', 2_000, 'waived')).toBe('₦2,000');
    expect(formatActivityAmount('withdrawal', 25_000, 'completed')).toBe('-₦25,000');
  });

  it('treats a negative contribution as a withdrawal', () => {
    expect(activityDirection('contribution', -2_500)).toBe('outgoing');
    expect(formatActivityAmount('contribution', -2_500)).toBe('-₦2,500');
    expect(activityDisplayType('contribution', -2_500)).toBe('withdrawal');
    expect(activityDisplayType('contribution', 2_500)).toBe('contribution');
  });
});

describe('dashboardResponseSchema', () => {
  it('describes GET /users/dashboard', () => {
    const answer = {
      success: true,
      data: {
        financialSummary: {
          totalSavings: 600_000,
          totalShareHolding: 150_000,
          availableBalance: 350_000,
          frozenAmount: 250_000,
          outstandingLoans: 0,
          totalDividends: 12_000,
          totalFines: 1_000,
          held: [
            { account: 'savings', reason: 'guarantee', amount: 225_000 },
            { account: 'savings', reason: 'withdrawal', amount: 25_000 },
          ],
        },
        recentActivity: [
          {
            id: '3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e71',
            type: 'contribution',
            description: 'February 2026 contribution',
            amount: 25_000,
            date: '2026-02-25T10:00:00.000Z',
            status: 'pending',
          },
        ],
        pendingActions: [
          {
            id: '3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e72',
            type: 'contribution_confirm',
            description: 'February 2026 contribution',
            actionRequired: 'Confirm or dispute this contribution',
            deadline: '2026-03-10',
            actionUrl: '/contributions',
          },
        ],
        nextUp: {
          overdue: null,
          nextInstalment: {
            loanId: 'LN-000009',
            month: 1,
            ofMonths: 12,
            dueDate: '2026-03-26',
            amount: 18_332,
          },
          guarantorRequest: null,
        },
        currentLoan: null,
        savingsHistory: [
          { month: '2026-01', savings: 575_000, shares: 150_000 },
          { month: '2026-02', savings: 600_000, shares: 150_000 },
        ],
      },
    };
    expect(dashboardResponseSchema.parse(answer)).toEqual(answer);
  });
});
