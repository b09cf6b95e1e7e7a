import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@coop/shared/dashboard';
import { eq } from 'drizzle-orm';
import { memberReadCache } from '../../db/schema/index.js';
import { actorFor, systemActor } from '../../lib/actor.js';
import { checkKeptReads } from '../../lib/member-read-cache.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { recordContributions } from '../contributions/contributions.service.js';
import { declareDividend, payDividends } from '../dividends/dividends.service.js';
import { issueFine, waiveFine } from '../fines/fines.service.js';
import { setMemberActive } from '../members/members.service.js';
import { approveWithdrawal, requestWithdrawal } from '../withdrawals/withdrawals.service.js';
import { getDashboard } from './dashboard.service.js';

/**
 * GET /users/dashboard (docs/member-portal.md §2 Dashboard home, §3; docs/business-rules.md
 * "Balances"; decision 040): the seven figures from the projection, the newest 10 movements across
 * modules and the pending actions with their deadlines and URLs, for the member only.
 */
const NOW = '2025-06-15T09:00:00Z';

describe('GET /users/dashboard', () => {
  let t: TestApp;
  let token: string;
  let emptyToken: string;
  let ada: Awaited<ReturnType<typeof createActiveMember>>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const user = await createActiveMember(t, { email: 'ada@test.coop', joinedOn: '2023-01-10' });
    ada = user;
    const at = (iso: string) => t.clock.set(iso);
    at('2024-02-01T09:00:00Z');
    await recordContributions(t.deps, systemActor, {
      deductions: [
        {
          userId: user.id,
          month: '2024-01',
          contributionDate: '2024-01-25',
          savingsKobo: 100_000_00,
          sharesKobo: 50_000_00,
        },
      ],
    });
    at('2025-03-01T09:00:00Z');
    await declareDividend(t.deps, systemActor, {
      dividendYear: 2024,
      rateBps: 1_000,
      issuedDate: '2025-03-01',
    });
    await payDividends(t.deps, systemActor, { dividendYear: 2024, paidDate: '2025-03-01' });
    at('2025-05-30T09:00:00Z');
    await recordContributions(t.deps, systemActor, {
      deductions: [
        {
          userId: user.id,
          month: '2025-05',
          contributionDate: '2025-05-25',
          savingsKobo: 20_000_00,
          sharesKobo: 5_000_00,
        },
      ],
    });
    at('2025-06-01T09:00:00Z');
    const actor = actorFor(user);
    const withdrawal = await requestWithdrawal(t.deps, actor, {
      withdrawalType: 'savings',
      amount: 30_000,
    });
    await approveWithdrawal(t.deps, systemActor, { id: withdrawal.id });
    at('2025-06-10T09:00:00Z');
    await issueFine(t.deps, systemActor, {
      userId: user.id,
      reason: 'Late repayment',
      amount: 1_500,
    });
    t.clock.advance(60_000);
    const waived = await issueFine(t.deps, systemActor, {
      userId: user.id,
      reason: 'Noise',
      amount: 500,
    });
    await waiveFine(t.deps, systemActor, { id: waived.id, note: 'First time' });
    at(NOW);
    token = (await signIn(t, 'ada@test.coop')).accessToken;
    await createActiveMember(t, { email: 'new@test.coop' });
    emptyToken = (await signIn(t, 'new@test.coop')).accessToken;
  }, 60_000);
  afterAll(() => t.close());

  const get = async (bearerToken: string) => {
    const res = await t.app.inject({
      url: '/api/v1/users/dashboard',
      headers: bearer(bearerToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ success: true; data: Dashboard }>().data;
  };

  it('sums the seven figures from the projection', async () => {
    expect((await get(token)).financialSummary).toEqual({
      totalSavings: 100_000 + 5_000 + 20_000 - 30_000,
      totalShareHolding: 55_000,
      availableBalance: 95_000,
      frozenAmount: 0,
      held: [],
      outstandingLoans: 0,
      totalDividends: 5_000,
      totalFines: 1_500,
    });
  });

  it('merges the newest movements of every module, newest first', async () => {
    const { recentActivity } = await get(token);
    expect(recentActivity.map((a) => [a.type, a.description, a.amount, a.status])).toEqual([
      ['fine', 'Fine: Noise', 500, 'waived'],
      ['fine', 'Fine: Late repayment', 1_500, 'pending'],
      ['withdrawal', 'Savings withdrawal', 30_000, 'approved'],
      ['contribution', 'Contribution for May 2025', 25_000, 'pending'],
      ['dividend', 'FY 2024 dividend', 5_000, 'paid'],
      ['contribution', 'Contribution for January 2024', 150_000, 'pending'],
    ]);
  });

  it('lists what the member must do, like asks grouped, by deadline, with the screen where it is done', async () => {
    expect((await get(token)).pendingActions).toEqual([
      // Like asks are one item (two deductions to confirm), due by the earliest deadline.
      {
        id: expect.any(String),
        type: 'contribution_confirm',
        description: '2 contributions to confirm',
        actionRequired: 'Confirm that these deductions are correct',
        deadline: '2024-02-08',
        actionUrl: '/contributions?status=pending',
      },
      {
        id: expect.any(String),
        type: 'fine_payment',
        description: 'Fine: Late repayment (₦1,500)',
        actionRequired: 'Pay ₦1,500 by Jul 10, 2025',
        deadline: '2025-07-10',
        actionUrl: '/fines?status=pending',
      },
    ]);
  });

  it('answers zeros and empty lists for a new member', async () => {
    expect(await get(emptyToken)).toEqual({
      financialSummary: {
        totalSavings: 0,
        totalShareHolding: 0,
        availableBalance: 0,
        frozenAmount: 0,
        held: [],
        outstandingLoans: 0,
        totalDividends: 0,
        totalFines: 0,
      },
      recentActivity: [],
      pendingActions: [],
      // Nothing due, no loan, and no chart of months that held nothing.
      nextUp: { overdue: null, nextInstalment: null, guarantorRequest: null },
      currentLoan: null,
      savingsHistory: [],
    });
  });

  it('charts savings and share holding at the end of each of the last 12 months, from the ledger', async () => {
    const months = (await get(token)).savingsHistory;
    const quiet = ['2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12'];
    expect(months).toEqual([
      // January 2024's deduction, before the window, is in every month's figure.
      ...[...quiet, '2025-01', '2025-02'].map((month) => ({
        month,
        savings: 100_000,
        shares: 50_000,
      })),
      { month: '2025-03', savings: 105_000, shares: 50_000 }, // the dividend
      { month: '2025-04', savings: 105_000, shares: 50_000 },
      { month: '2025-05', savings: 125_000, shares: 55_000 }, // May's deduction
      { month: '2025-06', savings: 95_000, shares: 55_000 }, // the withdrawal
    ]);
    // The statement page reads the same months on their own.
    const res = await t.app.inject({
      url: '/api/v1/users/dashboard/savings-history',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: months });
  });

  it('dates each movement as its module does: a deduction at noon in Lagos, a request when made', async () => {
    const { recentActivity } = await get(token);
    expect(recentActivity.map((a) => [a.type, a.date])).toEqual([
      ['fine', '2025-06-10T09:01:00.000Z'],
      ['fine', '2025-06-10T09:00:00.000Z'],
      ['withdrawal', '2025-06-01T09:00:00.000Z'],
      ['contribution', '2025-05-25T11:00:00.000Z'],
      ['dividend', '2025-03-01T11:00:00.000Z'],
      ['contribution', '2024-01-25T11:00:00.000Z'],
    ]);
  });

  it('reads everything and checks the session in one statement, and a kept answer in one (decisions 172 and 179)', async () => {
    // Both drivers send every statement through the client's `query` (pool or embedded).
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const statements: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const original = client.query.bind(client);
    const spy = vi.spyOn(client, 'query').mockImplementation(async (...args: unknown[]) => {
      const [query] = args;
      statements.push(typeof query === 'string' ? query : String((query as { text: string }).text));
      mostAtOnce = Math.max(mostAtOnce, ++running);
      try {
        return await original(...args);
      } finally {
        running--;
      }
    });
    // Under test a kept answer is also computed again (lib/member-read-cache.ts): not here, where
    // the statements a request makes are counted.
    checkKeptReads(false);
    try {
      await t.db.delete(memberReadCache).where(eq(memberReadCache.userId, ada.id));
      statements.length = 0;
      // Nothing kept: the session check with the kept row (none), the dashboard, keeping it.
      const dashboard = await get(token);
      expect(dashboard.recentActivity).toHaveLength(6);
      expect(statements).toHaveLength(3);
      expect(statements[1]).toContain('"member_balances"');
      // Kept: one statement, the session check and the kept answer.
      statements.length = 0;
      expect(await get(token)).toEqual(dashboard);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toContain('"member_read_cache"');
      expect(mostAtOnce).toBe(1);
      // Called on its own (no pending session check), the use case reads in one statement too.
      statements.length = 0;
      expect((await getDashboard(t.deps, actorFor(ada))).recentActivity).toHaveLength(6);
      expect(statements).toHaveLength(1);
    } finally {
      checkKeptReads(true);
      spy.mockRestore();
    }
  });

  it('refuses the very next request after logout, though the check rides on the statement', async () => {
    await createActiveMember(t, { email: 'chidi@test.coop' });
    const session = await signIn(t, 'chidi@test.coop');
    expect((await get(session.accessToken)).financialSummary.totalSavings).toBe(0);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookies: { coop_refresh: session.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    const res = await t.app.inject({
      url: '/api/v1/users/dashboard',
      headers: bearer(session.accessToken),
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 anonymous and 403 suspended', async () => {
    expect((await t.app.inject({ url: '/api/v1/users/dashboard' })).statusCode).toBe(401);
    const user = await createActiveMember(t, { email: 'ngozi@test.coop' });
    await setMemberActive(t.deps, systemActor, { userId: user.id, isActive: false });
    const { accessToken } = await signIn(t, 'ngozi@test.coop');
    const res = await t.app.inject({
      url: '/api/v1/users/dashboard',
      headers: bearer(accessToken),
    });
    expect(res.statusCode).toBe(403);
  });
});
