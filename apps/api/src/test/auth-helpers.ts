import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { User } from '@coop/shared/auth';
import type { TestApp } from './app.js';
import { createMember, type CreateMemberInput } from '../modules/members/members.service.js';
import { activateAccount } from '../modules/auth/activation.service.js';
import { processPasswordResetRequests } from '../modules/auth/password.service.js';
import { systemActor } from '../lib/actor.js';
import { twoFactorSecrets } from '../db/schema/index.js';
import { enrolWithKnownSecret } from '../modules/two-factor/two-factor.service.js';

/** A password that passes every rule (activation, reset and change) and no common-password list. */
export const TEST_PASSWORD = 'Ukwa-Harvest!2031';

/** The two-factor secret of every officer `createActiveMember` enrols. */
export const TEST_TWO_FACTOR_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * Creates a member through the real service and activates the account with `password`. An
 * officer is enrolled in two-factor sign-in (TEST_TWO_FACTOR_SECRET), as every officer must be
 * to use the back office, unless `twoFactor: false` (a test of an officer who has not enrolled).
 */
export async function createActiveMember(
  t: TestApp,
  { twoFactor, ...input }: Partial<CreateMemberInput> & { email: string; twoFactor?: boolean },
  password = TEST_PASSWORD,
): Promise<User> {
  const created = await createMember(t.deps, systemActor, {
    firstName: 'Test',
    lastName: 'Member',
    ...input,
  });
  const { user } = await activateAccount(t.deps, systemActor, {
    token: created.activationToken,
    password,
    confirmPassword: password,
  });
  if (twoFactor ?? (input.roles ?? []).length > 0) {
    await enrolWithKnownSecret(t.db, t.deps, {
      userId: user.id,
      secretBase32: TEST_TWO_FACTOR_SECRET,
      now: t.clock.now(),
    });
  }
  return user;
}

/** The code TEST_TWO_FACTOR_SECRET shows at the test clock's time. */
export const testTwoFactorCode = (t: TestApp, offsetSteps = 0) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(TEST_TWO_FACTOR_SECRET),
    digits: 6,
    period: 30,
  }).generate({ timestamp: t.clock.now().getTime() + offsetSteps * 30_000 });

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

/** The Set-Cookie headers of an answer, parsed (attribute names lower-cased). */
export function setCookies(res: LightMyRequestResponse): ParsedCookie[] {
  const header = res.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.map((line) => {
    const [pair = '', ...attrs] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const attr of attrs) {
      const i = attr.indexOf('=');
      if (i === -1) attributes[attr.toLowerCase()] = true;
      else attributes[attr.slice(0, i).toLowerCase()] = attr.slice(i + 1);
    }
    return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes };
  });
}

/** The refresh token the answer set in its cookie (`__Host-coop_refresh` over https). */
export function refreshCookie(res: LightMyRequestResponse): ParsedCookie | undefined {
  return setCookies(res).find((cookie) => /^(__Host-)?coop_refresh$/.test(cookie.name));
}

export interface SignedInClient {
  user: User;
  accessToken: string;
  refreshToken: string;
}

/**
 * Signs in through POST /auth/login (and, two-factor on, POST /auth/login/two-factor with the
 * code of TEST_TWO_FACTOR_SECRET) and returns the access token and refresh cookie value.
 */
export async function signIn(
  t: TestApp,
  identifier: string,
  password = TEST_PASSWORD,
): Promise<SignedInClient> {
  let res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { identifier, password },
  });
  const challengeToken = res.json<{ data?: { challengeToken?: string } }>().data?.challengeToken;
  if (res.statusCode === 200 && challengeToken) {
    // Tests sign an officer in many times at one instant of their fixed clock, but each time step
    // signs in once (the replay guard has its own tests): the step is forgotten first.
    const userId = await t.deps.tokens.verifyChallenge(challengeToken);
    await t.db
      .update(twoFactorSecrets)
      .set({ lastStep: null })
      .where(eq(twoFactorSecrets.userId, userId ?? ''));
    res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/two-factor',
      payload: { challengeToken, code: testTwoFactorCode(t) },
    });
  }
  if (res.statusCode !== 200) {
    throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  }
  const body = res.json<{ data: { accessToken: string; user: User } }>();
  const cookie = refreshCookie(res);
  if (!cookie) throw new Error('sign-in set no refresh cookie');
  return { user: body.data.user, accessToken: body.data.accessToken, refreshToken: cookie.value };
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

export interface OutboxEmail {
  to: string;
  subject: string;
  text: string;
}

/**
 * E-mails queued so far, newest first, as the dev outbox lists them. Queued forgot-password
 * requests are handled first, as the server's job worker does within seconds (decision 048).
 */
export async function outbox(t: TestApp): Promise<OutboxEmail[]> {
  await processPasswordResetRequests(t.deps);
  const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
  return res.json<{ data: OutboxEmail[] }>().data;
}

/** The token of the newest e-mailed link to `path` for `to` (e.g. '/auth/reset-password'). */
export async function tokenFromLatestEmail(
  t: TestApp,
  to: string,
  path: string,
): Promise<string | undefined> {
  const pattern = new RegExp(`${path.replace(/[/-]/g, '\\$&')}\\?token=([A-Za-z0-9_%-]+)`);
  for (const email of await outbox(t)) {
    if (email.to !== to) continue;
    const match = pattern.exec(email.text);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return undefined;
}
