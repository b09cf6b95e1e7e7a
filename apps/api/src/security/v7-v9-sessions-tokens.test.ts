/**
 * ASVS 5.0 V7 (session management) and V9 (self-contained tokens): an access token ends with
 * its sign-in, sign-ins end when idle, and only tokens shaped as the API signs them are accepted.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../test/app.js';
import { bearer, createActiveMember, signIn, TEST_PASSWORD } from '../test/auth-helpers.js';

const me = (t: TestApp, accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(accessToken) });

describe('V7 sessions', () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_IDLE_DAYS: '2', SESSION_ABSOLUTE_DAYS: '30' } });
    userId = (await createActiveMember(t, { email: 'ses@example.com' })).id;
  });
  afterAll(() => t.close());

  it('V7.4.1 logout ends the access token at once, not 15 minutes later', async () => {
    const session = await signIn(t, 'ses@example.com');
    expect((await me(t, session.accessToken)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookies: { coop_refresh: session.refreshToken },
    });
    expect((await me(t, session.accessToken)).statusCode).toBe(401);
  });

  it('V7.4.3 a password change ends the access tokens of every other sign-in', async () => {
    const other = await signIn(t, 'ses@example.com');
    const current = await signIn(t, 'ses@example.com');
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
    expect(changed.statusCode).toBe(200);
    expect((await me(t, other.accessToken)).statusCode).toBe(401);
    expect((await me(t, changed.json().data.accessToken)).statusCode).toBe(200);
    // Put the password back for the other tests.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(changed.json().data.accessToken),
      payload: {
        currentPassword: 'Changed-Harvest!55',
        newPassword: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
      },
    });
  });

  it('V7.3.1 a sign-in unused for longer than SESSION_IDLE_DAYS ends; one in use lives on', async () => {
    const idle = await signIn(t, 'ses@example.com');
    const used = await signIn(t, 'ses@example.com');
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refreshToken: token },
      });
    t.clock.advance(36 * 3600_000);
    const kept = await refresh(used.refreshToken);
    expect(kept.statusCode).toBe(200);
    t.clock.advance(36 * 3600_000);
    expect((await refresh(idle.refreshToken)).statusCode).toBe(401);
    expect((await refresh(kept.json().data.refreshToken)).statusCode).toBe(200);
  });

  it('V7.3.1 by default a member’s sign-in ends after 3 days unused, 30 days at most (decision 084)', () => {
    const { sessions } = testConfig();
    expect(sessions).toEqual({ idleMs: 3 * 24 * 3600_000, absoluteMs: 30 * 24 * 3600_000 });
  });

  it('V7.3.2 the absolute end stays: rotation never extends a sign-in', async () => {
    const session = await signIn(t, 'ses@example.com');
    let token = session.refreshToken;
    for (let day = 0; day < 29; day++) {
      t.clock.advance(24 * 3600_000);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refreshToken: token },
      });
      expect(res.statusCode).toBe(200);
      token = res.json().data.refreshToken;
    }
    t.clock.advance(25 * 3600_000);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: token },
    });
    expect(late.statusCode).toBe(401);
    expect(userId).toBeTruthy();
  });
});

describe('V9 self-contained tokens', () => {
  let t: TestApp;
  let userId: string;
  let sessionId: string;
  const key = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing');
  beforeAll(async () => {
    t = await createTestApp();
    userId = (await createActiveMember(t, { email: 'jwt@example.com' })).id;
    const session = await signIn(t, 'jwt@example.com');
    const payload = JSON.parse(
      Buffer.from(session.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as { sid: string; amr: string[] };
    sessionId = payload.sid;
    expect(payload.amr).toEqual(['pwd']);
  });
  afterAll(() => t.close());

  /** A token signed with the real key, shaped as the test says. */
  const forge = (shape: {
    sub?: string;
    exp?: boolean;
    iatMs?: number;
    sid?: string;
    amr?: unknown;
  }) => {
    const nowMs = t.clock.now().getTime();
    const now = Math.floor(nowMs / 1000);
    let jwt = new SignJWT({
      iat_ms: shape.iatMs ?? nowMs,
      sid: shape.sid ?? sessionId,
      amr: shape.amr ?? ['pwd'],
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('coop-portal')
      .setAudience('coop-portal-api')
      .setIssuedAt(now);
    if (shape.sub !== '') jwt = jwt.setSubject(shape.sub ?? userId);
    if (shape.exp !== false) jwt = jwt.setExpirationTime(now + 60);
    return jwt.sign(key);
  };

  it('accepts the token as the API shapes it', async () => {
    expect((await me(t, await forge({}))).statusCode).toBe(200);
  });

  it.each([
    ['without exp', { exp: false }],
    ['with a sub that is not a UUID', { sub: "1' or '1'='1" }],
    ['without sub', { sub: '' }],
    ['with iat_ms far from iat', { iatMs: Date.now() + 3600_000 }],
    ['of an unknown session', { sid: randomUUID() }],
    ['with a sid that is not a UUID', { sid: 'x' }],
    ['with an unknown amr', { amr: ['pwd', 'face'] }],
  ])('answers 401 (never 500) to a token %s', async (_what, shape) => {
    const res = await me(t, await forge(shape));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});
