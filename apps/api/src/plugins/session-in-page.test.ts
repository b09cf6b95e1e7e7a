import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import { auditLog } from '../db/schema/index.js';
import { systemActor } from '../lib/actor.js';
import { checkKeptReads } from '../lib/member-read-cache.js';
import { recordContributions } from '../modules/contributions/contributions.service.js';
import { setMemberActive } from '../modules/members/members.service.js';
import { createTestApp, openOtherApp, type OtherApp, type TestApp } from '../test/app.js';
import { bearer, createActiveMember, signIn, TEST_PASSWORD } from '../test/auth-helpers.js';

/**
 * Member lists whose session check rides on the page's statement (decision 108): one statement
 * a page, and still the very next request refused after logout, suspension and a password
 * change, in this app and in a second one with its own connections (another process, on
 * PostgreSQL), and 401/403 before 400.
 */

const NOW = '2025-06-15T09:00:00Z';
const LISTS = [
  '/api/v1/users/contributions',
  '/api/v1/users/notifications',
  '/api/v1/users/loans',
  '/api/v1/users/guarantees',
  '/api/v1/users/withdrawals',
  '/api/v1/users/fines',
  '/api/v1/users/dividends',
  '/api/v1/users/deposit-notices',
  '/api/v1/users/login-history',
];

describe('a member list checks the session in its page statement', () => {
  let t: TestApp;
  let other: OtherApp;
  let seq = 0;

  /** A member with two contributions, signed in; a fresh one per test. */
  async function member() {
    const email = `page${++seq}@test.coop`;
    const user = await createActiveMember(t, { email, joinedOn: '2024-01-10' });
    await recordContributions(t.deps, systemActor, {
      deductions: ['2025-04', '2025-05'].map((month) => ({
        userId: user.id,
        month,
        contributionDate: `${month}-25`,
        savingsKobo: 1_000_000,
        sharesKobo: 200_000,
      })),
    });
    t.clock.advance(2_000);
    return { user, email, session: await signIn(t, email) };
  }

  const get = (app: FastifyInstance, url: string, token: string) =>
    app.inject({ url, headers: bearer(token) });
  /** The status each app answers to each list, as `url app status`. */
  async function everywhere(token: string, query = '') {
    const answers: string[] = [];
    for (const [name, app] of [
      ['this', t.app],
      ['other', other.app],
    ] as const) {
      for (const url of LISTS) {
        answers.push(`${url} ${name} ${(await get(app, url + query, token)).statusCode}`);
      }
    }
    return answers;
  }
  const all = (status: number) =>
    ['this', 'other'].flatMap((name) => LISTS.map((url) => `${url} ${name} ${status}`));

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    other = await openOtherApp(t);
  }, 60_000);
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('reads a page and checks the caller in one statement', async () => {
    const { session } = await member();
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const statements: string[] = [];
    const original = client.query.bind(client);
    const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
      const [query] = args;
      statements.push(typeof query === 'string' ? query : String((query as { text: string }).text));
      return original(...args);
    });
    try {
      // A page other than the first as the app opens it (that one is kept, below).
      const res = await get(t.app, '/api/v1/users/contributions?limit=10', session.accessToken);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toHaveLength(2);
      expect(statements).toHaveLength(1);
      // The first page kept at write time (decision 185): once kept, one statement answers it
      // with the check (under test a kept page is also computed again to compare: not here).
      await get(t.app, '/api/v1/users/contributions', session.accessToken);
      statements.length = 0;
      checkKeptReads(false);
      try {
        const kept = await get(t.app, '/api/v1/users/contributions', session.accessToken);
        expect(kept.statusCode, kept.body).toBe(200);
        expect(kept.json().data).toHaveLength(2);
      } finally {
        checkKeptReads(true);
      }
      expect(statements).toHaveLength(1);
      // The login history too (decision 143): the sign-in above is on its page.
      statements.length = 0;
      const history = await get(t.app, '/api/v1/users/login-history', session.accessToken);
      expect(history.statusCode, history.body).toBe(200);
      expect(history.json().data.length).toBeGreaterThan(0);
      expect(statements).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
    // An empty page has no row to carry the check: it is made on its own, and still answers.
    const empty = await get(t.app, '/api/v1/users/withdrawals', session.accessToken);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toEqual([]);
  });

  it('refuses the very next request after logout, everywhere', async () => {
    const { session } = await member();
    expect(await everywhere(session.accessToken)).toEqual(all(200));
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookies: { coop_refresh: session.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect(await everywhere(session.accessToken)).toEqual(all(401));
  });

  it('refuses the very next request after suspension, everywhere, and audits it', async () => {
    const { user, email } = await member();
    t.clock.advance(2_000);
    const session = await signIn(t, email);
    expect(await everywhere(session.accessToken)).toEqual(all(200));
    await setMemberActive(t.deps, systemActor, { userId: user.id, isActive: false });
    // Suspension ends the sign-ins (401); one begun afterwards hears 403 on every list.
    expect(await everywhere(session.accessToken)).toEqual(all(401));
    t.clock.advance(2_000);
    const suspended = await signIn(t, email);
    expect(await everywhere(suspended.accessToken)).toEqual(all(403));
    const res = await get(t.app, LISTS[0] ?? '', suspended.accessToken);
    expect(res.json()).toMatchObject({ success: false, code: 'ACCOUNT_SUSPENDED' });
    const [denied] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'authorization.denied')));
    expect(denied?.n).toBeGreaterThanOrEqual(LISTS.length * 2);
  });

  it('refuses the very next request of another sign-in after a password change, everywhere', async () => {
    const { email, session: before } = await member();
    t.clock.advance(2_000);
    const current = await signIn(t, email);
    expect(await everywhere(before.accessToken)).toEqual(all(200));
    t.clock.advance(2_000);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(current.accessToken),
      payload: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Changed-Harvest!55',
        confirmPassword: 'Changed-Harvest!55',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await everywhere(before.accessToken)).toEqual(all(401));
    expect(await everywhere(changed.json().data.accessToken)).toEqual(all(200));
  });

  it('answers 401 and 403 before 400', async () => {
    const { user, session } = await member();
    const bad = '?page=0';
    expect(await everywhere(session.accessToken, bad)).toEqual(all(400));
    expect(await everywhere('not-a-token', bad)).toEqual(all(401));
    t.clock.advance(2_000);
    await setMemberActive(t.deps, systemActor, { userId: user.id, isActive: false });
    expect(await everywhere(session.accessToken, bad)).toEqual(all(401));
    const suspended = await signIn(t, user.email);
    expect(await everywhere(suspended.accessToken, bad)).toEqual(all(403));
  });
});
