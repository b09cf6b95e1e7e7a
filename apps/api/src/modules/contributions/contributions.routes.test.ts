import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { Contribution, ContributionListResponse } from '@coop/shared/contributions';
import { auditLog, contributions, idempotencyKeys } from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import { findHoldMismatches, findProjectionMismatches } from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { createPostgresTestDatabase, requirePostgres } from '../../test/database.js';
import { recordContributions, type PayrollDeduction } from './contributions.service.js';

/**
 * GET/POST /users/contributions… through HTTP, as the web app calls them (docs/member-portal.md §7,
 * §8): every filter of the list, another member's rows answering 404, confirm and dispute with
 * their rules, and Idempotency-Key replays. Ends, like every money test, with projection == ledger.
 */

// 10:00 in Lagos on 15 June 2025.
const NOW = '2025-06-15T09:00:00Z';

interface Member {
  id: string;
  token: string;
  rows: Contribution[];
}

/** A signed-in member with one payroll deduction for each month given (savings, shares in naira). */
async function memberWithContributions(
  t: TestApp,
  email: string,
  months: [month: string, savings: number, shares: number, day?: string][],
): Promise<Member> {
  const user = await createActiveMember(t, { email, joinedOn: '2024-01-10' });
  const deductions: PayrollDeduction[] = months.map(([month, savings, shares, day]) => ({
    userId: user.id,
    month,
    contributionDate: `${month}-${day ?? '25'}`,
    savingsKobo: savings * 100,
    sharesKobo: shares * 100,
  }));
  await recordContributions(t.deps, systemActor, { deductions });
  const { accessToken } = await signIn(t, email);
  const list = await t.app.inject({
    url: '/api/v1/users/contributions?limit=100&sortOrder=asc',
    headers: bearer(accessToken),
  });
  return { id: user.id, token: accessToken, rows: list.json<ContributionListResponse>().data };
}

describe('contributions API', () => {
  let t: TestApp;
  let ada: Member;
  let bayo: Member;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    ada = await memberWithContributions(t, 'ada@test.coop', [
      ['2025-01', 25_000, 5_000],
      ['2025-02', 25_000, 5_000],
      ['2025-03', 30_000, 5_000],
      ['2025-04', 30_000, 7_500, '28'],
      ['2025-05', 30_000, 7_500],
    ]);
    bayo = await memberWithContributions(t, 'bayo@test.coop', [['2025-05', 10_000, 2_000]]);
  }, 60_000);
  afterAll(() => t.close());

  const list = async (member: Member, query = '') => {
    const res = await t.app.inject({
      url: `/api/v1/users/contributions${query}`,
      headers: bearer(member.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ContributionListResponse>();
  };
  const months = (body: ContributionListResponse) => body.data.map((c) => c.contributionMonth);
  const post = (member: Member, url: string, payload: unknown, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/users/contributions${url}`,
      headers: { ...bearer(member.token), ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as object,
    });

  describe('GET /users/contributions', () => {
    it("lists the member's own rows, newest first, 25 a page, in the spec's shape", async () => {
      const body = await list(ada);
      expect(months(body)).toEqual(['2025-05', '2025-04', '2025-03', '2025-02', '2025-01']);
      expect(body.pagination).toEqual({
        currentPage: 1,
        totalPages: 1,
        totalItems: 5,
        hasNext: false,
        hasPrev: false,
        limit: 25,
      });
      expect(body.data[1]).toEqual({
        id: expect.any(String),
        _id: body.data[1]?.id,
        contributionMonth: '2025-04',
        contributionDate: '2025-04-28',
        savingsAmount: 30_000,
        shareHoldingAmount: 7_500,
        totalAmount: 37_500,
        status: 'pending',
        disputeDate: null,
        disputeResolvedBy: null,
      });
    });

    it.each([
      ['?status=pending', ['2025-05', '2025-04', '2025-03', '2025-02', '2025-01']],
      ['?status=confirmed', []],
      ['?contributionMonth=2025-03', ['2025-03']],
      ['?startDate=2025-02-25&endDate=2025-04-27', ['2025-03', '2025-02']],
      ['?startDate=2025-04-28', ['2025-05', '2025-04']],
      ['?minAmount=35000', ['2025-05', '2025-04', '2025-03']],
      ['?minAmount=30000&maxAmount=35000', ['2025-03', '2025-02', '2025-01']],
      ['?search=%20March%202025%20', ['2025-03']],
      ['?search=apr', ['2025-04']],
      ['?search=2025-0', ['2025-05', '2025-04', '2025-03', '2025-02', '2025-01']],
      ['?search=%E2%82%A637%2C500', ['2025-05', '2025-04']],
      ['?search=2025', ['2025-05', '2025-04', '2025-03', '2025-02', '2025-01']],
      ['?search=7500', ['2025-05', '2025-04']],
      ['?search=%25', []],
      ['?sortBy=totalAmount&sortOrder=asc&limit=2', ['2025-01', '2025-02']],
      ['?sortBy=contributionMonth&sortOrder=asc&page=2&limit=2', ['2025-03', '2025-04']],
    ])('filters and sorts: %s', async (query, expected) => {
      expect(months(await list(ada, query))).toEqual(expected);
    });

    it('counts the filtered rows for the pages, and answers an empty page past the end', async () => {
      const page = await list(ada, '?limit=2&page=2&status=pending');
      expect(page.pagination).toMatchObject({ totalItems: 5, totalPages: 3, hasNext: true });
      const beyond = await list(ada, '?limit=2&page=9');
      expect(beyond.data).toEqual([]);
      expect(beyond.pagination).toMatchObject({ currentPage: 9, totalItems: 5, hasPrev: true });
    });

    it.each([
      ['?limit=101', 'limit'],
      ['?sortBy=userId', 'sortBy'],
      ['?status=lost', 'status'],
      ['?contributionMonth=2025-13', 'contributionMonth'],
      ['?startDate=2025-05-01&endDate=2025-04-01', 'endDate'],
      ['?minAmount=-5', 'minAmount'],
      ['?page=0', 'page'],
    ])('refuses %s with 400 naming the field', async (query, field) => {
      const res = await t.app.inject({
        url: `/api/v1/users/contributions${query}`,
        headers: bearer(ada.token),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        details: [expect.objectContaining({ field })],
      });
    });

    it('answers 401 to an anonymous call before looking at its query', async () => {
      const res = await t.app.inject({ url: '/api/v1/users/contributions?limit=101' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    });
  });

  describe('GET /users/contributions/{id}', () => {
    it("answers the member's own row, and 404 for another member's", async () => {
      const own = await t.app.inject({
        url: `/api/v1/users/contributions/${ada.rows[0]!.id}`,
        headers: bearer(ada.token),
      });
      expect(own.json()).toEqual({ success: true, data: ada.rows[0] });
      const other = await t.app.inject({
        url: `/api/v1/users/contributions/${bayo.rows[0]!.id}`,
        headers: bearer(ada.token),
      });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Contribution not found' });
    });
  });

  describe('POST /users/contributions/confirm', () => {
    it('confirms one row sent as a string, and says how many', async () => {
      const res = await post(ada, '/confirm', { contributionIds: ada.rows[0]!.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: '1 contribution(s) confirmed successfully',
        data: { contributions: [{ contributionMonth: '2025-01', status: 'confirmed' }] },
      });
    });

    it('confirms several rows sent as an array, all or nothing', async () => {
      const refused = await post(ada, '/confirm', {
        contributionIds: [ada.rows[1]!.id, ada.rows[0]!.id],
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CONTRIBUTION_NOT_PENDING',
        message:
          'The January 2025 contribution is confirmed: only pending contributions can be confirmed',
      });
      expect(months(await list(ada, '?status=confirmed'))).toEqual(['2025-01']);

      const res = await post(ada, '/confirm', {
        contributionIds: [ada.rows[1]!.id, ada.rows[2]!.id],
      });
      expect(res.json()).toMatchObject({ message: '2 contribution(s) confirmed successfully' });
    });

    it("answers 404 when one of the rows is another member's, changing nothing", async () => {
      const res = await post(ada, '/confirm', {
        contributionIds: [ada.rows[3]!.id, bayo.rows[0]!.id],
      });
      expect(res.statusCode).toBe(404);
      expect(months(await list(ada, '?status=pending'))).toEqual(['2025-05', '2025-04']);
      expect(months(await list(bayo, '?status=pending'))).toEqual(['2025-05']);
    });

    it.each([
      [{ contributionIds: [] }, 'Select at least one contribution to confirm'],
      [{ contributionIds: 'nope' }, 'Invalid id'],
      [{}, 'Select at least one contribution to confirm'],
      [{ contributionIds: [], extra: 1 }, 'Unrecognized key: "extra"'],
    ])('refuses %o with 400', async (payload, message) => {
      const res = await post(ada, '/confirm', payload);
      expect(res.statusCode).toBe(400);
      expect(
        res.json<{ details: { message: string }[] }>().details.map((d) => d.message),
      ).toContain(message);
    });
  });

  describe('POST /users/contributions/{id}/dispute', () => {
    it('disputes a confirmed row with its trimmed reason', async () => {
      const res = await post(ada, `/${ada.rows[0]!.id}/dispute`, {
        reason: '   Deducted twice in January   ',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Your dispute has been submitted and will be reviewed',
        data: { status: 'disputed', disputeDate: new Date(NOW).toISOString() },
      });
      const [row] = await t.db
        .select({ reason: contributions.disputeReason })
        .from(contributions)
        .where(eq(contributions.id, ada.rows[0]!.id));
      expect(row?.reason).toBe('Deducted twice in January');
    });

    it.each([
      [{ reason: '  too short ' }, 'Dispute reason must be at least 10 characters'],
      [{ reason: 'x'.repeat(501) }, 'Dispute reason cannot exceed 500 characters'],
      [{ reason: '   ' }, 'Dispute reason is required'],
      [{}, 'Dispute reason is required'],
    ])('refuses %o with the spec message', async (payload, message) => {
      const res = await post(ada, `/${ada.rows[1]!.id}/dispute`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    });

    it('answers 409 for a pending row or a second dispute, and 404 for another member’s', async () => {
      const reason = { reason: 'This amount is not right' };
      expect((await post(ada, `/${ada.rows[4]!.id}/dispute`, reason)).statusCode).toBe(409);
      expect((await post(ada, `/${ada.rows[0]!.id}/dispute`, reason)).json()).toMatchObject({
        code: 'CONTRIBUTION_NOT_DISPUTABLE',
      });
      expect((await post(ada, `/${bayo.rows[0]!.id}/dispute`, reason)).statusCode).toBe(404);
    });
  });

  describe('Idempotency-Key', () => {
    it('replays the stored answer for the same key and body, without doing it twice', async () => {
      const body = { contributionIds: [ada.rows[3]!.id] };
      const first = await post(ada, '/confirm', body, 'confirm-april-1');
      const again = await post(ada, '/confirm', body, 'confirm-april-1');
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      const [audits] = await t.db
        .select({ n: count() })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'contribution.confirmed'),
            eq(auditLog.entityId, ada.rows[3]!.id),
          ),
        );
      expect(audits?.n).toBe(1);
    });

    it('answers 422 for the same key with another body, and keeps the first answer', async () => {
      const res = await post(
        ada,
        '/confirm',
        { contributionIds: [ada.rows[4]!.id] },
        'confirm-april-1',
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(months(await list(ada, '?status=pending'))).toEqual(['2025-05']);
    });

    it('keeps keys per member, and stores nothing for a refused request', async () => {
      const refused = await post(bayo, '/confirm', { contributionIds: [ada.rows[4]!.id] }, 'k-1');
      expect(refused.statusCode).toBe(404);
      const ok = await post(bayo, '/confirm', { contributionIds: [bayo.rows[0]!.id] }, 'k-1');
      expect(ok.statusCode).toBe(200);
      const keys = await t.db
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.userId, bayo.id));
      expect(keys).toEqual([{ key: 'k-1' }]);
    });

    it('refuses a key that is not visible ASCII', async () => {
      const res = await post(ada, '/confirm', { contributionIds: [ada.rows[4]!.id] }, 'two words');
      expect(res.statusCode).toBe(400);
    });
  });

  it('leaves the balance projection equal to the ledger', async () => {
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});

// PGlite runs one query at a time, so races can only show on a real PostgreSQL
// (docs/decisions/002-embedded-pglite-default-postgresql-in-production.md).
const serverUrl = requirePostgres('contributions API concurrency');

describe.skipIf(!serverUrl)('contributions API under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let chidi: Member;

  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      handle: await createPostgresTestDatabase(serverUrl ?? ''),
    });
    chidi = await memberWithContributions(t, 'chidi@test.coop', [
      ['2025-04', 20_000, 5_000],
      ['2025-05', 20_000, 5_000],
    ]);
  }, 60_000);
  afterAll(() => t.close());

  const confirm = (key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/contributions/confirm',
      headers: { ...bearer(chidi.token), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { contributionIds: chidi.rows[0]!.id },
    });
  const confirmations = async (id: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'contribution.confirmed'), eq(auditLog.entityId, id)))
    )[0]?.n;

  it('ten parallel confirms of one row confirm it once, with one audit row', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm()));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409, 409, 409,
    ]);
    expect(await confirmations(chidi.rows[0]!.id)).toBe(1);
  });

  it('ten parallel requests with one Idempotency-Key: one runs, the others replay or wait', async () => {
    const payload = { contributionIds: chidi.rows[1]!.id };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users/contributions/confirm',
          headers: { ...bearer(chidi.token), 'idempotency-key': 'same-key' },
          payload,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
    }
    expect(await confirmations(chidi.rows[1]!.id)).toBe(1);
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});
