/**
 * ASVS 5.0 V7.4.5 (an administrator ends every session of a member) and V7.5.1, V7.5.2 (the
 * current password again before changing the phone number, turning two-factor on, or ending the
 * other sessions), decision 082. A wrong password changes nothing and counts as a failed
 * sign-in against the session's budget, so the fifth locks it exactly as a change of password does.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, refreshTokens, twoFactorSecrets, users } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createActiveMember, outbox, signIn, TEST_PASSWORD } from '../test/auth-helpers.js';

const WRONG = 'Wrong-Password!1';

describe('V7.5 re-authentication before sensitive changes', () => {
  let t: TestApp;
  const call = (method: 'POST' | 'PUT', url: string, token: string, payload: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
  const me = (token: string) => t.app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });

  // A number of its own for each phone change, so none is taken by an earlier test.
  let nextPhone = 70;
  /** The three requests, each with the password it is given. */
  const requests = {
    phone: (token: string, currentPassword: string) =>
      call('PUT', '/users/profile', token, {
        currentPassword,
        phoneNumber: `080300000${nextPhone++}`,
      }),
    twoFactor: (token: string, currentPassword: string) =>
      call('POST', '/users/two-factor/setup', token, { currentPassword }),
    signOutOthers: (token: string, currentPassword: string) =>
      call('POST', '/users/login-history/sign-out-others', token, { currentPassword }),
  };

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-06-01T09:00:00Z' });
  });
  afterAll(() => t.close());

  it.each(Object.keys(requests) as (keyof typeof requests)[])(
    '%s: no password answers 400 on the field; a wrong one is refused in the one error shape and nothing changes',
    async (name) => {
      const email = `reauth-${name.toLowerCase()}@example.com`;
      const member = await createActiveMember(t, { email });
      const other = await signIn(t, email);
      const { accessToken } = await signIn(t, email);

      const missing = await call(
        name === 'phone' ? 'PUT' : 'POST',
        {
          phone: '/users/profile',
          twoFactor: '/users/two-factor/setup',
          signOutOthers: '/users/login-history/sign-out-others',
        }[name],
        accessToken,
        name === 'phone' ? { phoneNumber: '08030000077' } : {},
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details).toEqual([
        { field: 'currentPassword', message: 'Current password is required' },
      ]);

      const wrong = await requests[name](accessToken, WRONG);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        success: false,
        error: 'Bad Request',
        message: 'Current password is incorrect',
        details: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
        code: 'INVALID_CURRENT_PASSWORD',
        timestamp: expect.any(String),
      });

      // Nothing changed: the phone, the pending secret, the other sign-in.
      const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
      expect(row?.phoneNumber).toBeNull();
      expect(
        await t.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, member.id)),
      ).toEqual([]);
      expect((await me(other.accessToken)).statusCode).toBe(200);
      // The failure is in the audit trail, with what the password was asked for.
      const failures = await t.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'auth.reauthentication.failed'),
            eq(auditLog.entityId, member.id),
          ),
        );
      expect(failures.map((f) => JSON.parse(f.after ?? '{}'))).toEqual([
        {
          reason: 'wrong_current_password',
          purpose: {
            phone: 'phone_change',
            twoFactor: 'two_factor_setup',
            signOutOthers: 'sign_out_others',
          }[name],
        },
      ]);

      // The right password goes through.
      const right = await requests[name](accessToken, TEST_PASSWORD);
      expect(right.statusCode, right.body).toBe(200);
      if (name === 'signOutOthers') expect((await me(other.accessToken)).statusCode).toBe(401);
    },
  );

  it.each(Object.keys(requests) as (keyof typeof requests)[])(
    '%s: the fifth wrong password locks the session like a change of password does (429 ACCOUNT_LOCKED)',
    async (name) => {
      const email = `lock-${name.toLowerCase()}@example.com`;
      await createActiveMember(t, { email });
      const { accessToken } = await signIn(t, email);
      const codes: string[] = [];
      for (let i = 0; i < 5; i++)
        codes.push((await requests[name](accessToken, WRONG)).json().code);
      expect(codes).toEqual([
        ...Array<string>(4).fill('INVALID_CURRENT_PASSWORD'),
        'ACCOUNT_LOCKED',
      ]);
      // Locked: even the right password is refused, with Retry-After.
      const locked = await requests[name](accessToken, TEST_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('ACCOUNT_LOCKED');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      // The budget is the session's own (decision 093): whoever holds it cannot guess further,
      // and cannot lock the member out either: a sign-in gets a new session and its own budget.
      const fresh = await signIn(t, email);
      expect((await requests[name](fresh.accessToken, TEST_PASSWORD)).statusCode).toBe(200);
    },
  );
});

describe('V7.4.5 an administrator ends every session of a member', () => {
  let t: TestApp;
  let adminToken: string;
  let memberId: string;
  let memberToken: string;
  const end = (id: string, token?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${id}/sessions/end`,
      headers: { ...(token ? bearer(token) : {}), ...headers },
    });
  const me = (token: string) => t.app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-06-01T09:00:00Z' });
    await createActiveMember(t, { email: 'ends-admin@example.com', roles: ['president'] });
    memberId = (await createActiveMember(t, { email: 'ended@example.com' })).id;
    adminToken = (await signIn(t, 'ends-admin@example.com')).accessToken;
    memberToken = (await signIn(t, 'ended@example.com')).accessToken;
  });
  afterAll(() => t.close());

  it('answers 401 to the anonymous, 403 to a member, 404 for an unknown id', async () => {
    expect((await end(memberId)).statusCode).toBe(401);
    const forbidden = await end(memberId, memberToken);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    const unknown = await end('00000000-0000-4000-8000-000000000000', adminToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    // The member refused above is still signed in.
    expect((await me(memberToken)).statusCode).toBe(200);
  });

  it('refuses the member’s access and refresh tokens at the very next request; audited, e-mailed', async () => {
    const second = await signIn(t, 'ended@example.com');
    const res = await end(memberId, adminToken, { 'idempotency-key': 'end-sessions-1' });
    expect(res.statusCode, res.body).toBe(200);
    // Activation signed the member in, then two sign-ins: three sessions.
    expect(res.json()).toEqual({
      success: true,
      data: { ended: 3 },
      message: '3 sessions ended. The member must sign in again.',
    });
    expect((await me(memberToken)).statusCode).toBe(401);
    expect((await me(second.accessToken)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: second.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const open = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, memberId));
    expect(open.every((row) => row.revokedAt !== null)).toBe(true);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.sessions_ended'), eq(auditLog.entityId, memberId)));
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.after ?? '{}')).toEqual({ ended: 3 });
    const mails = (await outbox(t)).filter((mail) => mail.to === 'ended@example.com');
    expect(mails[0]?.subject).toBe('You were signed out of Demo Cooperative Society');

    // The same key replays the answer and ends nothing again.
    const replay = await end(memberId, adminToken, { 'idempotency-key': 'end-sessions-1' });
    expect(replay.json()).toEqual(res.json());
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'member.sessions_ended'), eq(auditLog.entityId, memberId))),
    ).toHaveLength(1);

    // The password is unchanged: the member signs in again.
    const again = await signIn(t, 'ended@example.com');
    expect((await me(again.accessToken)).statusCode).toBe(200);
    memberToken = again.accessToken;
  });
});
