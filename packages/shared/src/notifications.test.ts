import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_TYPES,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPriorityForType,
  notificationTone,
} from './notifications.js';

describe('notificationListQuerySchema', () => {
  it('defaults to newest first, 10 a page, read and unread', () => {
    expect(notificationListQuerySchema.parse({})).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
  });

  it('narrows to read or unread notifications', () => {
    expect(notificationListQuerySchema.parse({ read: 'false' }).read).toBe(false);
    expect(notificationListQuerySchema.parse({ read: 'true' }).read).toBe(true);
    expect(notificationListQuerySchema.safeParse({ read: 'maybe' }).success).toBe(false);
  });
});

describe('notificationListResponseSchema', () => {
  it('carries the page, its pagination and the unread count', () => {
    const answer = {
      success: true,
      data: [
        {
          id: '3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e71',
          type: 'guarantor_request',
          title: 'Guarantor request',
          message: 'Chidi Eze asked you to guarantee a loan',
          read: false,
          readAt: null,
          createdAt: '2026-03-05T09:00:00.000Z',
          priority: 'medium',
          actionText: 'Review',
          actionUrl: '/loans?tab=guarantor-requests',
        },
      ],
      pagination: {
        currentPage: 1,
        totalPages: 1,
        totalItems: 1,
        hasNext: false,
        hasPrev: false,
        limit: 10,
      },
      summary: { unreadCount: 1 },
    };
    expect(notificationListResponseSchema.parse(answer)).toEqual(answer);
    expect(
      notificationListResponseSchema.safeParse({ ...answer, summary: { unreadCount: -1 } }).success,
    ).toBe(false);
  });
});

describe('notificationPriorityForType', () => {
  it('ranks as the dashboard widget does', () => {
    expect(NOTIFICATION_TYPES.map((type) => [type, notificationPriorityForType(type)])).toEqual([
      ['contribution_confirm', 'high'],
      ['guarantor_request', 'medium'],
      ['loan_document', 'medium'],
      ['fine_payment', 'high'],
      ['loan_decision', 'low'],
      ['withdrawal_decision', 'low'],
      ['contribution_posted', 'low'],
      ['fine_issued', 'low'],
      ['general', 'low'],
      ['loan_review', 'medium'],
      ['dispute_resolved', 'low'],
      ['deposit_decision', 'low'],
      ['fine_settled', 'low'],
      ['dividend_paid', 'low'],
      ['loan_under_review', 'low'],
      ['loan_disbursed', 'low'],
      ['repayment_recorded', 'low'],
      ['guarantee_released', 'low'],
      ['loan_default', 'low'],
      ['instalment_overdue', 'low'],
      ['disbursement_approval', 'medium'],
      ['payroll_variance', 'high'],
      ['deduction_change_decision', 'low'],
    ]);
  });
});

describe('notificationTone', () => {
  it('colours requests to act as warnings, penalties as errors, money in as success', () => {
    expect(NOTIFICATION_TYPES.map((type) => [type, notificationTone(type)])).toEqual([
      ['contribution_confirm', 'warning'],
      ['guarantor_request', 'warning'],
      ['loan_document', 'warning'],
      ['fine_payment', 'warning'],
      ['loan_decision', 'info'],
      ['withdrawal_decision', 'info'],
      ['contribution_posted', 'success'],
      ['fine_issued', 'error'],
      ['general', 'info'],
      ['loan_review', 'warning'],
      ['dispute_resolved', 'info'],
      ['deposit_decision', 'info'],
      ['fine_settled', 'success'],
      ['dividend_paid', 'success'],
      ['loan_under_review', 'info'],
      ['loan_disbursed', 'success'],
      ['repayment_recorded', 'info'],
      ['guarantee_released', 'success'],
      ['loan_default', 'error'],
      ['instalment_overdue', 'warning'],
      ['disbursement_approval', 'warning'],
      ['payroll_variance', 'warning'],
      ['deduction_change_decision', 'info'],
    ]);
  });
});
