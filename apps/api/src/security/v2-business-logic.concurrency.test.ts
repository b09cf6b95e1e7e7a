/**
 * ASVS 5.0 V2.3.3/V2.3.4 (all-or-nothing, locking): money that moves for a member, under parallel requests (PostgreSQL only: PGlite runs one
 * statement at a time and cannot show a race). Withdrawals, loans and contributions have theirs in
 * their modules; these are the administrator's moves on a member's money: verifying a deposit
 * notice, paying a fine from savings, paying a year's dividends. Each must happen once, and the
 * balance projection must equal the ledger afterwards.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositNotice } from '@coop/shared/deposit-notices';
import { depositNotices, dividends, fines, ledgerTransactions } from '../db/schema/index.js';
import { systemActor } from '../lib/actor.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  readMemberBalance,
} from '../modules/ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createPostgresTestDatabase, requirePostgres } from '../test/database.js';
import { bearer, createActiveMember, signIn } from '../test/auth-helpers.js';
import { recordContributions } from '../modules/contributions/contributions.service.js';
import { verifyDepositNotice } from '../modules/deposit-notices/deposit-notices.service.js';
import { declareDividend, payDividends } from '../modules/dividends/dividends.service.js';
import { issueFine, markFinePaid } from '../modules/fines/fines.service.js';

const NOW = '2025-06-15T09:00:00.000Z';
const serverUrl = requirePostgres('member money concurrency');

describe.skipIf(!serverUrl)('money moved for a member, in parallel (PostgreSQL)', () => {
  let t: TestApp;
  let member: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp({ now: NOW, handle: await createPostgresTestDatabase(serverUrl!) });
    const m = await createActiveMember(t, { email: 'money@race.test', joinedOn: '2024-01-10' });
    member = { id: m.id, token: (await signIn(t, 'money@race.test')).accessToken };
    await recordContributions(t.deps, systemActor, {
      deductions: [
        {
          userId: m.id,
          month: '2024-06',
          contributionDate: '2024-06-25',
          savingsKobo: 30_000_00,
          sharesKobo: 10_000_00,
        },
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const settled = <T>(work: () => Promise<T>, n: number) =>
    Promise.allSettled(Array.from({ length: n }, work));

  it('ten parallel verifications of one deposit notice post it once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/deposit-notices',
      headers: { ...bearer(member.token), 'idempotency-key': 'verify-race' },
      payload: {
        savingsAmount: 5_000,
        shareHoldingAmount: 1_000,
        transferDate: '2025-06-14',
        bankReference: 'TRF-VERIFY-RACE',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const notice = res.json<{ data: DepositNotice }>().data;
    const before = await readMemberBalance(t.db, member.id);

    const outcomes = await settled(
      () => verifyDepositNotice(t.deps, systemActor, { id: notice.id }),
      10,
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((x) => x.status === 'rejected')) {
      expect(o.reason).toMatchObject({
        code: 'DEPOSIT_NOTICE_NOT_PENDING',
      });
    }
    const [row] = await t.db.select().from(depositNotices).where(eq(depositNotices.id, notice.id));
    expect(row?.status).toBe('verified');
    const postings = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.referenceId, notice.id));
    expect(postings).toHaveLength(1);
    const after = await readMemberBalance(t.db, member.id);
    expect(after!.savings - before!.savings).toBe(5_000_00);
    expect(after!.shares - before!.shares).toBe(1_000_00);
  });

  it('ten parallel payments of one fine from savings debit it once', async () => {
    const fine = await issueFine(t.deps, systemActor, {
      userId: member.id,
      reason: 'Late to the meeting',
      amount: 2_000,
    });
    const before = await readMemberBalance(t.db, member.id);
    const outcomes = await settled(
      () => markFinePaid(t.deps, systemActor, { id: fine.id, paidFrom: 'savings' }),
      10,
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [row] = await t.db.select().from(fines).where(eq(fines.id, fine.id));
    expect(row?.status).toBe('paid');
    const after = await readMemberBalance(t.db, member.id);
    expect(before!.savings - after!.savings).toBe(2_000_00);
  });

  it('parallel fine payments from savings never take the balance below what is available', async () => {
    const balance = await readMemberBalance(t.db, member.id);
    const available = balance!.savings - balance!.frozen;
    // Four fines, each 40 % of what is available: at most two can be paid from savings.
    const amountNaira = Math.floor((available * 0.4) / 100);
    const issued = [];
    for (let i = 0; i < 4; i++) {
      issued.push(
        await issueFine(t.deps, systemActor, {
          userId: member.id,
          reason: `Absent, meeting ${i + 1}`,
          amount: amountNaira,
        }),
      );
    }
    const outcomes = await Promise.allSettled(
      issued.map((fine) => markFinePaid(t.deps, systemActor, { id: fine.id, paidFrom: 'savings' })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    const after = await readMemberBalance(t.db, member.id);
    expect(after!.savings - after!.frozen).toBeGreaterThanOrEqual(0);
  });

  it('five parallel payments of a declared year pay each dividend once', async () => {
    await declareDividend(t.deps, systemActor, {
      dividendYear: 2024,
      rateBps: 1_000,
      issuedDate: '2025-03-01',
    });
    const before = await readMemberBalance(t.db, member.id);
    const outcomes = await settled(
      () => payDividends(t.deps, systemActor, { dividendYear: 2024, paidDate: '2025-03-10' }),
      5,
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rows = await t.db.select().from(dividends).where(eq(dividends.userId, member.id));
    expect(rows.map((row) => row.status)).toEqual(['paid']);
    const after = await readMemberBalance(t.db, member.id);
    // 10 % of the ₦10,000 share holding on 31 December 2024.
    expect(after!.savings - before!.savings).toBe(1_000_00);
  });

  it('keeps the balance projection equal to the ledger', async () => {
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});
