import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createPostgresTestDatabase, requirePostgres } from '../../test/database.js';
import { createActiveMember, refreshCookie, signIn } from '../../test/auth-helpers.js';
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
