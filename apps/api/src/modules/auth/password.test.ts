import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  bearer,
  createActiveMember,
  outbox,
  refreshCookie,
  signIn,
  TEST_PASSWORD,
  tokenFromLatestEmail,
} from '../../test/auth-helpers.js';
import { createMember, setMemberActive } from '../members/members.service.js';
import { systemActor } from '../../lib/actor.js';
import { emailOutbox, passwordResetRequests } from '../../db/schema/index.js';
import { processPasswordResetRequests } from './password.service.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const NEUTRAL = 'If an account with that email exists, a password reset link has been sent.';
const COMMON = 'This password is too common and easy to guess. Please choose a different one.';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00.000Z' });
  await createActiveMember(t, { email: 'chidi@example.com', firstName: 'Chidi' });
});
afterAll(async () => {
  await t.close();
});

const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/auth/${url}`,
    payload: payload as Record<string, unknown>,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const withoutTimestamp = (body: Record<string, unknown>) => {
  const { timestamp: _timestamp, ...rest } = body;
  return rest;
};

describe('POST /auth/change-password', () => {
  const change = (accessToken: string, payload: unknown) =>
    post('change-password', payload, bearer(accessToken));

  it('checks every field with the messages members see (8 characters)', async () => {
    const { accessToken } = await signIn(t, 'chidi@example.com');
    const empty = await change(accessToken, {
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual(
      expect.arrayContaining([
        { field: 'currentPassword', message: 'Current password is required' },
        { field: 'newPassword', message: 'New password is required' },
        { field: 'confirmPassword', message: 'Please confirm your new password' },
      ]),
    );
    const short = await change(accessToken, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Ab1!x',
      confirmPassword: 'Ab1!y',
    });
    expect(short.json().details).toEqual(
      expect.arrayContaining([
        { field: 'newPassword', message: 'New password must be at least 8 characters' },
        { field: 'confirmPassword', message: 'Passwords do not match' },
      ]),
    );
    const same = await change(accessToken, {
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(same.json().details).toContainEqual({
      field: 'newPassword',
      message: 'New password must be different from current password',
    });
  });

  it('answers 401 without an access token', async () => {
    const res = await post('change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Fresh-Garden!77',
      confirmPassword: 'Fresh-Garden!77',
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong current password', async () => {
    const { accessToken } = await signIn(t, 'chidi@example.com');
    const res = await change(accessToken, {
      currentPassword: 'Not-My-Password1',
      newPassword: 'Fresh-Garden!77',
      confirmPassword: 'Fresh-Garden!77',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_CURRENT_PASSWORD',
      message: 'Current password is incorrect',
    });
  });

  it('refuses a common password, however it is capitalised or decorated', async () => {
    const { accessToken } = await signIn(t, 'chidi@example.com');
    for (const newPassword of ['Password1', 'Password1!', 'QWERTY123456']) {
      const res = await change(accessToken, {
        currentPassword: TEST_PASSWORD,
        newPassword,
        confirmPassword: newPassword,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'COMMON_PASSWORD', message: COMMON });
    }
  });

  it('changes the password, keeps this client signed in and signs every other device out', async () => {
    const here = await signIn(t, 'chidi@example.com');
    const elsewhere = await signIn(t, 'chidi@example.com');
    t.clock.advance(2 * SECOND);

    const res = await change(here.accessToken, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Fresh-Garden!77',
      confirmPassword: 'Fresh-Garden!77',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { accessToken: expect.any(String) },
      message: 'Password changed successfully',
    });
    const fresh = refreshCookie(res)!;
    const newAccessToken = res.json().data.accessToken as string;

    const meWith = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    const refreshWith = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        cookies: { coop_refresh: token },
      });

    expect((await meWith(newAccessToken)).statusCode).toBe(200);
    expect((await refreshWith(fresh.value)).statusCode).toBe(200);
    for (const old of [here, elsewhere]) {
      expect((await meWith(old.accessToken)).statusCode).toBe(401);
      expect((await refreshWith(old.refreshToken)).statusCode).toBe(401);
    }

    expect(
      (await post('login', { identifier: 'chidi@example.com', password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('login', { identifier: 'chidi@example.com', password: 'Fresh-Garden!77' }))
        .statusCode,
    ).toBe(200);

    const [mail] = await outbox(t);
    expect(mail).toMatchObject({
      to: 'chidi@example.com',
      subject: expect.stringContaining('password was changed'),
    });
  });
});

describe('POST /auth/forgot-password', () => {
  beforeAll(async () => {
    await createActiveMember(t, { email: 'ada@example.com', firstName: 'Ada' });
  });

  it('checks the e-mail with the spec messages', async () => {
    const empty = await post('forgot-password', { email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([{ field: 'email', message: 'Email is required' }]);
    const invalid = await post('forgot-password', { email: 'not-an-email' });
    expect(invalid.json().details).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
    ]);
  });

  it('answers the same for a known and an unknown address, and e-mails only the member', async () => {
    const known = await post('forgot-password', { email: ' ADA@example.com ' }, {}, '10.1.0.1');
    const unknown = await post(
      'forgot-password',
      { email: 'stranger@example.com' },
      {},
      '10.1.0.1',
    );
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: NEUTRAL });
    expect(unknown.json()).toEqual(known.json());

    const mails = await outbox(t);
    expect(mails.some((m) => m.to === 'stranger@example.com')).toBe(false);
    const mail = mails.find((m) => m.to === 'ada@example.com');
    expect(mail?.text).toMatch(
      /^http:\/\/portal\.test\/auth\/reset-password\?token=[A-Za-z0-9_-]{43}$/m,
    );
  });

  it('looks the address up in the job, not in the request: nothing is e-mailed until the job runs', async () => {
    t.clock.advance(16 * MINUTE);
    const before = await t.deps.db.select().from(emailOutbox);
    const res = await post('forgot-password', { email: 'Ada@Example.com' }, {}, '10.1.0.9');
    expect(res.json()).toEqual({ success: true, message: NEUTRAL });
    // The request wrote only the queued address (normalised), with the caller's IP.
    expect(await t.deps.db.select().from(emailOutbox)).toHaveLength(before.length);
    const queued = await t.deps.db.select().from(passwordResetRequests);
    expect(queued).toEqual([expect.objectContaining({ email: 'ada@example.com', ip: '10.1.0.9' })]);

    expect(await processPasswordResetRequests(t.deps)).toEqual({ handled: 1 });
    expect(await t.deps.db.select().from(passwordResetRequests)).toEqual([]);
    const mails = await t.deps.db.select().from(emailOutbox);
    expect(mails).toHaveLength(before.length + 1);
    expect(await tokenFromLatestEmail(t, 'ada@example.com', '/auth/reset-password')).toBeDefined();
    // Run again, the job finds nothing left to do.
    expect(await processPasswordResetRequests(t.deps)).toEqual({ handled: 0 });
  });

  it('answers 429 with Retry-After at the fourth request for one address in 15 minutes, known or not', async () => {
    t.clock.advance(16 * MINUTE);
    for (const email of ['ada@example.com', 'nobody-here@example.com']) {
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(await post('forgot-password', { email }, {}, '10.1.0.2'));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
      const limited = answers[3]!;
      expect(limited.headers['retry-after']).toBe('900');
      expect(limited.json()).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many requests. Please wait 15 minutes before trying again.',
      });
    }
    // Same body for both: the limit says nothing about which address exists.
    t.clock.advance(5 * MINUTE);
    const a = await post('forgot-password', { email: 'ada@example.com' }, {}, '10.1.0.2');
    const b = await post('forgot-password', { email: 'nobody-here@example.com' }, {}, '10.1.0.2');
    expect(a.headers['retry-after']).toBe('600');
    expect(withoutTimestamp(a.json())).toEqual(withoutTimestamp(b.json()));
    t.clock.advance(10 * MINUTE);
    expect(
      (await post('forgot-password', { email: 'ada@example.com' }, {}, '10.1.0.2')).statusCode,
    ).toBe(200);
  });

  it('answers 429 after 30 requests from one address in 15 minutes', async () => {
    t.clock.advance(16 * MINUTE);
    for (let i = 0; i < 30; i++) {
      const res = await post(
        'forgot-password',
        { email: `someone${i}@example.com` },
        {},
        '10.1.0.3',
      );
      expect(res.statusCode).toBe(200);
    }
    const limited = await post('forgot-password', { email: 'ada@example.com' }, {}, '10.1.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect(
      (await post('forgot-password', { email: 'ada@example.com' }, {}, '10.1.0.4')).statusCode,
    ).toBe(200);
  });

  it('works while sign-in is locked', async () => {
    t.clock.advance(16 * MINUTE);
    for (let i = 0; i < 5; i++) {
      await post(
        'login',
        { identifier: 'ada@example.com', password: `Wrong-Guess-${i}` },
        {},
        '10.1.0.5',
      );
    }
    const locked = await post('login', { identifier: 'ada@example.com', password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect((await post('forgot-password', { email: 'ada@example.com' })).statusCode).toBe(200);
  });

  it('sends a not-yet-activated member a fresh activation link instead, and a suspended one nothing', async () => {
    t.clock.advance(16 * MINUTE);
    const created = await createMember(t.deps, systemActor, {
      email: 'emeka@example.com',
      firstName: 'Emeka',
      lastName: 'Nwosu',
    });
    expect((await post('forgot-password', { email: 'emeka@example.com' })).json().message).toBe(
      NEUTRAL,
    );
    const activation = await tokenFromLatestEmail(t, 'emeka@example.com', '/auth/activate');
    expect(activation).toBeDefined();
    expect(activation).not.toBe(created.activationToken);
    expect(
      await tokenFromLatestEmail(t, 'emeka@example.com', '/auth/reset-password'),
    ).toBeUndefined();
    // The newest activation link replaces the first one.
    const verify = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-activation', payload: { token } });
    expect((await verify(created.activationToken)).statusCode).toBe(400);
    expect((await verify(activation!)).statusCode).toBe(200);

    const suspended = await createActiveMember(t, { email: 'ngozi@example.com' });
    await setMemberActive(t.deps, systemActor, { userId: suspended.id, isActive: false });
    const before = (await outbox(t)).length;
    const res = await post('forgot-password', { email: 'ngozi@example.com' });
    expect(res.json()).toEqual({ success: true, message: NEUTRAL });
    expect((await outbox(t)).length).toBe(before);
  });
});

describe('POST /auth/reset-password', () => {
  const NEW = 'Palm-Wine&Moon88';

  async function requestResetLink(email: string): Promise<string> {
    t.clock.advance(16 * MINUTE); // stay clear of the per-address limit
    expect((await post('forgot-password', { email })).statusCode).toBe(200);
    const token = await tokenFromLatestEmail(t, email, '/auth/reset-password');
    if (!token) throw new Error(`no reset link for ${email}`);
    return token;
  }

  beforeAll(async () => {
    await createActiveMember(t, { email: 'funke@example.com', firstName: 'Funke' });
  });

  it('checks the fields with the spec messages, special character included', async () => {
    const empty = await post('reset-password', {
      token: 'abc',
      newPassword: '',
      confirmPassword: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual(
      expect.arrayContaining([
        { field: 'newPassword', message: 'Password must be at least 8 characters' },
        { field: 'confirmPassword', message: 'Please confirm your password' },
      ]),
    );
    const weak = await post('reset-password', {
      token: 'abc',
      newPassword: 'alllowercase',
      confirmPassword: 'different',
    });
    expect(weak.json().details).toEqual(
      expect.arrayContaining([
        { field: 'newPassword', message: 'Password must contain at least one uppercase letter' },
        { field: 'newPassword', message: 'Password must contain at least one number' },
        { field: 'newPassword', message: 'Password must contain at least one special character' },
        { field: 'confirmPassword', message: "Passwords don't match" },
      ]),
    );
    const missingToken = await post('reset-password', { newPassword: NEW, confirmPassword: NEW });
    expect(missingToken.statusCode).toBe(400);
    expect(missingToken.json().details).toContainEqual({
      field: 'token',
      message: 'Token is required',
    });
  });

  it('refuses an unknown token', async () => {
    const res = await post('reset-password', {
      token: 'x'.repeat(43),
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_RESET_TOKEN',
      message: 'Invalid or expired reset token. Please request a new password reset link.',
    });
  });

  it('refuses a common password', async () => {
    const token = await requestResetLink('funke@example.com');
    const res = await post('reset-password', {
      token,
      newPassword: 'Password123!',
      confirmPassword: 'Password123!',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'COMMON_PASSWORD', message: COMMON });
  });

  it('sets the password once, ends every session, signs nobody in and e-mails the member', async () => {
    const session = await signIn(t, 'funke@example.com');
    const token = await requestResetLink('funke@example.com');
    t.clock.advance(2 * SECOND);

    const res = await post('reset-password', { token, newPassword: NEW, confirmPassword: NEW });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Your password has been reset. Please sign in with your new password.',
    });
    expect(refreshCookie(res)).toBeUndefined();
    expect(res.json()).not.toHaveProperty('data');

    const meRes = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(session.accessToken),
    });
    expect(meRes.statusCode).toBe(401);
    const refreshRes = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      cookies: { coop_refresh: session.refreshToken },
    });
    expect(refreshRes.statusCode).toBe(401);

    expect(
      (await post('login', { identifier: 'funke@example.com', password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('login', { identifier: 'funke@example.com', password: NEW })).statusCode,
    ).toBe(200);
    const [mail] = await outbox(t);
    expect(mail).toMatchObject({
      to: 'funke@example.com',
      subject: expect.stringContaining('password was changed'),
    });

    const again = await post('reset-password', {
      token,
      newPassword: 'Second-Try!909',
      confirmPassword: 'Second-Try!909',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_RESET_TOKEN');
  });

  it('expires a link after 1 hour', async () => {
    const token = await requestResetLink('funke@example.com');
    t.clock.advance(60 * MINUTE + SECOND);
    const res = await post('reset-password', {
      token,
      newPassword: 'Later-Attempt!55',
      confirmPassword: 'Later-Attempt!55',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_RESET_TOKEN');
  });

  it('accepts a link just before the hour is up, and only the newest link', async () => {
    const older = await requestResetLink('funke@example.com');
    const newer = await requestResetLink('funke@example.com');
    const stale = await post('reset-password', {
      token: older,
      newPassword: 'Newest-Link!66',
      confirmPassword: 'Newest-Link!66',
    });
    expect(stale.statusCode).toBe(400);
    t.clock.advance(59 * MINUTE);
    const ok = await post('reset-password', {
      token: newer,
      newPassword: 'Newest-Link!66',
      confirmPassword: 'Newest-Link!66',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('unlocks sign-in: whoever reads the mailbox may sign in at once', async () => {
    t.clock.advance(16 * MINUTE);
    for (let i = 0; i < 5; i++) {
      await post('login', { identifier: 'funke@example.com', password: `Wrong-Guess-${i}` });
    }
    expect(
      (await post('login', { identifier: 'funke@example.com', password: 'Newest-Link!66' }))
        .statusCode,
    ).toBe(429);
    // No waiting: the lock would still hold for 15 minutes.
    expect((await post('forgot-password', { email: 'funke@example.com' })).statusCode).toBe(200);
    const token = await tokenFromLatestEmail(t, 'funke@example.com', '/auth/reset-password');
    expect(
      (await post('reset-password', { token, newPassword: NEW, confirmPassword: NEW })).statusCode,
    ).toBe(200);
    expect(
      (await post('login', { identifier: 'funke@example.com', password: NEW })).statusCode,
    ).toBe(200);
  });
});
