import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DividendListResponse } from '@coop/shared/dividends';
import { systemActor } from '../../lib/actor.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  readMemberBalance,
} from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { recordContributions } from '../contributions/contributions.service.js';
import { declareDividend, payDividends } from './dividends.service.js';

/**
 * GET /users/dividends (docs/member-portal.md §2 Dividends, §7) and the administrator's declare and
 * pay use cases (decision 040): rows at the rate of the year-end share holding, paid into savings
 * through the ledger; sorts by payment date or year; another member's rows never shown. Each test
 * has a cooperative of its own (a declared year belongs to the whole cooperative) and declares and
 * pays what it needs, so the tests pass alone and in any order.
 */
const NOW = '2025-06-15T09:00:00Z';

describe('dividends', () => {
  let t: TestApp;
  let ada: { id: string };

  beforeEach(async () => {
    t = await createTestApp({ now: NOW });
    const a = await createActiveMember(t, { email: 'ada@test.coop', joinedOn: '2023-01-10' });
    const b = await createActiveMember(t, { email: 'bayo@test.coop', joinedOn: '2023-01-10' });
    await recordContributions(t.deps, systemActor, {
      deductions: [
        {
          userId: a.id,
          month: '2023-06',
          contributionDate: '2023-06-25',
          savingsKobo: 10_000_00,
          sharesKobo: 100_000_00,
        },
        {
          userId: a.id,
          month: '2024-06',
          contributionDate: '2024-06-25',
          savingsKobo: 10_000_00,
          sharesKobo: 100_000_00,
        },
        // After the end of 2024: not part of the 2024 dividend.
        {
          userId: a.id,
          month: '2025-01',
          contributionDate: '2025-01-25',
          savingsKobo: 0,
          sharesKobo: 50_000_00,
        },
        {
          userId: b.id,
          month: '2024-06',
          contributionDate: '2024-06-25',
          savingsKobo: 5_000_00,
          sharesKobo: 0,
        },
      ],
    });
    ada = { id: a.id };
  }, 60_000);
  afterEach(() => t.close());

  /** 2023 declared at 8 % and paid on 1 April 2024; 2024 declared at 10 %, not paid yet. */
  const declareAndPayHistory = async () => {
    await declareDividend(t.deps, systemActor, {
      dividendYear: 2023,
      rateBps: 800,
      issuedDate: '2024-03-01',
    });
    await declareDividend(t.deps, systemActor, {
      dividendYear: 2024,
      rateBps: 1_000,
      issuedDate: '2025-03-01',
    });
    await payDividends(t.deps, systemActor, { dividendYear: 2023, paidDate: '2024-04-01' });
  };

  /** Signed in only by the tests that call the API as a member (a sign-in hashes). */
  const tokenOf = async (email: string) => (await signIn(t, email)).accessToken;

  const list = async (query: string, token: string) => {
    const res = await t.app.inject({
      url: `/api/v1/users/dividends${query}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DividendListResponse>();
  };

  it('declares a year at its rate on each year-end share holding, once', async () => {
    await declareDividend(t.deps, systemActor, {
      dividendYear: 2023,
      rateBps: 800,
      issuedDate: '2024-03-01',
    });
    const rows = await declareDividend(t.deps, systemActor, {
      dividendYear: 2024,
      rateBps: 1_000,
      issuedDate: '2025-03-01',
    });
    // Bayo holds no shares: no row for him.
    expect(rows.map((row) => [row.userId, row.amount])).toEqual([[ada.id, 20_000_00]]);
    await expect(
      declareDividend(t.deps, systemActor, {
        dividendYear: 2024,
        rateBps: 500,
        issuedDate: '2025-03-02',
      }),
    ).rejects.toMatchObject({ code: 'DIVIDEND_ALREADY_DECLARED' });
    await expect(
      declareDividend(t.deps, systemActor, {
        dividendYear: 2025,
        rateBps: 500,
        issuedDate: '2025-06-01',
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('pays a year into savings through the ledger', async () => {
    await declareDividend(t.deps, systemActor, {
      dividendYear: 2023,
      rateBps: 800,
      issuedDate: '2024-03-01',
    });
    const before = (await readMemberBalance(t.db, ada.id))?.savings ?? 0;
    await payDividends(t.deps, systemActor, { dividendYear: 2023, paidDate: '2024-04-01' });
    expect((await readMemberBalance(t.db, ada.id))?.savings).toBe(before + 8_000_00);
    await expect(
      payDividends(t.deps, systemActor, { dividendYear: 2023, paidDate: '2024-04-02' }),
    ).rejects.toMatchObject({ code: 'INVALID_TRANSITION' });
  });

  it("lists the member's dividends in the spec's shape, by payment date or year", async () => {
    await declareAndPayHistory();
    const token = await tokenOf('ada@test.coop');
    const body = await list('', token);
    expect(body.data).toEqual([
      {
        id: expect.any(String),
        dividendPeriod: 'FY 2024',
        dividendType: 'share_holding',
        amount: 20_000,
        notes: '10% on share holding of 31 Dec 2024',
        issuedDate: '2025-03-01',
        paidDate: null,
        status: 'calculated',
        dividendYear: 2024,
      },
      expect.objectContaining({
        dividendYear: 2023,
        paidDate: '2024-04-01',
        status: 'paid',
        amount: 8_000,
      }),
    ]);
    expect(
      (await list('?sortBy=dividendYear&sortOrder=asc', token)).data.map((d) => d.dividendYear),
    ).toEqual([2023, 2024]);
    expect((await list('?status=paid', token)).data).toHaveLength(1);
    expect((await list('', await tokenOf('bayo@test.coop'))).data).toEqual([]);
  });

  it('refuses an unknown sort and answers 401 anonymous', async () => {
    const res = await t.app.inject({
      url: '/api/v1/users/dividends?sortBy=amount',
      headers: bearer(await tokenOf('ada@test.coop')),
    });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/users/dividends' })).statusCode).toBe(401);
  });

  it('keeps the balance projection equal to the ledger after declaring and paying', async () => {
    await declareAndPayHistory();
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});
