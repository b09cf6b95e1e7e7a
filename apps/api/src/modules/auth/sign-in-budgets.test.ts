import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { User } from '@coop/shared/auth';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, setCookies, TEST_PASSWORD } from '../../test/auth-helpers.js';
import { auditLog, signInLocks } from '../../db/schema/index.js';
import { pruneSignInLocks } from '../credentials/sign-in-throttle.service.js';

/**
 * Sign-in budgets instead of an account lockout (docs/decisions/093-sign-in-budgets-instead-of-
 * account-lockout.md): an anonymous attacker is held to five checked guesses per account per
 * 15 minutes, but cannot lock the member out of the device they signed in on, nor learn from a
 * 429 that an e-mail and a membership ID are one account. Each test takes its own member and
 * addresses; the clock only moves forward.
 */
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00.000Z' });
});
afterAll(async () => {
  await t.close();
});

const login = (
  identifier: string,
  password: string,
  { ip = '10.1.0.1', device }: { ip?: string; device?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { identifier, password },
    remoteAddress: ip,
    ...(device ? { cookies: { coop_device: device } } : {}),
  });

/** The answer without its timestamp, with the wait it asks for. */
const answerOf = (res: Awaited<ReturnType<typeof login>>) => {
  const { timestamp: _timestamp, ...body } = res.json<Record<string, unknown>>();
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], body };
};

/** Signs in from a browser and returns the known-device cookie it was given. */
async function deviceOf(identifier: string, ip: string): Promise<string> {
  const res = await login(identifier, TEST_PASSWORD, { ip });
  expect(res.statusCode).toBe(200);
  const cookie = setCookies(res).find((c) => c.name === 'coop_device');
  expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: 'Strict', path: '/' });
  return cookie!.value;
}

/** The attacker: a wrong guess from a new address each time (a botnet). */
let botnet = 0;
const guess = (identifier: string, password = `Wrong-Guess-${botnet}`) =>
  login(identifier, password, { ip: `198.18.${Math.floor(botnet / 250)}.${(botnet++ % 250) + 1}` });

async function checkedGuesses(user: User): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityId, user.id),
        eq(auditLog.action, 'auth.login.failed'),
        sql`(${auditLog.after})::jsonb->>'reason' = 'wrong_password'`,
      ),
    );
  return row!.n;
}

describe('sign-in budgets', () => {
  it("lets the member in on their known device while an attacker's failures lock the account elsewhere", async () => {
    const member = await createActiveMember(t, { email: 'kemi@example.com' });
    const device = await deviceOf('kemi@example.com', '10.1.0.7');

    // Twenty wrong guesses from twenty addresses, by e-mail and by membership ID.
    for (let i = 0; i < 10; i++) await guess('kemi@example.com');
    for (let i = 0; i < 10; i++) await guess(member.membershipId);
    expect((await guess('kemi@example.com', TEST_PASSWORD)).statusCode).toBe(429);
    expect((await login('kemi@example.com', TEST_PASSWORD, { ip: '10.1.0.8' })).statusCode).toBe(
      429,
    );

    // The member's own browser, by either identifier, even from a new address.
    const home = await login('kemi@example.com', TEST_PASSWORD, { ip: '10.1.0.7', device });
    expect(home.statusCode).toBe(200);
    const away = await login(member.membershipId, TEST_PASSWORD, { ip: '10.1.0.9', device });
    expect(away.statusCode).toBe(200);
    // The device's budget is its own: five wrong passwords there lock the device, openly.
    const own = [];
    for (let i = 0; i < 5; i++) {
      own.push((await login('kemi@example.com', `Typo-${i}`, { device })).statusCode);
    }
    expect(own).toEqual([401, 401, 401, 401, 429]);
    t.clock.advance(15 * MINUTE);
    expect((await login('kemi@example.com', TEST_PASSWORD, { device })).statusCode).toBe(200);
  });

  it("refuses another account's device cookie, and a cookie it did not sign", async () => {
    const mine = await deviceOf('kemi@example.com', '10.1.0.7');
    await createActiveMember(t, { email: 'obi@example.com' });
    for (let i = 0; i < 5; i++) await guess('obi@example.com');
    const [userId, deviceId] = mine.split('.');
    for (const device of [mine, `${userId}.${deviceId}.forged`]) {
      const res = await login('obi@example.com', TEST_PASSWORD, { device });
      expect(res.statusCode).toBe(429);
    }
    t.clock.advance(15 * MINUTE);
  });

  it('holds an attacker to five checked guesses per 15 minutes across every identifier', async () => {
    const member = await createActiveMember(t, {
      email: 'tunde@example.com',
      phoneNumber: '08030000077',
    });
    const answers = [];
    for (const id of ['tunde@example.com', '08030000077', member.membershipId]) {
      for (let i = 0; i < 4; i++) answers.push((await guess(id)).statusCode);
    }
    expect(answers.every((s) => s === 401)).toBe(true);
    // Five of the twelve were checked; the rest, and now the right password, are not.
    expect(await checkedGuesses(member)).toBe(5);
    const right = await guess(member.membershipId, TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    const rightByPhone = await guess('+2348030000077', TEST_PASSWORD);
    expect(rightByPhone.statusCode).toBe(429);

    // No doubling: a quarter of an hour later the budget is whole again.
    t.clock.advance(15 * MINUTE);
    expect((await guess('tunde@example.com', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("keeps the account's five checked guesses when the member signs in from a new browser amid them", async () => {
    const member = await createActiveMember(t, {
      email: 'amaka@example.com',
      phoneNumber: '08030000078',
    });
    await guess('amaka@example.com');
    await guess('amaka@example.com');
    // The member signs in on a browser the account does not know yet, between the guesses.
    const device = await deviceOf('amaka@example.com', '10.1.0.20');
    const answers = [];
    for (const id of ['08030000078', member.membershipId]) {
      for (let i = 0; i < 4; i++) answers.push((await guess(id)).statusCode);
    }
    expect(answers.every((s) => s === 401)).toBe(true);
    // Two checked before the sign-in and three after: five, as if it had not happened (seven
    // when a success forgot the account's count, ten at most).
    expect(await checkedGuesses(member)).toBe(5);
    const right = await login('amaka@example.com', TEST_PASSWORD, { ip: '10.1.0.21' });
    expect(right.statusCode).toBe(401);
    // The member's browser has its own budget.
    const home = await login('amaka@example.com', TEST_PASSWORD, { ip: '10.1.0.20', device });
    expect(home.statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
  });

  it('answers alike whether an e-mail and a membership ID belong to one account or not', async () => {
    const member = await createActiveMember(t, { email: 'bisi@example.com' });
    // The unknown pair: an e-mail and a membership ID that name no one.
    const run = async (email: string, membershipId: string) => {
      const seen = [];
      for (let i = 0; i < 5; i++) seen.push(answerOf(await guess(email)));
      t.clock.advance(MINUTE);
      for (let i = 0; i < 6; i++) seen.push(answerOf(await guess(membershipId)));
      return seen;
    };
    const known = await run('bisi@example.com', member.membershipId);
    const unknown = await run('nobody@example.com', 'Z9999');
    expect(unknown).toEqual(known);
    expect(known.map((a) => a.status)).toEqual([
      401, 401, 401, 401, 429, 401, 401, 401, 401, 429, 429,
    ]);
    expect(known[4]!.body).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
    t.clock.advance(20 * MINUTE);
  });

  it('locks a source that keeps failing, but not the member on their known device there', async () => {
    const device = await deviceOf('kemi@example.com', '10.1.0.7');
    const ip = '203.0.113.50';
    for (let i = 0; i < 100; i++) {
      expect((await login(`spray${i}@example.com`, 'Wrong-Guess-1', { ip })).statusCode).toBe(401);
    }
    const blocked = await login('kemi@example.com', TEST_PASSWORD, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect((await login('kemi@example.com', TEST_PASSWORD, { ip, device })).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
  }, 120_000);

  it('keeps a signed-in session its own budget for re-authentication', async () => {
    await createActiveMember(t, { email: 'femi@example.com' });
    const res = await login('femi@example.com', TEST_PASSWORD, { ip: '10.1.0.20' });
    const accessToken = res.json<{ data: { accessToken: string } }>().data.accessToken;
    for (let i = 0; i < 5; i++) await guess('femi@example.com');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(accessToken),
      payload: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Okra-Season!2032',
        confirmPassword: 'Okra-Season!2032',
      },
    });
    expect(change.statusCode).toBe(200);
  });

  it('forgets a budget a day after it was last touched', async () => {
    await guess('stale@example.com');
    const stale = eq(signInLocks.key, 'identifier:stale@example.com');
    expect(await pruneSignInLocks(t.db, t.clock.now())).toBe(0);
    t.clock.advance(25 * 60 * MINUTE);
    expect(await pruneSignInLocks(t.db, t.clock.now())).toBeGreaterThan(0);
    expect(await t.db.select().from(signInLocks).where(stale)).toEqual([]);
  });
});
