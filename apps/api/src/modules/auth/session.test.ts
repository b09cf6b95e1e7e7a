import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@coop/shared/auth';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  bearer,
  createActiveMember,
  refreshCookie,
  signIn,
  TEST_PASSWORD,
} from '../../test/auth-helpers.js';
import { setMemberActive } from '../members/members.service.js';
import { systemActor } from '../../lib/actor.js';

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

let t: TestApp;
let bayo: User;

beforeAll(async () => {
  // An https public URL: the refresh cookie must then be Secure.
  t = await createTestApp({
    now: '2026-03-02T09:00:00.000Z',
    env: { PUBLIC_URL: 'https://portal.test' },
  });
  bayo = await createActiveMember(t, { email: 'bayo@example.com', firstName: 'Bayo' });
});
afterAll(async () => {
  await t.close();
});

const me = (accessToken?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/auth/me',
    headers: accessToken ? bearer(accessToken) : {},
  });

const refreshWithCookie = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    cookies: { '__Host-coop_refresh': refreshToken },
  });

const logout = (options: { refreshToken?: string; accessToken?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    headers: options.accessToken ? bearer(options.accessToken) : {},
    cookies: options.refreshToken ? { '__Host-coop_refresh': options.refreshToken } : {},
  });

describe('GET /auth/me', () => {
  it('answers the signed-in user as the User record', async () => {
    const { accessToken } = await signIn(t, 'bayo@example.com');
    const res = await me(accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: bayo });
    expect(res.json().data._id).toBe(bayo.id);
  });

  it('answers 401 without a token or with a forged one', async () => {
    for (const res of [await me(), await me('not.a.jwt')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });
});

describe('POST /auth/refresh', () => {
  it('answers a new access token and rotates the cookie, which stays Secure and counts down', async () => {
    const signedIn = await signIn(t, 'bayo@example.com');
    t.clock.advance(DAY);
    const res = await refreshWithCookie(signedIn.refreshToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, data: { accessToken: expect.any(String) } });
    expect((await me(body.data.accessToken)).statusCode).toBe(200);

    const cookie = refreshCookie(res);
    // Over https the `__Host-` prefix: Secure, this host only, Path=/ (ASVS V3.3.1, V3.3.3).
    expect(cookie?.name).toBe('__Host-coop_refresh');
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.value).not.toBe(signedIn.refreshToken);
    expect(cookie?.attributes).toMatchObject({
      httponly: true,
      secure: true,
      samesite: 'Strict',
      path: '/',
      // The family's 30 days run from sign-in; rotation never extends them.
      'max-age': String(29 * 24 * 60 * 60),
    });
  });

  it('takes the token from the body too, and then answers its successor in the body', async () => {
    const signedIn = await signIn(t, 'bayo@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: signedIn.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.refreshToken).toBe(refreshCookie(res)?.value);
    expect((await refreshWithCookie(data.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const signedIn = await signIn(t, 'bayo@example.com');
    const otherDevice = await signIn(t, 'bayo@example.com');
    const first = await refreshWithCookie(signedIn.refreshToken);
    const successor = refreshCookie(first)!.value;

    const replay = await refreshWithCookie(signedIn.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      code: 'INVALID_REFRESH_TOKEN',
      message: 'Your session has expired. Please sign in again.',
    });
    expect(refreshCookie(replay)?.value).toBe('');

    // The successor was issued to whoever used the token first: it dies with the family.
    expect((await refreshWithCookie(successor)).statusCode).toBe(401);
    // Another sign-in is another family and carries on.
    expect((await refreshWithCookie(otherDevice.refreshToken)).statusCode).toBe(200);
  });

  it('answers 401 without a token, with an empty JSON body, or with an unknown token', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh' });
    const emptyJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { 'content-type': 'application/json' },
    });
    const unknown = await refreshWithCookie('x'.repeat(43));
    for (const res of [none, emptyJson, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_REFRESH_TOKEN');
    }
  });

  it('refuses unknown fields in the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: 'abc', userId: bayo.id },
    });
    expect(res.statusCode).toBe(400);
  });

  it('ends a sign-in 30 days after it began, however often it was refreshed', async () => {
    let { refreshToken } = await signIn(t, 'bayo@example.com');
    for (let day = 0; day < 29; day++) {
      t.clock.advance(DAY);
      const res = await refreshWithCookie(refreshToken);
      expect(res.statusCode).toBe(200);
      refreshToken = refreshCookie(res)!.value;
    }
    t.clock.advance(DAY);
    expect((await refreshWithCookie(refreshToken)).statusCode).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the refresh token family and clears the cookie, even with an expired access token', async () => {
    const signedIn = await signIn(t, 'bayo@example.com');
    const otherDevice = await signIn(t, 'bayo@example.com');
    t.clock.advance(20 * 60 * SECOND); // the access token has expired by now
    expect((await me(signedIn.accessToken)).statusCode).toBe(401);

    const res = await logout({
      refreshToken: signedIn.refreshToken,
      accessToken: signedIn.accessToken,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out successfully' });
    const cleared = refreshCookie(res);
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes.path).toBe('/');

    expect((await refreshWithCookie(signedIn.refreshToken)).statusCode).toBe(401);
    // Signing out here does not sign out the member's other devices.
    expect((await refreshWithCookie(otherDevice.refreshToken)).statusCode).toBe(200);
  });

  it('accepts the token in the body, and answers 200 with no token at all', async () => {
    const signedIn = await signIn(t, 'bayo@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refreshToken: signedIn.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect((await refreshWithCookie(signedIn.refreshToken)).statusCode).toBe(401);
    expect((await logout()).statusCode).toBe(200);
  });
});

describe('a suspended member', () => {
  let ngozi: User;
  beforeAll(async () => {
    ngozi = await createActiveMember(t, { email: 'ngozi@example.com', firstName: 'Ngozi' });
  });

  it('loses every open session at suspension', async () => {
    const before = await signIn(t, 'ngozi@example.com');
    t.clock.advance(2 * SECOND);
    await setMemberActive(t.deps, systemActor, { userId: ngozi.id, isActive: false });
    expect((await me(before.accessToken)).statusCode).toBe(401);
    expect((await refreshWithCookie(before.refreshToken)).statusCode).toBe(401);
  });

  it('can sign in, read GET /auth/me and refresh, but gets 403 ACCOUNT_SUSPENDED elsewhere', async () => {
    t.clock.advance(2 * SECOND);
    const signedIn = await signIn(t, 'ngozi@example.com');
    const current = await me(signedIn.accessToken);
    expect(current.statusCode).toBe(200);
    expect(current.json().data).toMatchObject({ id: ngozi.id, isActive: false });

    const refreshed = await refreshWithCookie(signedIn.refreshToken);
    expect(refreshed.statusCode).toBe(200);

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(signedIn.accessToken),
      payload: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Another-Secret!42',
        confirmPassword: 'Another-Secret!42',
      },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ success: false, code: 'ACCOUNT_SUSPENDED' });
    expect((await logout({ refreshToken: signedIn.refreshToken })).statusCode).toBe(200);
  });

  it('is let back in everywhere when reinstated', async () => {
    await setMemberActive(t.deps, systemActor, { userId: ngozi.id, isActive: true });
    const signedIn = await signIn(t, 'ngozi@example.com');
    expect((await me(signedIn.accessToken)).json().data.isActive).toBe(true);
  });
});
