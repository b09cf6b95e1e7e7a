import { describe, expect, it } from 'vitest';
import {
  CONTRIBUTION_STATUS_LABELS,
  CONTRIBUTION_STATUS_TONES,
  CONTRIBUTION_STATUSES,
} from './contribution-rules.js';
import {
  DEPOSIT_NOTICE_STATUS_LABELS,
  DEPOSIT_NOTICE_STATUS_TONES,
  DEPOSIT_NOTICE_STATUSES,
} from './deposit-notice-rules.js';
import {
  DIVIDEND_STATUS_LABELS,
  DIVIDEND_STATUS_TONES,
  DIVIDEND_STATUSES,
} from './dividend-rules.js';
import { FINE_STATUS_LABELS, FINE_STATUS_TONES, FINE_STATUSES } from './fine-rules.js';
import {
  DISBURSEMENT_REQUEST_STATUS_LABELS,
  DISBURSEMENT_REQUEST_STATUS_TONES,
  DISBURSEMENT_REQUEST_STATUSES,
  GUARANTOR_STATUS_LABELS,
  GUARANTOR_STATUS_TONES,
  GUARANTOR_STATUSES,
  LOAN_STATUS_LABELS,
  LOAN_STATUS_TONES,
  LOAN_STATUSES,
  loanStatusLabel,
  REPAYMENT_STATUS_LABELS,
  REPAYMENT_STATUS_TONES,
  REPAYMENT_STATUSES,
  SCHEDULE_ITEM_STATUS_LABELS,
  SCHEDULE_ITEM_STATUS_TONES,
  SCHEDULE_ITEM_STATUSES,
} from './loan-rules.js';
import {
  MEMBER_STATUS_FILTERS,
  MEMBER_STATUS_LABELS,
  MEMBER_STATUS_TONES,
  memberStatus,
} from './member-rules.js';
import {
  PAYROLL_ROW_STATUS_LABELS,
  PAYROLL_ROW_STATUS_TONES,
  PAYROLL_ROW_STATUSES,
  PAYROLL_VARIANCE_KINDS,
  PAYROLL_VARIANCE_LABELS,
  PAYROLL_VARIANCE_TONES,
} from './payroll-rules.js';
import {
  PROPOSAL_STATUS_LABELS,
  PROPOSAL_STATUS_TONES,
  PROPOSAL_STATUSES,
} from './proposal-rules.js';
import { STATUS_TONES } from './status-tones.js';
import {
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWAL_STATUS_TONES,
  WITHDRAWAL_STATUSES,
} from './withdrawal-rules.js';

const domains = {
  loan: [LOAN_STATUSES, LOAN_STATUS_TONES, LOAN_STATUS_LABELS],
  guarantor: [GUARANTOR_STATUSES, GUARANTOR_STATUS_TONES, GUARANTOR_STATUS_LABELS],
  instalment: [SCHEDULE_ITEM_STATUSES, SCHEDULE_ITEM_STATUS_TONES, SCHEDULE_ITEM_STATUS_LABELS],
  repayment: [REPAYMENT_STATUSES, REPAYMENT_STATUS_TONES, REPAYMENT_STATUS_LABELS],
  disbursement: [
    DISBURSEMENT_REQUEST_STATUSES,
    DISBURSEMENT_REQUEST_STATUS_TONES,
    DISBURSEMENT_REQUEST_STATUS_LABELS,
  ],
  withdrawal: [WITHDRAWAL_STATUSES, WITHDRAWAL_STATUS_TONES, WITHDRAWAL_STATUS_LABELS],
  depositNotice: [
    DEPOSIT_NOTICE_STATUSES,
    DEPOSIT_NOTICE_STATUS_TONES,
    DEPOSIT_NOTICE_STATUS_LABELS,
  ],
  fine: [FINE_STATUSES, FINE_STATUS_TONES, FINE_STATUS_LABELS],
  dividend: [DIVIDEND_STATUSES, DIVIDEND_STATUS_TONES, DIVIDEND_STATUS_LABELS],
  contribution: [CONTRIBUTION_STATUSES, CONTRIBUTION_STATUS_TONES, CONTRIBUTION_STATUS_LABELS],
  member: [MEMBER_STATUS_FILTERS, MEMBER_STATUS_TONES, MEMBER_STATUS_LABELS],
  payrollRow: [PAYROLL_ROW_STATUSES, PAYROLL_ROW_STATUS_TONES, PAYROLL_ROW_STATUS_LABELS],
  payrollVariance: [PAYROLL_VARIANCE_KINDS, PAYROLL_VARIANCE_TONES, PAYROLL_VARIANCE_LABELS],
  proposal: [PROPOSAL_STATUSES, PROPOSAL_STATUS_TONES, PROPOSAL_STATUS_LABELS],
} as const satisfies Record<
  string,
  readonly [readonly string[], Readonly<Record<string, string>>, Readonly<Record<string, string>>]
>;

describe('status tones and labels', () => {
  it.each(Object.entries(domains))(
    '%s: every status has one of the five tones and a label in words',
    (_, [statuses, tones, labels]) => {
      for (const status of statuses) {
        expect(STATUS_TONES).toContain((tones as Record<string, string>)[status]);
        const label = (labels as Record<string, string>)[status];
        expect(label).toMatch(/^[A-Z][a-z]*( [A-Za-z]+)*$/);
      }
    },
  );

  it('gives pending one tone everywhere: waiting for someone to act', () => {
    for (const [, tones] of Object.values(domains)) {
      if ('pending' in tones) expect(tones.pending).toBe('warning');
    }
  });

  it("words a loan's status as the spec does", () => {
    expect(LOAN_STATUS_LABELS.under_review).toBe('Under Review');
    expect(loanStatusLabel('under_review')).toBe('Under Review');
    expect(DEPOSIT_NOTICE_STATUS_LABELS.pending).toBe('Awaiting verification');
  });

  it("reads a member's account from their flags", () => {
    expect(memberStatus({ isActive: false, isActivated: true })).toBe('suspended');
    expect(memberStatus({ isActive: true, isActivated: false })).toBe('not_activated');
    expect(memberStatus({ isActive: true, isActivated: true })).toBe('active');
  });
});
