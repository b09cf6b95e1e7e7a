import { describe, expect, it } from 'vitest';
import { membersImportedMessage } from '@coop/shared/member-rules';
import { payrollPostedMessage, payrollPostJobWork } from './payroll.service.js';

describe('the officer jobs’ messages', () => {
  it('write counts as the screens do, with thousands grouped: 1,500 not 1500', () => {
    expect(
      payrollPostedMessage({
        month: '2026-03',
        posted: 1_500,
        alreadyPosted: 1_200,
        savings: 0,
        shares: 0,
        total: 0,
        repayments: 0,
      }),
    ).toBe(
      'Posted 1,500 contributions for March 2026 (1,200 already posted, left as they were). The members were asked to confirm.',
    );
    expect(payrollPostJobWork.partly(1_200, 5_000)).toMatch(/^1,200 of 5,000 members were posted /);
    expect(membersImportedMessage(2_500)).toBe(
      '2,500 members imported. Their activation e-mails are on their way.',
    );
    expect(membersImportedMessage(1)).toBe(
      '1 member imported. Their activation e-mails are on their way.',
    );
  });
});
