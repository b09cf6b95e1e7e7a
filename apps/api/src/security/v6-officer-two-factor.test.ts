/**
 * ASVS 5.0 V6.3.3 (multi-factor for those who can see the back office), V6.4.3 (a password reset
 * never turns the second factor off) and the officers' session limits (docs/officers.md
 * "Two-factor"): an officer without a two-factor sign-in is refused on every back-office route
 * with TWO_FACTOR_REQUIRED; an officer's sign-in ends after 30 minutes unused and 12 hours at
 * most, while members keep the configured days.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, twoFactorSecrets, users } from '../db/schema/index.js';
import { BACK_OFFICE_ROUTE_PERMISSIONS } from '../plugins/route-permissions.js';
import { createTestApp, type TestApp } from '../test/app.js';
import {
  bearer,
  createActiveMember,
  refreshCookie,
  signIn,
  tokenFromLatestEmail,
  TEST_PASSWORD,
} from '../test/auth-helpers.js';

const MINUTE = 60_000;
const ROUTES = Object.keys(BACK_OFFICE_ROUTE_PERMISSIONS).map((key) => {
  const [method = '', url = ''] = key.split(' ');
  return { method: method as 'GET' | 'POST' | 'PUT', url };
});
/** A URL to call: ids that exist nowhere (the refusal comes before any lookup). */
const concrete = (url: string) =>
  url.replace(/:(id|userId)/g, randomUUID()).replace(':year', '2025');

describe('officers and two-factor sign-in', () => {
  let t: TestApp;
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload,
      headers: token ? bearer(token) : {},
    });
  /** A password-only sign-in: what an officer who has not enrolled gets. */
  const passwordOnly = async (email: string) => {
    const res = await post('/auth/login', { identifier: email, password: TEST_PASSWORD });
    expect(res.json().data.accessToken).toEqual(expect.any(String));
    return { accessToken: res.json().data.accessToken as string, refresh: refreshCookie(res) };
  };

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-06-01T09:00:10Z' });
    await createActiveMember(t, {
      email: 'new-president@test.coop',
      roles: ['president'],
      twoFactor: false,
    });
    await createActiveMember(t, {
      email: 'new-auditor@test.coop',
      roles: ['auditor'],
      twoFactor: false,
    });
    await createActiveMember(t, { email: 'treasurer@test.coop', roles: ['treasurer'] });
    await createActiveMember(t, { email: 'member@test.coop' });
  }, 60_000);
  afterAll(() => t.close());

  it('an officer who has not enrolled signs in, and every back-office route answers TWO_FACTOR_REQUIRED', async () => {
    const { accessToken } = await passwordOnly('new-president@test.coop');
    // Signed in: their own member pages work.
    const me = await t.app.inject({ url: '/api/v1/auth/me', headers: bearer(accessToken) });
    expect(me.statusCode).toBe(200);
    const [officer] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'new-president@test.coop'));
    const deniedBefore = (
      await t.db.select().from(auditLog).where(eq(auditLog.action, 'authorization.denied'))
    ).length;
    const answers = new Map<string, string>();
    for (const { method, url } of ROUTES) {
      const res = await t.app.inject({
        method,
        url: concrete(url),
        headers: bearer(accessToken),
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      answers.set(`${method} ${url}`, `${res.statusCode} ${res.json().code}`);
    }
    expect([...answers.entries()].filter(([, a]) => a !== '403 TWO_FACTOR_REQUIRED')).toEqual([]);
    expect(answers.size).toBe(ROUTES.length);
    const res = await t.app.inject({ url: '/api/v1/admin/users', headers: bearer(accessToken) });
    // One error shape, saying what to do.
    expect(res.json()).toMatchObject({
      success: false,
      code: 'TWO_FACTOR_REQUIRED',
      message:
        'Officers use the back office only after a two-factor sign-in: turn it on in Settings, or sign in again with your code.',
    });
    // Every refusal is audited like any failed authorization, and names the officer.
    const denied = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'authorization.denied'));
    expect(denied.length - deniedBefore).toBe(ROUTES.length + 1);
    expect(denied.at(-1)).toMatchObject({ actorId: officer!.id });
  });

  it('the refusal comes first for any officer, even on routes the role does not allow', async () => {
    const { accessToken } = await passwordOnly('new-auditor@test.coop');
    const write = await post('/admin/fines', {}, accessToken);
    expect(write.json().code).toBe('TWO_FACTOR_REQUIRED');
    // A member who holds no office is simply forbidden.
    const member = (await signIn(t, 'member@test.coop')).accessToken;
    const asMember = await t.app.inject({
      url: '/api/v1/admin/users',
      headers: bearer(member),
    });
    expect(asMember.json().code).toBe('FORBIDDEN');
  });

  it('an officer signed in with the code uses the back office, within their roles', async () => {
    const { accessToken } = await signIn(t, 'treasurer@test.coop');
    const res = await t.app.inject({ url: '/api/v1/admin/users', headers: bearer(accessToken) });
    expect(res.statusCode).toBe(200);
  });

  it('enrolling counts for the sign-in that did it; an older password-only sign-in is refused', async () => {
    const older = await passwordOnly('new-president@test.coop');
    const current = await passwordOnly('new-president@test.coop');
    const setup = await post(
      '/users/two-factor/setup',
      { currentPassword: TEST_PASSWORD },
      current.accessToken,
    );
    expect(setup.statusCode).toBe(200);
    const code = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(setup.json().data.secret),
      digits: 6,
      period: 30,
    }).generate({ timestamp: t.clock.now().getTime() });
    const enabled = await post('/users/two-factor/enable', { code }, current.accessToken);
    expect(enabled.statusCode).toBe(200);

    // The next access token of the enrolling sign-in says it passed the second factor.
    t.clock.advance(MINUTE);
    const refreshed = await post('/auth/refresh', { refreshToken: current.refresh?.value ?? '' });
    expect(refreshed.statusCode).toBe(200);
    const upgraded = refreshed.json().data.accessToken as string;
    const members = await t.app.inject({
      url: '/api/v1/admin/users',
      headers: bearer(upgraded),
    });
    expect(members.statusCode).toBe(200);

    // The sign-in made on another device before enrolment proved only the password.
    const stale = await t.app.inject({
      url: '/api/v1/admin/users',
      headers: bearer(older.accessToken),
    });
    expect(stale.json()).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      message:
        'Officers use the back office only after a two-factor sign-in: turn it on in Settings, or sign in again with your code.',
    });
  });

  it('a password reset never turns two-factor off (V6.4.3)', async () => {
    t.clock.advance(16 * MINUTE);
    expect((await post('/auth/forgot-password', { email: 'treasurer@test.coop' })).statusCode).toBe(
      200,
    );
    const token = await tokenFromLatestEmail(t, 'treasurer@test.coop', '/auth/reset-password');
    const NEW = 'Palm-Wine&Moon88';
    const reset = await post('/auth/reset-password', {
      token,
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(reset.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, (await userId('treasurer@test.coop')) ?? ''));
    expect(row?.enabledAt).not.toBeNull();
    // The new password alone does not sign in: the code is still asked for.
    const login = await post('/auth/login', { identifier: 'treasurer@test.coop', password: NEW });
    expect(login.json().data).toEqual({
      twoFactorRequired: true,
      challengeToken: expect.any(String),
    });
  });

  describe('session limits', () => {
    const refresh = (token: string) => post('/auth/refresh', { refreshToken: token });
    const officerSession = async () => {
      const signedIn = await signIn(t, 'treasurer@test.coop', 'Palm-Wine&Moon88');
      return signedIn.refreshToken;
    };

    it('an officer’s sign-in ends after 30 minutes unused; a member’s does not', async () => {
      const officer = await officerSession();
      const member = (await signIn(t, 'member@test.coop')).refreshToken;
      t.clock.advance(29 * MINUTE);
      const kept = await refresh(officer);
      expect(kept.statusCode).toBe(200);
      t.clock.advance(30 * MINUTE);
      expect((await refresh(kept.json().data.refreshToken)).statusCode).toBe(401);
      expect((await refresh(member)).statusCode).toBe(200);
    });

    it('an officer’s sign-in ends 12 hours after it began, however often it is used', async () => {
      const signedIn = await signIn(t, 'treasurer@test.coop', 'Palm-Wine&Moon88');
      let token = signedIn.refreshToken;
      let accessToken = signedIn.accessToken;
      const refreshAfter = async (minutes: number) => {
        t.clock.advance(minutes * MINUTE);
        const res = await refresh(token);
        expect(res.statusCode).toBe(200);
        token = res.json().data.refreshToken;
        accessToken = res.json().data.accessToken;
      };
      // Used every 25 minutes up to 11 h 50 min.
      for (let i = 0; i < 28; i++) await refreshAfter(25);
      await refreshAfter(10);
      t.clock.advance(11 * MINUTE);
      // Its last access token ends with it, before its own 15 minutes are up.
      const me = await t.app.inject({ url: '/api/v1/auth/me', headers: bearer(accessToken) });
      expect(me.statusCode).toBe(401);
      expect((await refresh(token)).statusCode).toBe(401);
    });
  });

  async function userId(email: string) {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id;
  }
});
