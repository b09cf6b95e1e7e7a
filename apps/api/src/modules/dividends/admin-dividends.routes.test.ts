import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedJob, readJob, runOfficerJobs } from '../../test/officer-jobs.js';
import { and, count, eq } from 'drizzle-orm';
import type {
  DividendDeclaration,
  DividendDeclarationRow,
  DividendPreview,
} from '@coop/shared/dividends';
import { auditLog, dividends, ledgerTransactions, notifications } from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  readMemberBalance,
} from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { createPostgresTestDatabase, requirePostgres } from '../../test/database.js';
import { recordContributions } from '../contributions/contributions.service.js';

/**
 * The back office's dividends through HTTP (docs/decisions/072-dividends-and-policy.md): preview a
 * year at a rate (nothing written), declare it once (rows `calculated`, rounded down to the kobo:
 * decision 072), pay it once through the ledger (members notified), list declarations and rows.
 * Members get 403, anonymous callers 401; Idempotency-Keys replay; projection == ledger after
 * paying.
 */

// 10:00 in Lagos on 10 March 2026: the 2025 financial year has ended.
const NOW = '2026-03-10T09:00:00Z';

interface Session {
  id: string;
  token: string;
}

async function signedIn(
  t: TestApp,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<Session> {
  const user = await createActiveMember(t, { email, joinedOn: '2024-01-10', ...extra });
  return { id: user.id, token: (await signIn(t, email)).accessToken };
}

/** Share holdings: Ada ₦1,000.01 and Bayo ₦2,000.03 on 31 Dec 2025; Chidi saves only. */
async function seedHoldings(t: TestApp, ada: string, bayo: string, chidi: string) {
  await recordContributions(t.deps, systemActor, {
    deductions: [
      {
        userId: ada,
        month: '2025-06',
        contributionDate: '2025-06-25',
        savingsKobo: 50_000_00,
        sharesKobo: 1_000_01,
      },
      {
        userId: bayo,
        month: '2025-09',
        contributionDate: '2025-09-25',
        savingsKobo: 0,
        sharesKobo: 2_000_03,
      },
      {
        userId: chidi,
        month: '2025-09',
        contributionDate: '2025-09-25',
        savingsKobo: 9_000_00,
        sharesKobo: 0,
      },
      // After the year's end: not part of the 2025 dividend.
      {
        userId: ada,
        month: '2026-01',
        contributionDate: '2026-01-25',
        savingsKobo: 0,
        sharesKobo: 7_000_00,
      },
    ],
  });
}

const call = (
  t: TestApp,
  who: Session | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  key?: string,
) =>
  t.app.inject({
    method,
    url: `/api/v1/admin/dividends${url}`,
    headers: {
      ...(who ? bearer(who.token) : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('admin dividends API', () => {
  let t: TestApp;
  let chair: Session;
  let ada: Session;
  let bayo: Session;
  let chidi: Session;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    chair = await signedIn(t, 'chair@test.coop', { roles: ['president'], firstName: 'Chioma' });
    ada = await signedIn(t, 'ada@test.coop', { firstName: 'Ada', lastName: 'Obi' });
    bayo = await signedIn(t, 'bayo@test.coop', { firstName: 'Bayo', lastName: 'Ade' });
    chidi = await signedIn(t, 'chidi@test.coop', { firstName: 'Chidi', lastName: 'Eze' });
    await seedHoldings(t, ada.id, bayo.id, chidi.id);
  }, 60_000);
  afterAll(() => t.close());

  const rowsOf = async () => t.db.select().from(dividends);

  it('answers 401 to anonymous callers and 403 to members on every route', async () => {
    const routes: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/'],
      ['POST', '/preview', { dividendYear: 2025, rateBps: 1000 }],
      ['POST', '/', { dividendYear: 2025, rateBps: 1000 }],
      ['GET', '/2025'],
      ['GET', '/2025/rows'],
      ['POST', '/2025/pay', {}],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(t, null, method, url, payload)).statusCode, url).toBe(401);
      const forbidden = await call(t, ada, method, url, payload);
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect(await rowsOf()).toEqual([]);
  });

  it('previews a year per member, rounded down to the kobo, and writes nothing', async () => {
    const res = await call(t, chair, 'POST', '/preview', { dividendYear: 2025, rateBps: 5_000 });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ data: DividendPreview }>().data;
    expect(preview).toEqual({
      dividendYear: 2025,
      rateBps: 5_000,
      asOf: '2025-12-31',
      rows: [
        // 50 % of ₦1,000.01 is ₦500.005: rounded down to ₦500.00.
        expect.objectContaining({
          userId: ada.id,
          name: 'Ada Obi',
          shareHolding: 1_000.01,
          amount: 500,
        }),
        // 50 % of ₦2,000.03 is ₦1,000.015: ₦1,000.01.
        expect.objectContaining({
          userId: bayo.id,
          name: 'Bayo Ade',
          shareHolding: 2_000.03,
          amount: 1_000.01,
        }),
      ],
      // 50 % of ₦3,000.04 is ₦1,500.02; the members get ₦1,500.01; one kobo stays.
      totals: { members: 2, shareHolding: 3_000.04, amount: 1_500.01, retainedByRounding: 0.01 },
    });
    expect(await rowsOf()).toEqual([]);
  });

  it('refuses a bad rate, a year not ended and a body with unknown fields, with messages', async () => {
    const cases: Array<[unknown, string]> = [
      [{ dividendYear: 2025, rateBps: 0 }, 'The rate must be above 0 %'],
      [{ dividendYear: 2025, rateBps: 10_001 }, 'The rate cannot exceed 100 %'],
      [{ dividendYear: 2025, rateBps: 1_000.5 }, 'The rate can have at most two decimals'],
      [{ dividendYear: 1999, rateBps: 1_000 }, 'Enter a year from 2000'],
    ];
    for (const [payload, message] of cases) {
      const res = await call(t, chair, 'POST', '/', payload, `bad-${message}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    }
    const open = await call(t, chair, 'POST', '/preview', { dividendYear: 2026, rateBps: 1_000 });
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toBe('The 2026 financial year has not ended');
    const empty = await call(t, chair, 'POST', '/', { dividendYear: 2023, rateBps: 1_000 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('No member held shares on 31 Dec 2023: nothing to declare');
    expect(await rowsOf()).toEqual([]);
  });

  it('declares the year once: calculated rows with their basis, audited; a key replays', async () => {
    const payload = { dividendYear: 2025, rateBps: 5_000 };
    const res = await call(t, chair, 'POST', '/', payload, 'declare-2025');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: DividendDeclaration; message: string }>();
    expect(body.data).toEqual({
      dividendYear: 2025,
      dividendPeriod: 'FY 2025',
      rateBps: 5_000,
      issuedDate: '2026-03-10',
      paidDate: null,
      members: 2,
      amount: 1_500.01,
      paidAmount: 0,
      status: 'calculated',
    });
    expect(body.message).toBe(
      'The 2025 dividend was declared for 2 members. Nothing is paid until you pay it.',
    );
    const rows = await rowsOf();
    expect(rows.map((row) => [row.userId, row.shareHolding, row.amount, row.status])).toEqual(
      expect.arrayContaining([
        [ada.id, 1_000_01, 500_00, 'calculated'],
        [bayo.id, 2_000_03, 1_000_01, 'calculated'],
      ]),
    );

    const replay = await call(t, chair, 'POST', '/', payload, 'declare-2025');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(body);

    const again = await call(t, chair, 'POST', '/', { dividendYear: 2025, rateBps: 800 }, 'again');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'DIVIDEND_ALREADY_DECLARED',
      message: 'The 2025 dividend was already declared: a year is declared once',
    });
    const preview = await call(t, chair, 'POST', '/preview', payload);
    expect(preview.statusCode).toBe(409);
    expect(await rowsOf()).toHaveLength(2);
    const [audits] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dividend.declared'), eq(auditLog.actorId, chair.id)));
    expect(audits?.n).toBe(1);
  });

  it('lists declarations and a declaration’s rows with search', async () => {
    const list = await call(t, chair, 'GET', '/');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ dividendYear: 2025, status: 'calculated' }),
    ]);
    const rows = await call(t, chair, 'GET', '/2025/rows');
    expect(rows.statusCode, rows.body).toBe(200);
    const body = rows.json<{
      data: DividendDeclarationRow[];
      pagination: { totalItems: number };
    }>();
    expect(body.data.map((row) => [row.name, row.shareHolding, row.amount, row.status])).toEqual([
      ['Ada Obi', 1_000.01, 500, 'calculated'],
      ['Bayo Ade', 2_000.03, 1_000.01, 'calculated'],
    ]);
    expect(body.pagination.totalItems).toBe(2);
    const search = await call(t, chair, 'GET', '/2025/rows?search=bayo');
    expect(search.json().data.map((row: DividendDeclarationRow) => row.name)).toEqual(['Bayo Ade']);
    expect((await call(t, chair, 'GET', '/2019')).statusCode).toBe(404);
    expect((await call(t, chair, 'GET', '/20x5')).statusCode).toBe(400);
  });

  it('pays the year into savings through the ledger, once, and tells each member', async () => {
    const before = (await readMemberBalance(t.db, bayo.id))?.savings ?? 0;
    const res = await call(t, chair, 'POST', '/2025/pay', {}, 'pay-2025');
    expect(res.json().message).toBe('The dividend is being paid. Its progress shows here.');
    const job = await finishedJob(t, res, chair.token);
    expect(job).toMatchObject({ kind: 'dividends.pay', state: 'succeeded', done: 2, total: 2 });
    expect(job.result).toMatchObject({
      status: 'paid',
      paidDate: '2026-03-10',
      paidAmount: 1_500.01,
    });
    expect(job.message).toBe(
      'The 2025 dividend was paid into 2 members’ savings. Each member was notified.',
    );
    expect((await readMemberBalance(t.db, bayo.id))?.savings).toBe(before + 1_000_01);

    const replay = await call(t, chair, 'POST', '/2025/pay', {}, 'pay-2025');
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(job.id);
    await runOfficerJobs(t);
    const twice = await call(t, chair, 'POST', '/2025/pay', {}, 'pay-2025-again');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The 2025 dividend was already paid');
    expect((await readMemberBalance(t.db, bayo.id))?.savings).toBe(before + 1_000_01);

    const [posted] = await t.db
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'dividend'));
    expect(posted?.n).toBe(2);
    const told = await t.db
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.title, '2025 dividend paid'));
    expect(told.map((row) => row.userId).sort()).toEqual([ada.id, bayo.id].sort());
    const unknown = await call(t, chair, 'POST', '/2019/pay', {}, 'pay-2019');
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the balance projection equal to the ledger', async () => {
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});

const serverUrl = requirePostgres('dividends concurrency');
describe.skipIf(!serverUrl)('dividends under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      handle: await createPostgresTestDatabase(serverUrl ?? ''),
    });
  }, 60_000);
  afterAll(() => t.close());

  it('two administrators declaring and then paying the same year at once: each happens once', async () => {
    const first = await signedIn(t, 'one@test.coop', { roles: ['president'] });
    const second = await signedIn(t, 'two@test.coop', { roles: ['president'] });
    const ada = await signedIn(t, 'ada@test.coop');
    const bayo = await signedIn(t, 'bayo@test.coop');
    const chidi = await signedIn(t, 'chidi@test.coop');
    await seedHoldings(t, ada.id, bayo.id, chidi.id);

    const declared = await Promise.all(
      [first, second].map((admin) =>
        call(t, admin, 'POST', '/', { dividendYear: 2025, rateBps: 1_000 }),
      ),
    );
    expect(declared.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(dividends)).toHaveLength(2);

    const before = (await readMemberBalance(t.db, bayo.id))?.savings ?? 0;
    const paid = await Promise.all(
      [first, second, first, second].map((admin) => call(t, admin, 'POST', '/2025/pay', {})),
    );
    // Checked at once, so the three after the first may be refused, or queued and then refused
    // by their job: the year is paid once either way.
    await runOfficerJobs(t);
    const outcomes = await Promise.all(
      paid.map(async (res, i) =>
        res.statusCode === 202
          ? (
              await readJob(
                t,
                String(res.headers.location),
                [first, second, first, second][i]?.token ?? '',
              )
            ).state
          : res.statusCode,
      ),
    );
    expect(outcomes.filter((o) => o === 'succeeded')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'failed' || o === 409)).toHaveLength(3);
    // 10 % of ₦2,000.03 is ₦200.003: ₦200.00, once.
    expect((await readMemberBalance(t.db, bayo.id))?.savings).toBe(before + 200_00);
    const [posted] = await t.db
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'dividend'));
    expect(posted?.n).toBe(2);
    const [audits] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'dividend.paid'));
    expect(audits?.n).toBe(2);
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});
