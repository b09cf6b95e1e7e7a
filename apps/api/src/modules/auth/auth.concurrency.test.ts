import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createPostgresTestDatabase, requirePostgres } from '../../test/database.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  createActiveMember,
  refreshCookie,
  signIn,
  TEST_PASSWORD,
} from '../../test/auth-helpers.js';
import { auditLog } from '../../db/schema/index.js';
import { createMember } from '../members/members.service.js';
import { systemActor } from '../../lib/actor.js';

// PGlite runs one query at a time, so races only show on a real PostgreSQL server.
const serverUrl = requirePostgres('auth concurrency');

describe.skipIf(!serverUrl)('auth under concurrent requests (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every sign-in of a burst gets a place at the password-check gate, so these tests see the
    // account and address limits rather than the gate's 503 (lib/password-checks.test.ts).
    t = await createTestApp({
      handle: await createPostgresTestDatabase(serverUrl!),
      env: { PASSWORD_CHECKS_WAITING: '200' },
    });
    await createActiveMember(t, { email: 'race@example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The account's sign-ins in the order they were recorded: a success, or a failure's reason. */
  async function outcomesOf(userId: string): Promise<string[]> {
    const rows = await t.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, userId),
          inArray(auditLog.action, ['auth.login.failed', 'auth.login.succeeded']),
        ),
      )
      .orderBy(asc(auditLog.id));
    return rows.map((r) =>
      r.action === 'auth.login.succeeded' ? 'signed_in' : JSON.parse(r.after!).reason,
    );
  }

  it('lets exactly one of twenty parallel refreshes of one token through', async () => {
    const { refreshToken } = await signIn(t, 'race@example.com');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/refresh',
          cookies: { coop_refresh: refreshToken },
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(19);
    // The losers presented a rotated token: theft detection revoked the family, winner included.
    const winner = refreshCookie(answers.find((r) => r.statusCode === 200)!)!.value;
    const afterwards = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      cookies: { coop_refresh: winner },
    });
    expect(afterwards.statusCode).toBe(401);
  });

  it('locks the account at exactly the fifth of ten parallel wrong passwords', async () => {
    await createActiveMember(t, { email: 'guessed@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { identifier: 'guessed@example.com', password: `Wrong-Guess-${i}` },
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429, 429, 429]);
  });

  it('checks five of fifteen parallel guesses at one account by its three identifiers, from fifteen addresses', async () => {
    const member = await createActiveMember(t, {
      email: 'sprayed@example.com',
      phoneNumber: '08030000091',
    });
    const identifiers = ['sprayed@example.com', '08030000091', member.membershipId];
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: `198.19.0.${i + 1}`,
          // The right password is among them: it is checked only if the budget had room.
          payload: {
            identifier: identifiers[i % 3],
            password: i === 14 ? TEST_PASSWORD : `Wrong-Guess-${i}`,
          },
        }),
      ),
    );
    const outcomes = await outcomesOf(member.id);
    const signedIn = answers.filter((r) => r.statusCode === 200).length;
    expect(outcomes.filter((o) => o === 'signed_in')).toHaveLength(signedIn);
    // Five wrong guesses checked, whatever the order the sign-ins were recorded in; the right
    // password only among the first five checks (decision 093). A success amid them does not
    // refill the budget: when it did, a success recorded second let seven through under load.
    expect(outcomes.filter((o) => o === 'wrong_password')).toHaveLength(5);
    if (signedIn) expect(outcomes.indexOf('signed_in')).toBeLessThan(5);
    // Each identifier was tried five times: none is told more than its own count allows.
    expect(answers.filter((r) => r.statusCode === 429).length).toBeLessThanOrEqual(3);
  }, 120_000);

  it('checks five wrong guesses in all when the right password comes amid a burst', async () => {
    const member = await createActiveMember(t, {
      email: 'amid@example.com',
      phoneNumber: '08030000092',
    });
    const identifiers = ['amid@example.com', '08030000092', member.membershipId];
    const at = (i: number, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: `198.19.1.${i + 1}`,
        payload: { identifier: identifiers[i % 3], password },
      });
    // Two wrong guesses are checked first; then the right password leads a burst of wrong ones,
    // so it is usually recorded before the budget is spent, and the guesses after it must not
    // find the budget refilled.
    for (let i = 0; i < 2; i++) expect((await at(i, `Wrong-Guess-${i}`)).statusCode).toBe(401);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        at(n + 2, n === 0 ? TEST_PASSWORD : `Wrong-Guess-${n + 2}`),
      ),
    );
    const outcomes = await outcomesOf(member.id);
    expect(outcomes.filter((o) => o === 'wrong_password')).toHaveLength(5);
    const signedIn = answers.filter((r) => r.statusCode === 200).length;
    expect(outcomes.filter((o) => o === 'signed_in')).toHaveLength(signedIn);
    if (signedIn) expect(outcomes.indexOf('signed_in')).toBeLessThan(5);
  }, 120_000);

  it('holds the per-address limit of 100 failures exactly under a burst of 130 at once', async () => {
    const ip = '192.0.2.44';
    const answers = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: ip,
          // A different unknown identifier each time, so no account lockout gets in the way.
          payload: { identifier: `burst${i}@example.com`, password: 'Wrong-Guess-1' },
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(30);
    for (const res of refused) expect(res.json().code).toBe('TOO_MANY_ATTEMPTS');
  }, 120_000);

  it('uses an activation link once when it is submitted twice at the same moment', async () => {
    const { activationToken } = await createMember(t.deps, systemActor, {
      email: 'twice@example.com',
      firstName: 'Twice',
      lastName: 'Clicked',
    });
    const answers = await Promise.all(
      ['First-Choice!11', 'Second-Choice!22'].map((password) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/activate-account',
          payload: { token: activationToken, password, confirmPassword: password },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('gives members created at the same moment distinct membership IDs', async () => {
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createMember(t.deps, systemActor, {
          email: `batch${i}@example.com`,
          firstName: 'Batch',
          lastName: `No${i}`,
        }),
      ),
    );
    const ids = created.map((c) => c.user.membershipId);
    expect(new Set(ids).size).toBe(8);
    for (const id of ids) expect(id).toMatch(/^M\d{4}$/);
  });

  it('creates one member when the same e-mail is submitted twice at once, and answers 409 to the other', async () => {
    const results = await Promise.allSettled(
      ['08031110001', '08031110002'].map((phoneNumber) =>
        createMember(t.deps, systemActor, {
          email: 'dup@example.com',
          firstName: 'Dup',
          lastName: 'Licate',
          phoneNumber,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.reason).toMatchObject({
      status: 409,
      message: 'A member with this email address already exists',
    });
  });
});
