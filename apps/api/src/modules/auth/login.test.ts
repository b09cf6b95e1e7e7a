import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import type { User } from '@coop/shared/auth';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  bearer,
  createActiveMember,
  refreshCookie,
  signIn,
  TEST_PASSWORD,
} from '../../test/auth-helpers.js';
import { createMember, setMemberActive } from '../members/members.service.js';
import { auditLog, signInAttempts } from '../../db/schema/index.js';
import { INVALID_CREDENTIALS_MESSAGE } from './auth.service.js';
import { systemActor } from '../../lib/actor.js';

const MINUTE = 60_000;

let t: TestApp;
let ada: User;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00.000Z' });
  ada = await createActiveMember(t, {
    email: 'Ada.Obi@Example.com',
    firstName: 'Ada',
    lastName: 'Obi',
    phoneNumber: '0803 000 0001',
  });
});
afterAll(async () => {
  await t.close();
});

const login = (identifier: unknown, password: unknown, remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { identifier, password },
    remoteAddress,
  });

/** The error body without its timestamp, to compare answers that must be identical. */
const errorOf = (res: { json(): Record<string, unknown> }) => {
  const { timestamp: _timestamp, ...rest } = res.json();
  return rest;
};

describe('POST /auth/login', () => {
  it('signs in by e-mail, whatever its case, and answers the token and the user', async () => {
    const res = await login('  ADA.OBI@example.COM ', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(typeof body.data.accessToken).toBe('string');
    expect(body.data.user).toEqual({
      _id: ada.id,
      id: ada.id,
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada.obi@example.com',
      phoneNumber: '+2348030000001',
      membershipId: ada.membershipId,
      role: 'user',
      roles: [],
      isActive: true,
      isLoanReviewer: false,
      isExco: false,
    });
    expect(body.data.user).not.toHaveProperty('passwordHash');
  });

  it('sets the refresh token as an httpOnly, SameSite=Strict cookie', async () => {
    const res = await login('ada.obi@example.com', TEST_PASSWORD);
    const cookie = refreshCookie(res);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes).toMatchObject({
      httponly: true,
      samesite: 'Strict',
      path: '/',
      'max-age': String(30 * 24 * 60 * 60),
    });
    // PUBLIC_URL is http:// in tests: a Secure cookie would never come back over plain http,
    // and without Secure the `__Host-` prefix is not allowed.
    expect(cookie?.name).toBe('coop_refresh');
    expect(cookie?.attributes).not.toHaveProperty('secure');
  });

  it.each(['08030000001', '+2348030000001', '2348030000001', '0803-000-0001'])(
    'signs in by phone number written as %s',
    async (phone) => {
      const res = await login(phone, TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.id).toBe(ada.id);
    },
  );

  it('signs in by membership ID, whatever its case', async () => {
    const res = await login(ada.membershipId.toLowerCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.id).toBe(ada.id);
  });

  it('gives the access token to GET /auth/me', async () => {
    const { accessToken } = await signIn(t, 'ada.obi@example.com');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(accessToken),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(ada.id);
  });

  it('answers one identical 401 for an unknown user, a wrong password and a not-activated account', async () => {
    await createMember(t.deps, systemActor, {
      email: 'pending@example.com',
      firstName: 'Pen',
      lastName: 'Ding',
    });
    const unknown = await login('nobody@example.com', TEST_PASSWORD);
    const wrong = await login('ada.obi@example.com', 'Wrong-Password1');
    const pending = await login('pending@example.com', TEST_PASSWORD);
    for (const res of [unknown, wrong, pending]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['retry-after']).toBeUndefined();
    }
    expect(errorOf(unknown)).toEqual({
      success: false,
      error: 'Unauthorized',
      message: INVALID_CREDENTIALS_MESSAGE,
      code: 'INVALID_CREDENTIALS',
    });
    expect(errorOf(wrong)).toEqual(errorOf(unknown));
    expect(errorOf(pending)).toEqual(errorOf(unknown));
  });

  it('lets a suspended member sign in, so the client can show the suspended page', async () => {
    const ngozi = await createActiveMember(t, { email: 'ngozi@example.com' });
    await setMemberActive(t.deps, systemActor, { userId: ngozi.id, isActive: false });
    const res = await login('ngozi@example.com', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.isActive).toBe(false);
  });
});

describe('POST /auth/login validation', () => {
  it('requires the identifier and the password with the spec messages', async () => {
    const res = await login('   ', '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: expect.arrayContaining([
        { field: 'identifier', message: 'Email, phone number, or membership ID is required' },
        { field: 'password', message: 'Password is required' },
      ]),
    });
  });

  it('refuses unknown fields, malformed JSON and bodies over 100 KB, writing nothing', async () => {
    const attemptsBefore = await t.db.select({ n: count() }).from(signInAttempts);
    const auditBefore = await t.db.select({ n: count() }).from(auditLog);

    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier: 'ada.obi@example.com', password: TEST_PASSWORD, roles: ['president'] },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().code).toBe('VALIDATION_ERROR');

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier": "ada.obi@example.com", "password": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier: 'ada.obi@example.com', password: 'x'.repeat(101 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');

    expect(await t.db.select({ n: count() }).from(signInAttempts)).toEqual(attemptsBefore);
    expect(await t.db.select({ n: count() }).from(auditLog)).toEqual(auditBefore);
  });

  it('refuses a password longer than 128 characters before hashing it', async () => {
    const res = await login('ada.obi@example.com', 'A1a!'.repeat(33));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({
      field: 'password',
      message: 'Password cannot exceed 128 characters',
    });
  });
});

// Runs last in this file: it moves the shared clock forward.
describe('sign-in lockout', () => {
  let chidi: User;
  beforeAll(async () => {
    chidi = await createActiveMember(t, { email: 'chidi@example.com', phoneNumber: '08030000003' });
  });

  const attempt = (identifier: string, password: string, remoteAddress = '10.0.0.2') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier, password },
      remoteAddress,
    });

  /** The reasons of the account's failed sign-ins, oldest first. */
  async function failureReasons(): Promise<string[]> {
    const rows = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login.failed'), eq(auditLog.entityId, chidi.id)))
      .orderBy(asc(auditLog.id));
    return rows.map((r) => JSON.parse(r.after!).reason);
  }

  async function failTimes(n: number, identifier = 'chidi@example.com') {
    const answers = [];
    for (let i = 0; i < n; i++) answers.push(await attempt(identifier, `Wrong-Guess-${i}`));
    return answers;
  }

  it('locks the account for 15 minutes at the fifth failure in 15 minutes, then lets it in again', async () => {
    const answers = await failTimes(5);
    expect(answers.slice(0, 4).map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    const locked = answers[4]!;
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    expect(locked.json()).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });

    // The account's five checked guesses are spent: its right password, typed as another of its
    // identifiers, is not checked and answers as a wrong one. The phone number's own answer knows
    // nothing of the e-mail's lock, so it does not tell that the two are one account.
    t.clock.advance(5 * MINUTE);
    const notChecked = await attempt('08030000003', TEST_PASSWORD);
    expect(notChecked.statusCode).toBe(401);
    expect(notChecked.json().code).toBe('INVALID_CREDENTIALS');

    t.clock.advance(10 * MINUTE);
    expect((await attempt('chidi@example.com', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("forgets the identifier's failures after a successful sign-in, but not the account's checked guesses", async () => {
    t.clock.advance(MINUTE);
    await failTimes(4);
    expect((await attempt('chidi@example.com', TEST_PASSWORD)).statusCode).toBe(200);
    const reasonsBefore = await failureReasons();
    // The e-mail's four failures are forgotten: four more answer 401, none 429.
    const after = await failTimes(4);
    expect(after.every((r) => r.statusCode === 401)).toBe(true);
    // The account's four checked guesses are not: the first of the four is its fifth, and the
    // rest, and then the right password by phone from a browser it does not know, go unchecked.
    expect((await failureReasons()).slice(reasonsBefore.length)).toEqual([
      'wrong_password',
      'guesses_spent',
      'guesses_spent',
      'guesses_spent',
    ]);
    const byPhone = await attempt('08030000003', TEST_PASSWORD);
    expect(byPhone.statusCode).toBe(401);
    expect(byPhone.json().code).toBe('INVALID_CREDENTIALS');
    t.clock.advance(15 * MINUTE);
    expect((await attempt('chidi@example.com', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts only failures inside a 15-minute window', async () => {
    t.clock.advance(MINUTE);
    await failTimes(4);
    t.clock.advance(16 * MINUTE);
    const later = await failTimes(4);
    expect(later.every((r) => r.statusCode === 401)).toBe(true);
    expect((await attempt('chidi@example.com', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('locks for 15 minutes every time, never longer, so failures cannot stretch it to a day', async () => {
    t.clock.advance(MINUTE);
    for (let round = 0; round < 4; round++) {
      const locked = (await failTimes(5))[4]!;
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBe('900');
      expect(locked.json().message).toBe(
        'Too many failed sign-in attempts. Please try again in 15 minutes.',
      );
      t.clock.advance(15 * MINUTE);
    }
    expect((await attempt('chidi@example.com', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers unknown identifiers with the same first lockout, so a 429 does not reveal accounts', async () => {
    const answers = await failTimes(6, 'ghost@example.com');
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 429, 429]);
    expect(answers[4]!.headers['retry-after']).toBe('900');
    expect(answers[4]!.json().code).toBe('ACCOUNT_LOCKED');
    t.clock.advance(15 * MINUTE);
    expect((await attempt('ghost@example.com', 'Another-Guess1')).statusCode).toBe(401);
  });

  it('stops an address after 100 failures in 15 minutes, but not members elsewhere', async () => {
    t.clock.advance(16 * MINUTE);
    const ip = '203.0.113.9';
    for (let i = 0; i < 100; i++) {
      // A different unknown identifier each time, so no account lockout gets in the way.
      const res = await attempt(`guess${i}@example.com`, 'Wrong-Guess-1', ip);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await attempt('chidi@example.com', TEST_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);

    expect((await attempt('chidi@example.com', TEST_PASSWORD, '198.51.100.7')).statusCode).toBe(
      200,
    );
    t.clock.advance(15 * MINUTE);
    expect((await attempt('chidi@example.com', TEST_PASSWORD, ip)).statusCode).toBe(200);
  }, 120_000);
});
