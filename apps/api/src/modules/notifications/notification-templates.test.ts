import { notificationTone } from '@coop/shared/notifications';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.js';
import { templates } from './notification-templates.js';

const config = testConfig();
const ada = { firstName: 'Ada', email: 'ada@example.test', membershipId: 'M0001' };

/** The type a template gives its notification: the member reads it as the badge's label. */
function typeOf(message: ReturnType<typeof templates.dividendPaid>) {
  return message.notification?.type;
}

describe('notification types', () => {
  it('names each event by its own type, so the badge does not call it another event', () => {
    const loan = { loanId: 'l1', loanNumber: 'LN-000001', amount: 10_000_00 };
    expect(
      typeOf(
        templates.contributionDisputeResolved(config, ada, {
          contributionId: 'c1',
          month: '2026-03',
          note: 'Checked with payroll.',
          corrected: true,
          total: 20_000_00,
        }),
      ),
    ).toBe('dispute_resolved');
    expect(
      typeOf(
        templates.depositNoticeDecided(config, ada, {
          depositNoticeId: 'd1',
          amount: 5_000_00,
          bankReference: 'TRF-1',
          outcome: 'verified',
        }),
      ),
    ).toBe('deposit_decision');
    const settled = templates.fineSettled(config, ada, {
      fineId: 'f1',
      reason: 'Late',
      amount: 1_000_00,
      outcome: 'waived',
    });
    expect(typeOf(settled)).toBe('fine_settled');
    const paid = templates.dividendPaid(config, ada, { dividendId: 'v1', year: 2025, amount: 1 });
    expect(typeOf(paid)).toBe('dividend_paid');
    const disbursed = templates.loanDisbursed(config, ada, { ...loan, firstDueDate: '2026-04-30' });
    expect(typeOf(disbursed)).toBe('loan_disbursed');
    const overdue = templates.loanInstalmentOverdue(config, ada, {
      ...loan,
      dueDate: '2026-03-31',
    });
    expect(typeOf(overdue)).toBe('instalment_overdue');
  });

  it('colours a fine settled and a dividend paid as good news, an overdue instalment as a warning', () => {
    expect(notificationTone('fine_settled')).toBe('success');
    expect(notificationTone('dividend_paid')).toBe('success');
    expect(notificationTone('instalment_overdue')).toBe('warning');
    expect(notificationTone('loan_default')).toBe('error');
  });
});
