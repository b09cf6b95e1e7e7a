import { describe, expect, it } from 'vitest';
import { SMS_MAX_LENGTH, gsm7Length, isGsm7 } from '@coop/shared/sms';
import { testConfig } from '../../test/app.js';
import { renderSms, SMS_TEXTS } from './sms-texts.js';
import type { TemplateName } from './notification-templates.js';

/**
 * Every text fits one GSM-7 message (decision 164) with the longest facts it can meet: the
 * largest amounts, long names with accents, a long rejection reason, a long cooperative name.
 */

const config = testConfig({ COOPERATIVE_NAME: 'Ikeja Teachers Cooperative Society' });
const to = { firstName: 'Ọláolúwa', email: 'a@test.coop', membershipId: 'MEM-000001' };
const at = new Date('2026-12-31T22:59:00Z');
const big = 5_000_000_000; // ₦50,000,000 in kobo: the largest loan.
const longName = 'Oluwaseun-Adéyẹmí Babatúndé Olúwadámilọ́lá';

const WORST_FACTS: Record<string, unknown> = {
  newDeviceSignIn: { at, device: 'Samsung Internet on Android' },
  passwordChanged: { at },
  twoFactorChanged: { at, enabled: false, byOfficer: true },
  contributionToConfirm: {
    contributionId: 'c',
    month: '2026-12',
    savings: big,
    shares: big,
  },
  payrollVariance: { month: '2026-09', kind: 'short', expected: big * 2, deducted: big },
  loanGuarantorRequest: {
    guarantorRequestId: 'g',
    borrowerName: longName,
    loanNumber: 'LN-000123456',
    amount: big,
    guarantee: big,
  },
  loanDecided: {
    loanId: 'l',
    loanNumber: 'LN-000123456',
    approved: false,
    forBorrower: true,
    borrowerName: longName,
    reason:
      'Your savings record over the last six months does not support this amount – reapply “later”.'.repeat(
        3,
      ),
  },
  loanDisbursed: {
    loanId: 'l',
    loanNumber: 'LN-000123456',
    amount: big,
    firstDueDate: '2026-12-31',
  },
  loanInstalmentDueSoon: {
    itemId: 'i',
    loanNumber: 'LN-000123456',
    dueDate: '2026-12-31',
    amount: big,
  },
  loanInstalmentOverdue: {
    loanId: 'l',
    loanNumber: 'LN-000123456',
    dueDate: '2026-12-31',
    amount: big,
  },
};

describe('text messages', () => {
  for (const [template, facts] of Object.entries(WORST_FACTS)) {
    it(`${template}: one GSM-7 message at most, even with the longest facts`, () => {
      const sms = renderSms(config, to, template as TemplateName, facts);
      expect(sms).not.toBeNull();
      const text = sms?.text ?? '';
      expect(isGsm7(text), text).toBe(true);
      expect(gsm7Length(text), text).toBeLessThanOrEqual(SMS_MAX_LENGTH);
      // Never cut: each text was written to fit.
      expect(text.endsWith('...'), text).toBe(false);
      expect(text).not.toContain('₦');
    });
  }

  it('words every payroll variance kind in one message', () => {
    for (const kind of ['short', 'over', 'missing', 'unexpected'] as const) {
      const sms = renderSms(config, to, 'payrollVariance', {
        month: '2026-09',
        kind,
        expected: kind === 'unexpected' ? 0 : big,
        deducted: kind === 'missing' ? 0 : kind === 'over' ? big * 2 : big / 2,
      });
      expect(gsm7Length(sms?.text ?? ''), sms?.text).toBeLessThanOrEqual(SMS_MAX_LENGTH);
      expect(sms?.text.endsWith('...')).toBe(false);
    }
    expect(
      renderSms(config, to, 'payrollVariance', {
        month: '2025-11',
        kind: 'short',
        expected: 2_500_000,
        deducted: 2_000_000,
      })?.text,
    ).toBe(
      'NGN 5,000 less than your instruction was deducted in November 2025 (NGN 20,000 of NGN 25,000). Check it on the portal.',
    );
  });

  it('covers every template that texts', () => {
    expect(Object.keys(WORST_FACTS).sort()).toEqual(Object.keys(SMS_TEXTS).sort());
  });

  it('marks only sign-in, password and two-factor texts as security texts, which ignore the switch', () => {
    const security = Object.entries(SMS_TEXTS)
      .filter(([, entry]) => entry.security === true)
      .map(([name]) => name)
      .sort();
    expect(security).toEqual(['newDeviceSignIn', 'passwordChanged', 'twoFactorChanged']);
  });

  it('writes amounts as the portal does, with NGN for the naira sign', () => {
    const sms = renderSms(config, to, 'loanDisbursed', {
      loanId: 'l',
      loanNumber: 'LN-000009',
      amount: 1_833_200,
      firstDueDate: '2026-12-26',
    });
    expect(sms?.text).toBe(
      'NGN 18,332 of loan LN-000009 was paid out to you. Your first instalment is due on Dec 26, 2026.',
    );
  });

  it('texts the borrower of a decided loan, not its guarantors', () => {
    const facts = { loanId: 'l', loanNumber: 'LN-1', approved: true, borrowerName: 'Ada Obi' };
    expect(renderSms(config, to, 'loanDecided', { ...facts, forBorrower: false })).toBeNull();
    expect(renderSms(config, to, 'loanDecided', { ...facts, forBorrower: true })).not.toBeNull();
  });

  it('cuts a text that would still run over one message rather than send two', () => {
    const long = testConfig({ COOPERATIVE_NAME: 'A'.repeat(150) });
    const sms = renderSms(long, to, 'passwordChanged', { at });
    expect(gsm7Length(sms?.text ?? '')).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(sms?.text.endsWith('...')).toBe(true);
  });
});
