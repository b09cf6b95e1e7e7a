import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  bearer,
  createActiveMember,
  outbox,
  refreshCookie,
  signIn,
  TEST_PASSWORD,
} from '../../test/auth-helpers.js';
import { createMember, type CreatedMember } from '../members/members.service.js';
import { systemActor } from '../../lib/actor.js';

const DAY = 24 * 60 * 60 * 1000;
const INVALID = 'Invalid or expired activation token';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-02T09:00:00.000Z' });
});
afterAll(async () => {
  await t.close();
});

const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-activation', payload: { token } });

const activate = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/activate-account', payload });

const newMember = (email: string, extra: Partial<Parameters<typeof createMember>[2]> = {}) =>
  createMember(t.deps, systemActor, { email, firstName: 'Emeka', lastName: 'Nwosu', ...extra });

describe('POST /auth/verify-activation', () => {
  let emeka: CreatedMember;
  beforeAll(async () => {
    emeka = await newMember('emeka@example.com', { phoneNumber: '08030000005' });
  });

  it('says who the link belongs to', async () => {
    const res = await verify(emeka.activationToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        user: {
          firstName: 'Emeka',
          lastName: 'Nwosu',
          email: 'emeka@example.com',
          membershipId: emeka.user.membershipId,
        },
      },
    });
  });

  it('sent the link by e-mail, built from the public URL', async () => {
    const mail = (await outbox(t)).find((m) => m.to === 'emeka@example.com');
    expect(mail?.text).toContain(`http://portal.test/auth/activate?token=${emeka.activationToken}`);
    expect(emeka.activationLink).toBe(
      `http://portal.test/auth/activate?token=${emeka.activationToken}`,
    );
  });

  it('takes the token in the body only: the old path form, which proxies log, is gone', async () => {
    const inPath = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/verify-activation/${emeka.activationToken}`,
    });
    expect(inPath.statusCode).toBe(404);
  });

  it('answers 400 with the spec message for an unknown token', async () => {
    const res = await verify('not-a-real-token');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_ACTIVATION_TOKEN', message: INVALID });
  });
});

describe('POST /auth/activate-account', () => {
  const PASSWORD = 'Groundnut-Soup7';

  it('checks the fields with the spec messages', async () => {
    const empty = await activate({ token: '', password: '', confirmPassword: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual(
      expect.arrayContaining([
        { field: 'token', message: 'Token is required' },
        { field: 'password', message: 'Password must be at least 8 characters' },
        { field: 'confirmPassword', message: 'Please confirm your password' },
      ]),
    );
    const weak = await activate({
      token: 'abc',
      password: 'ALLCAPSONLY',
      confirmPassword: 'other',
    });
    expect(weak.json().details).toEqual(
      expect.arrayContaining([
        { field: 'password', message: 'Password must contain at least one lowercase letter' },
        { field: 'password', message: 'Password must contain at least one number' },
        { field: 'confirmPassword', message: "Passwords don't match" },
      ]),
    );
    const noUpper = await activate({
      token: 'abc',
      password: 'lowercase1',
      confirmPassword: 'lowercase1',
    });
    expect(noUpper.json().details).toEqual([
      { field: 'password', message: 'Password must contain at least one uppercase letter' },
    ]);
  });

  it('refuses a common password', async () => {
    const { activationToken } = await newMember('common@example.com');
    const res = await activate({
      token: activationToken,
      password: 'Sunshine1',
      confirmPassword: 'Sunshine1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'COMMON_PASSWORD' });
    // The link still works for a better password.
    expect((await verify(activationToken)).statusCode).toBe(200);
  });

  it('sets the password, signs the member in, and works only once', async () => {
    const { activationToken, user } = await newMember('once@example.com');
    const res = await activate({
      token: activationToken,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, data: { accessToken: expect.any(String), user } });
    expect(refreshCookie(res)?.attributes).toMatchObject({ httponly: true, path: '/' });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(body.data.accessToken),
    });
    expect(me.json().data.id).toBe(user.id);
    expect((await signIn(t, 'once@example.com', PASSWORD)).user.id).toBe(user.id);

    const again = await activate({
      token: activationToken,
      password: 'Other-Pass99',
      confirmPassword: 'Other-Pass99',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_ACTIVATION_TOKEN', message: INVALID });
    expect((await verify(activationToken)).statusCode).toBe(400);
  });

  it('accepts a link for 7 days and refuses it after', async () => {
    const early = await newMember('early@example.com');
    const late = await newMember('late@example.com');
    t.clock.advance(7 * DAY - 60_000);
    expect((await verify(early.activationToken)).statusCode).toBe(200);
    const ok = await activate({
      token: early.activationToken,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await verify(late.activationToken)).statusCode).toBe(400);
    const expired = await activate({
      token: late.activationToken,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('INVALID_ACTIVATION_TOKEN');
  });
});

describe('GET /auth/check-email', () => {
  let adminToken: string;
  let memberToken: string;
  beforeAll(async () => {
    await createActiveMember(t, { email: 'admin@example.com', roles: ['president'] });
    await createActiveMember(t, { email: 'member@example.com' });
    adminToken = (await signIn(t, 'admin@example.com', TEST_PASSWORD)).accessToken;
    memberToken = (await signIn(t, 'member@example.com', TEST_PASSWORD)).accessToken;
  });

  const check = (query: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/check-email${query}`,
      headers: token ? bearer(token) : {},
    });

  it('tells an admin whether an address is in use, whatever its case', async () => {
    const used = await check('?email=Member%40Example.com', adminToken);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({
      success: true,
      data: { email: 'member@example.com', exists: true },
    });
    const free = await check('?email=free@example.com', adminToken);
    expect(free.json().data).toEqual({ email: 'free@example.com', exists: false });
  });

  it('checks the address with the spec messages', async () => {
    const res = await check('?email=nope', adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
    ]);
  });

  it('answers 401 to visitors and 403 FORBIDDEN to members', async () => {
    const visitor = await check('?email=member@example.com');
    expect(visitor.statusCode).toBe(401);
    const member = await check('?email=member@example.com', memberToken);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});
