/**
 * ASVS 5.0 V6.5/V6.6 (multi-factor): TOTP enrolment, the second sign-in step, single use,
 * the ±1 step window, recovery codes, attempt limits, turning off, the administrator's reset,
 * and the login history with its "sign out every other session".
 */
import * as OTPAuth from 'otpauth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, twoFactorSecrets, users } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import {
  bearer,
  createActiveMember,
  refreshCookie,
  signIn,
  TEST_PASSWORD,
} from '../test/auth-helpers.js';
import { decryptSecret } from '../modules/two-factor/two-factor.service.js';

describe('V6 two-factor sign-in (TOTP)', () => {
  let t: TestApp;
  let accessToken: string;
  let secret: string;
  let recoveryCodes: string[];
  const codeAt = (offsetSteps = 0) =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate(
      {
        timestamp: t.clock.now().getTime() + offsetSteps * 30_000,
      },
    );
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload,
      headers: token ? bearer(token) : {},
    });
  const passwordStep = async () => {
    const res = await post('/auth/login', {
      identifier: 'tf@example.com',
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      twoFactorRequired: true,
      challengeToken: expect.any(String),
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    return res.json().data.challengeToken as string;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-06-01T09:00:10Z' });
    await createActiveMember(t, { email: 'tf@example.com' });
    await createActiveMember(t, { email: 'tf-admin@example.com', roles: ['president'] });
    accessToken = (await signIn(t, 'tf@example.com')).accessToken;
  });
  afterAll(() => t.close());

  it('enrols with a QR code and the secret in text, confirmed by a code; 10 recovery codes once', async () => {
    const setup = await post(
      '/users/two-factor/setup',
      { currentPassword: TEST_PASSWORD },
      accessToken,
    );
    expect(setup.statusCode).toBe(200);
    const data = setup.json().data;
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Coop%20Portal:tf%40example\.com\?/);
    expect(data.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    secret = data.secret;

    const [member] = await t.db.select().from(users).where(eq(users.email, 'tf@example.com'));
    const [stored] = await t.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, member!.id));
    expect(stored?.secretEncrypted).not.toContain(secret);
    expect(decryptSecret(t.config.twoFactorKey, stored!.secretEncrypted)).toBe(secret);

    expect(
      (await post('/users/two-factor/enable', { code: '000000' }, accessToken)).json().code,
    ).toBe('INVALID_TWO_FACTOR_CODE');
    const enabled = await post('/users/two-factor/enable', { code: codeAt() }, accessToken);
    expect(enabled.statusCode).toBe(200);
    recoveryCodes = enabled.json().data.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await t.app.inject({
      url: '/api/v1/users/two-factor',
      headers: bearer(accessToken),
    });
    expect(status.json().data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('asks for the code on a second step; the access token then says amr pwd+otp', async () => {
    t.clock.advance(60_000);
    const challengeToken = await passwordStep();
    const res = await post('/auth/login/two-factor', { challengeToken, code: codeAt() });
    expect(res.statusCode).toBe(200);
    const payload = JSON.parse(
      Buffer.from(res.json().data.accessToken.split('.')[1], 'base64url').toString(),
    );
    expect(payload.amr).toEqual(['pwd', 'otp']);

    // The sign-in keeps its second factor across refreshes (refresh_tokens.second_factor).
    t.clock.advance(60_000);
    const refreshed = await post('/auth/refresh', {
      refreshToken: refreshCookie(res)?.value ?? '',
    });
    expect(refreshed.statusCode).toBe(200);
    const after = JSON.parse(
      Buffer.from(refreshed.json().data.accessToken.split('.')[1], 'base64url').toString(),
    );
    expect(after.amr).toEqual(['pwd', 'otp']);
  });

  it('accepts a code once, and within one step either side only', async () => {
    t.clock.advance(60_000);
    const code = codeAt();
    const challengeToken = await passwordStep();
    expect((await post('/auth/login/two-factor', { challengeToken, code })).statusCode).toBe(200);
    // The same code again: refused, saying it was just used rather than that it is wrong.
    expect((await post('/auth/login/two-factor', { challengeToken, code })).json()).toMatchObject({
      code: 'INVALID_TWO_FACTOR_CODE',
      message: 'That code was just used. Wait for the next code in your authenticator app.',
      details: [{ field: 'code', message: 'That code was just used' }],
    });
    t.clock.advance(90_000);
    expect(
      (await post('/auth/login/two-factor', { challengeToken, code: codeAt(-1) })).statusCode,
    ).toBe(200);
    t.clock.advance(90_000);
    expect(
      (await post('/auth/login/two-factor', { challengeToken, code: codeAt(-2) })).statusCode,
    ).toBe(400);
    expect(
      (await post('/auth/login/two-factor', { challengeToken, code: codeAt(2) })).statusCode,
    ).toBe(400);
  });

  it('takes a recovery code once', async () => {
    const challengeToken = await passwordStep();
    const code = recoveryCodes[0]!;
    expect((await post('/auth/login/two-factor', { challengeToken, code })).statusCode).toBe(200);
    expect((await post('/auth/login/two-factor', { challengeToken, code })).statusCode).toBe(400);
  });

  it('limits wrong codes like passwords: the fifth failure locks the account', async () => {
    t.clock.advance(16 * 60_000);
    const challengeToken = await passwordStep();
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (await post('/auth/login/two-factor', { challengeToken, code: '000001' })).json().code,
      );
    }
    expect(codes).toEqual([...Array<string>(4).fill('INVALID_TWO_FACTOR_CODE'), 'ACCOUNT_LOCKED']);
    t.clock.advance(16 * 60_000);
  });

  it("a right code after wrong ones does not refill the account's budget of five (decision 093)", async () => {
    const challengeToken = await passwordStep();
    const wrong = () => post('/auth/login/two-factor', { challengeToken, code: '000001' });
    for (let i = 0; i < 3; i++) expect((await wrong()).json().code).toBe('INVALID_TWO_FACTOR_CODE');
    expect(
      (await post('/auth/login/two-factor', { challengeToken, code: codeAt() })).statusCode,
    ).toBe(200);
    // Three wrong codes before it and two after: the fifth in the window locks, as without it.
    expect((await wrong()).json().code).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await wrong()).json().code).toBe('ACCOUNT_LOCKED');
    t.clock.advance(16 * 60_000);
  });

  it('a challenge is no access token, and expires after 5 minutes', async () => {
    const challengeToken = await passwordStep();
    const asBearer = await t.app.inject({
      url: '/api/v1/auth/me',
      headers: bearer(challengeToken),
    });
    expect(asBearer.statusCode).toBe(401);
    t.clock.advance(5 * 60_000 + 1000);
    expect(
      (await post('/auth/login/two-factor', { challengeToken, code: codeAt() })).statusCode,
    ).toBe(401);
  });

  it('shows the login history with the current session marked, and signs out the others', async () => {
    t.clock.advance(60_000);
    const other = await post('/auth/login/two-factor', {
      challengeToken: await passwordStep(),
      code: codeAt(),
    });
    t.clock.advance(60_000);
    const current = await post('/auth/login/two-factor', {
      challengeToken: await passwordStep(),
      code: codeAt(),
    });
    const token = current.json().data.accessToken as string;
    const history = await t.app.inject({
      url: '/api/v1/users/login-history?limit=50',
      headers: { ...bearer(token), 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Firefox/130.0' },
    });
    expect(history.statusCode).toBe(200);
    const events = history.json().data as { kind: string; current: boolean; ip: string }[];
    expect(events[0]).toMatchObject({ kind: 'signed_in', current: true, ip: '127.0.0.1' });
    const kinds = new Set(events.map((e) => e.kind));
    for (const kind of [
      'signed_in',
      'two_factor_passed',
      'two_factor_failed',
      'locked_out',
      'two_factor_enabled',
    ]) {
      expect(kinds).toContain(kind);
    }
    expect(events.filter((e) => e.current).every((e) => e.kind !== 'sign_in_failed')).toBe(true);
    // Paged like every list: past the last page the total still counts the events.
    const { totalItems } = history.json().pagination as { totalItems: number };
    expect(totalItems).toBe(events.length);
    const past = await t.app.inject({
      url: `/api/v1/users/login-history?limit=10&page=${Math.ceil(totalItems / 10) + 1}`,
      headers: bearer(token),
    });
    expect(past.json()).toMatchObject({ data: [], pagination: { totalItems } });

    const ended = await post(
      '/users/login-history/sign-out-others',
      { currentPassword: TEST_PASSWORD },
      token,
    );
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data.ended).toBeGreaterThanOrEqual(2);
    const me = (tok: string) => t.app.inject({ url: '/api/v1/auth/me', headers: bearer(tok) });
    expect((await me(other.json().data.accessToken)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
    accessToken = token;
  });

  it('turning off counts and audits wrong codes as sign-in does: the fifth locks the session', async () => {
    /** A fresh access token through both steps (the clock moves past the last one's 15 minutes). */
    const signInWithCode = async () => {
      const challengeToken = await passwordStep();
      const res = await post('/auth/login/two-factor', { challengeToken, code: codeAt() });
      expect(res.statusCode).toBe(200);
      accessToken = res.json().data.accessToken as string;
    };
    t.clock.advance(31 * 60_000);
    await signInWithCode();
    const disable = (code: string) =>
      post('/users/two-factor/disable', { password: TEST_PASSWORD, code }, accessToken);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await disable('000003')).json().code);
    expect(answers).toEqual([
      ...Array<string>(4).fill('INVALID_TWO_FACTOR_CODE'),
      'ACCOUNT_LOCKED',
    ]);
    // Locked: even the right code is not looked at.
    expect((await disable(codeAt())).statusCode).toBe(429);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'tf@example.com'));
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.two_factor.failed'), eq(auditLog.entityId, user!.id)));
    expect(
      audited.filter((row) => JSON.parse(row.after ?? '{}').purpose === 'two_factor_disable'),
    ).toHaveLength(5);
    t.clock.advance(61 * 60_000);
    await signInWithCode();
  });

  it('turning off needs the password and a code', async () => {
    t.clock.advance(60_000);
    const wrongPassword = await post(
      '/users/two-factor/disable',
      { password: 'Wrong-Password!1', code: codeAt() },
      accessToken,
    );
    expect(wrongPassword.json()).toMatchObject({
      code: 'INVALID_CURRENT_PASSWORD',
      details: [{ field: 'password', message: 'Current password is incorrect' }],
    });
    // Counted like any wrong current password (decision 082): a failed sign-in, audited.
    const [user] = await t.db.select().from(users).where(eq(users.email, 'tf@example.com'));
    const failures = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'auth.reauthentication.failed'), eq(auditLog.entityId, user!.id)),
      );
    expect(failures.map((f) => JSON.parse(f.after ?? '{}').purpose)).toEqual([
      'two_factor_disable',
    ]);
    const wrongCode = await post(
      '/users/two-factor/disable',
      { password: TEST_PASSWORD, code: '000002' },
      accessToken,
    );
    expect(wrongCode.json().code).toBe('INVALID_TWO_FACTOR_CODE');
    const off = await post(
      '/users/two-factor/disable',
      { password: TEST_PASSWORD, code: codeAt() },
      accessToken,
    );
    expect(off.statusCode).toBe(200);
    const res = await post('/auth/login', {
      identifier: 'tf@example.com',
      password: TEST_PASSWORD,
    });
    expect(res.json().data.accessToken).toEqual(expect.any(String));
  });

  it('an administrator can reset a member’s two-factor, audited; a member cannot', async () => {
    const member = await createActiveMember(t, { email: 'lost-phone@example.com' });
    const memberToken = (await signIn(t, 'lost-phone@example.com')).accessToken;
    await post('/users/two-factor/setup', { currentPassword: TEST_PASSWORD }, memberToken);
    const admin = (await signIn(t, 'tf-admin@example.com')).accessToken;
    const url = `/admin/users/${member.id}/two-factor/reset`;
    expect((await post(url, {}, memberToken)).statusCode).toBe(403);
    expect((await post(url, {}, admin)).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.two_factor.reset'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.entityId).toBe(member.id);
  });
});
