import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { StatementVerification } from '@coop/shared/statement-verification';
import {
  auditLog,
  deductionInstructions,
  payrollGroups,
  statementCertificates,
} from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import { COOPERATIVE_ENV, createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { pdfPageCount, pdfText } from '../../test/pdf-text.js';
import { recordContributions } from '../contributions/contributions.service.js';
import { postLedgerTransaction } from '../ledger/ledger.service.js';
import { STATEMENT_CHECKS_PER_WINDOW } from './statement-verification.service.js';

/**
 * A statement a bank would accept (docs/business-rules.md "Statement verification"): the PDF
 * names the cooperative and its address, the member with their staff number, the period, each
 * account's opening and closing balances in naira, "Page n of N" and a verification code on
 * every page, read back by pdftotext; the code is recorded with what it certifies, and any
 * officer can check it (an unknown code says so; a member cannot check at all), each check
 * counted and audited.
 */

// 10:00 in Lagos on 15 June 2025.
const NOW = '2025-06-15T09:00:00Z';
const CODE =
  /Verification code ([0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4})/;

describe('statement verification', () => {
  let t: TestApp;
  let ada: { id: string; token: string; membershipId: string };
  let president: string;
  let auditor: string;
  let pdf: Buffer;
  let code: string;

  const download = (token: string, query: string) =>
    t.app.inject({ url: `/api/v1/users/statement/download?${query}`, headers: bearer(token) });
  const verify = (token: string | null, typed: string) =>
    t.app.inject({
      url: `/api/v1/admin/statements/verify?code=${encodeURIComponent(typed)}`,
      headers: token ? bearer(token) : {},
    });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { ...COOPERATIVE_ENV } });
    const adaUser = await createActiveMember(t, {
      email: 'ada@test.coop',
      firstName: 'Adaeze',
      lastName: 'Ọbáfẹ́mi',
      joinedOn: '2024-01-10',
    });
    ada = {
      id: adaUser.id,
      token: (await signIn(t, 'ada@test.coop')).accessToken,
      membershipId: adaUser.membershipId,
    };
    await createActiveMember(t, { email: 'chair@test.coop', roles: ['president'] });
    await createActiveMember(t, { email: 'audit@test.coop', roles: ['auditor'] });
    president = (await signIn(t, 'chair@test.coop')).accessToken;
    auditor = (await signIn(t, 'audit@test.coop')).accessToken;

    const [group] = await t.db
      .insert(payrollGroups)
      .values({ code: 'MOF-HQ', name: 'Ministry of Finance' })
      .returning();
    await t.db.insert(deductionInstructions).values({
      userId: ada.id,
      payrollGroupId: group!.id,
      staffNumber: 'MOF/04417',
      savingsAmount: 30_000_00,
      shareAmount: 5_000_00,
      effectiveMonth: '2025-01',
      source: 'officer',
    });
    // ₦30,000 savings + ₦5,000 shares a month for five months; a ₦100,000 loan in May, ₦10,000
    // repaid in June; fifty rows of small repayments so the statement runs to several pages.
    await recordContributions(t.deps, systemActor, {
      deductions: ['01', '02', '03', '04', '05'].map((month) => ({
        userId: ada.id,
        month: `2025-${month}`,
        contributionDate: `2025-${month}-25`,
        savingsKobo: 30_000_00,
        sharesKobo: 5_000_00,
      })),
    });
    const post = (
      kind: 'loan_disbursement' | 'loan_repayment',
      date: string,
      description: string,
      amount: number,
    ) =>
      t.db.transaction((tx) =>
        postLedgerTransaction(tx, {
          kind,
          description,
          effectiveDate: date,
          entries: [
            { account: 'member_loans', userId: ada.id, amount },
            { account: 'coop_bank', amount: -amount },
          ],
        }),
      );
    await post('loan_disbursement', '2025-05-02', 'Loan LN-000001 disbursed', 100_000_00);
    for (let i = 0; i < 90; i++) {
      await post('loan_repayment', '2025-06-01', `Repayment ${i + 1}`, -100_00);
    }
    const res = await download(ada.token, 'startDate=2025-03-01&endDate=2025-06-15&format=pdf');
    expect(res.statusCode).toBe(200);
    pdf = res.rawPayload;
    code = CODE.exec(pdfText(pdf))?.[1] ?? '';
  }, 120_000);
  afterAll(() => t.close());

  it('prints the cooperative, the member, the period, the balances, the pages and the code', () => {
    const text = pdfText(pdf);
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    const count = pdfPageCount(pdf);
    expect(count).toBeGreaterThanOrEqual(2);
    expect(pages).toHaveLength(count);
    pages.forEach((page, i) => {
      // Every page stands on its own: who issued it, which page of how many, and its code.
      expect(page).toContain(`Test Cooperative · Statement of Account · Page ${i + 1} of ${count}`);
      expect(page).toContain(`Verification code ${code}`);
    });
    for (const expected of [
      'Test Cooperative',
      '4 Broad Street, Lagos Island, Lagos',
      '+234 803 111 1111 · office@test.coop',
      'Adaeze Ọbáfẹ́mi',
      ada.membershipId,
      'MOF/04417',
      'Mar 01, 2025 to Jun 15, 2025',
    ]) {
      expect(text).toContain(expected);
    }
    const row = (label: string) =>
      text
        .split('\n')
        .find((line) => line.trim().startsWith(label))
        ?.trim()
        .split(/\s{2,}/);
    expect(row('Staff number')).toEqual(['Staff number', 'MOF/04417']);
    expect(row('Verification code')?.[1]).toBe(code);
    // Opening, money in, money out, closing: naira as the portal writes them.
    expect(row('Savings')).toEqual(['Savings', '₦60,000', '₦90,000', '₦0', '₦150,000']);
    expect(row('Share Holdings')).toEqual([
      'Share Holdings',
      '₦10,000',
      '₦15,000',
      '₦0',
      '₦25,000',
    ]);
    expect(row('Loan ')).toEqual(['Loan', '₦0', '₦100,000', '₦9,000', '₦91,000']);
  });

  it('records what the code certifies, with the SHA-256 of the file as sent', async () => {
    const [row] = await t.db
      .select()
      .from(statementCertificates)
      .where(eq(statementCertificates.userId, ada.id));
    expect(row).toMatchObject({
      code: code.replaceAll('-', ''),
      startDate: '2025-03-01',
      endDate: '2025-06-15',
      savingsOpening: 60_000_00,
      savingsClosing: 150_000_00,
      sharesOpening: 10_000_00,
      sharesClosing: 25_000_00,
      loanOpening: 0,
      loanClosing: 91_000_00,
      contentSha256: createHash('sha256').update(pdf).digest('hex'),
    });
    expect(row!.issuedAt.toISOString()).toBe(new Date(NOW).toISOString());
    // Each download is its own statement with its own code.
    const again = await download(ada.token, 'startDate=2025-03-01&endDate=2025-06-15&format=pdf');
    expect(CODE.exec(pdfText(again.rawPayload))?.[1]).not.toBe(code);
  });

  it('shows an officer what the code certifies, typed in any case, with or without dashes', async () => {
    for (const typed of [code, code.toLowerCase(), ` ${code.replaceAll('-', ' ')} `]) {
      const res = await verify(president, typed);
      expect(res.statusCode).toBe(200);
      const data = res.json<{ data: StatementVerification }>().data;
      expect(data).toEqual({
        code,
        member: {
          id: ada.id,
          firstName: 'Adaeze',
          lastName: 'Ọbáfẹ́mi',
          membershipId: ada.membershipId,
        },
        startDate: '2025-03-01',
        endDate: '2025-06-15',
        issuedAt: new Date(NOW).toISOString(),
        accounts: [
          { account: 'savings', openingBalance: 60_000, closingBalance: 150_000 },
          { account: 'share_holding', openingBalance: 10_000, closingBalance: 25_000 },
          { account: 'loan', openingBalance: 0, closingBalance: 91_000 },
        ],
        contentSha256: createHash('sha256').update(pdf).digest('hex'),
      });
    }
  });

  it('answers another officer role the same, and audits each check under the officer', async () => {
    const res = await verify(auditor, code);
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'statement.verified'), eq(auditLog.entityId, ada.id)));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.at(-1)?.after).toContain(code);
  });

  it('says so when nothing was issued with the code, and audits the miss', async () => {
    const unknown = code.startsWith('2222') ? '3333-3333-3333' : '2222-2222-2222';
    const res = await verify(president, unknown);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message:
        'No statement was issued with this code. The statement may have been altered, or the code mistyped.',
    });
    const [miss] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'statement.verification_failed'));
    expect(miss?.after).toContain(unknown);
  });

  it('refuses a code of the wrong shape with 400, a member with 403, the anonymous with 401', async () => {
    for (const typed of ['', 'ABC', '7K3M-Q9TD-2XWB-7K3M', 'UUUU-UUUU-UUUU', 'x'.repeat(500)]) {
      const res = await verify(president, typed);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Enter the 12-character code printed on the statement');
    }
    expect((await verify(ada.token, code)).statusCode).toBe(403);
    expect((await verify(null, 'not even a code')).statusCode).toBe(401);
  });

  it('refuses an officer’s 61st check in ten minutes with 429 and the wait, and counts each officer alone', async () => {
    await createActiveMember(t, { email: 'treasurer@test.coop', roles: ['treasurer'] });
    const treasurer = (await signIn(t, 'treasurer@test.coop')).accessToken;
    for (let i = 0; i < STATEMENT_CHECKS_PER_WINDOW; i++) {
      expect((await verify(treasurer, '2222-2222-2222')).statusCode).toBe(404);
    }
    const refused = await verify(treasurer, code);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many statement checks. Try again in 10 minutes.');
    expect(refused.headers['retry-after']).toBe('600');
    // The president's checks are their own.
    expect((await verify(president, code)).statusCode).toBe(200);
    t.clock.advance(10 * 60 * 1000);
    expect((await verify(treasurer, code)).statusCode).toBe(200);
  }, 120_000);
});
