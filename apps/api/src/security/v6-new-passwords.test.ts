/**
 * ASVS 5.0 V6.2.11 and V6.2.12: wherever a new password is set (activation, reset, change), one
 * that contains the member's own details or a word about the cooperative is refused, and so is
 * one listed in the operator's offline breach corpus (BREACHED_PASSWORDS_FILE). Decision 081.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidSettingsError, loadConfig } from '../config/env.js';
import { auditLog, emailOutbox, users } from '../db/schema/index.js';
import { systemActor } from '../lib/actor.js';
import { pwnedHash } from '../lib/breached-passwords.js';
import { createMember } from '../modules/members/members.service.js';
import { createTestApp, type TestApp } from '../test/app.js';
import {
  bearer,
  createActiveMember,
  signIn,
  TEST_PASSWORD,
  tokenFromLatestEmail,
} from '../test/auth-helpers.js';

const CONTEXT =
  'This password contains your name, e-mail, phone number, membership ID or a word about the cooperative. Please choose a different one.';
const BREACHED =
  'This password has appeared in a data breach, so others may already know it. Please choose a different one.';
const GOOD = 'Palm-Wine&Moon88';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'coop-pwned-'));

/** A Pwned Passwords SHA-1 file listing `passwords` (and a few others), sorted by hash. */
function breachCorpus(passwords: string[], eol = '\n'): string {
  const others = Array.from({ length: 50 }, (_, i) => `Someone-Else!${i}`);
  const lines = [...passwords, ...others].map((p) => pwnedHash(p)).sort();
  const file = path.join(tmp(), 'pwned-passwords-sha1-ordered-by-hash.txt');
  writeFileSync(file, lines.map((hash, i) => `${hash}:${i + 3}`).join(eol) + eol);
  return file;
}

function expectRefused(
  res: { statusCode: number; json(): unknown },
  code: string,
  message: string,
  field: string,
): void {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    success: false,
    error: 'Bad Request',
    message,
    details: [{ field, message }],
    code,
    timestamp: expect.any(String),
  });
}

/** The user's password hash, activation time and audited password events: what a refusal must not change. */
async function written(t: TestApp, email: string) {
  const [user] = await t.db
    .select({ id: users.id, passwordHash: users.passwordHash, activatedAt: users.activatedAt })
    .from(users)
    .where(eq(users.email, email));
  const audits = await t.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityId, user!.id),
        inArray(auditLog.action, [
          'auth.account_activated',
          'auth.password_reset.completed',
          'auth.password_change.completed',
        ]),
      ),
    );
  const mails = await t.db.select({ id: emailOutbox.id }).from(emailOutbox);
  return { user, audits: audits.length, mails: mails.length };
}

const post = (t: TestApp, url: string, payload: Record<string, unknown>, accessToken?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/auth/${url}`,
    payload,
    ...(accessToken ? { headers: bearer(accessToken) } : {}),
  });

async function resetToken(t: TestApp, email: string): Promise<string> {
  t.clock.advance(16 * 60_000); // clear of the per-address limit
  expect((await post(t, 'forgot-password', { email })).statusCode).toBe(200);
  const token = await tokenFromLatestEmail(t, email, '/auth/reset-password');
  if (!token) throw new Error(`no reset link for ${email}`);
  return token;
}

describe('V6.2.11 context-specific words', () => {
  let t: TestApp;
  const kayode = {
    email: 'kayode.ogun@example.com',
    firstName: 'Kayode',
    lastName: 'Ogundipe',
    membershipId: 'M0731',
    phoneNumber: '0803 555 0142',
  };
  beforeAll(async () => {
    t = await createTestApp({ env: { COOPERATIVE_NAME: 'Ikeja Teachers Thrift Society' } });
  });
  afterAll(() => t.close());

  const refusedFor = [
    'Kayode!2031x', // first name
    'my-OGUNDIPE-77', // last name, in capitals
    'Kayode.Ogun#9', // e-mail local part
    'm0731-Pass!word', // membership ID
    'Tel-08035550142!', // phone number
    'Ikeja-Rocks!2031', // the cooperative's name
    'Teachers#2031a', // the cooperative's name
    'Co-op-Harvest!77', // the product's words
    'Savings-Yam!2031',
    'Portal&Moon88',
  ];

  it('refuses them on activation, on the password field, and the link still works after', async () => {
    const { activationToken } = await createMember(t.deps, systemActor, kayode);
    const before = await written(t, kayode.email);
    for (const password of refusedFor) {
      const res = await post(t, 'activate-account', {
        token: activationToken,
        password,
        confirmPassword: password,
      });
      expectRefused(res, 'CONTEXT_PASSWORD', CONTEXT, 'password');
    }
    expect(await written(t, kayode.email)).toEqual(before);
    expect(before.user!.passwordHash).toBeNull();

    const res = await post(t, 'activate-account', {
      token: activationToken,
      password: GOOD,
      confirmPassword: GOOD,
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses them on reset and on change, on the new-password field', async () => {
    await createActiveMember(t, {
      email: 'ngozi.adi@example.com',
      firstName: 'Ngozi',
      lastName: 'Adichie',
      membershipId: 'M0732',
      phoneNumber: '08035550143',
    });
    const ngozis = [
      'Ngozi!2031x',
      'Adichie#2031',
      'Ngozi.Adi!77',
      'M0732!Harvest',
      '8035550143!Aa',
    ];
    const token = await resetToken(t, 'ngozi.adi@example.com');
    const before = await written(t, 'ngozi.adi@example.com');
    for (const newPassword of [...ngozis, 'Thrift-Club!2031']) {
      const res = await post(t, 'reset-password', {
        token,
        newPassword,
        confirmPassword: newPassword,
      });
      expectRefused(res, 'CONTEXT_PASSWORD', CONTEXT, 'newPassword');
    }
    expect(await written(t, 'ngozi.adi@example.com')).toEqual(before);

    const { accessToken } = await signIn(t, 'ngozi.adi@example.com');
    for (const newPassword of [...ngozis, 'Loan-Shark!2031']) {
      const res = await post(
        t,
        'change-password',
        { currentPassword: TEST_PASSWORD, newPassword, confirmPassword: newPassword },
        accessToken,
      );
      expectRefused(res, 'CONTEXT_PASSWORD', CONTEXT, 'newPassword');
    }
    expect(await written(t, 'ngozi.adi@example.com')).toEqual(before);
    // Another member's name is no context word of hers.
    const res = await post(
      t,
      'change-password',
      {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Kayode!2031x',
        confirmPassword: 'Kayode!2031x',
      },
      accessToken,
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('V6.2.12 breached passwords (BREACHED_PASSWORDS_FILE)', () => {
  let t: TestApp;
  const breached = ['Breached-Yam!2031', 'Leaked-Garden!77', 'Sold-Twice#2026'];
  beforeAll(async () => {
    t = await createTestApp({ env: { BREACHED_PASSWORDS_FILE: breachCorpus(breached, '\r\n') } });
  });
  afterAll(() => t.close());

  it('refuses a breached password on activation and writes nothing', async () => {
    const { activationToken } = await createMember(t.deps, systemActor, {
      email: 'amaka@example.com',
      firstName: 'Amaka',
      lastName: 'Eze',
    });
    const before = await written(t, 'amaka@example.com');
    for (const password of breached) {
      const res = await post(t, 'activate-account', {
        token: activationToken,
        password,
        confirmPassword: password,
      });
      expectRefused(res, 'BREACHED_PASSWORD', BREACHED, 'password');
    }
    expect(await written(t, 'amaka@example.com')).toEqual(before);
    expect(before.user).toMatchObject({ passwordHash: null, activatedAt: null });

    const res = await post(t, 'activate-account', {
      token: activationToken,
      password: GOOD,
      confirmPassword: GOOD,
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a breached password on reset and on change and writes nothing', async () => {
    await createActiveMember(t, { email: 'tunde@example.com', firstName: 'Tunde' });
    const token = await resetToken(t, 'tunde@example.com');
    const before = await written(t, 'tunde@example.com');
    const reset = await post(t, 'reset-password', {
      token,
      newPassword: breached[1],
      confirmPassword: breached[1],
    });
    expectRefused(reset, 'BREACHED_PASSWORD', BREACHED, 'newPassword');

    const { accessToken } = await signIn(t, 'tunde@example.com');
    const change = await post(
      t,
      'change-password',
      { currentPassword: TEST_PASSWORD, newPassword: breached[2], confirmPassword: breached[2] },
      accessToken,
    );
    expectRefused(change, 'BREACHED_PASSWORD', BREACHED, 'newPassword');
    expect(await written(t, 'tunde@example.com')).toEqual(before);
    // The old password still signs in; the reset link is still unused.
    await signIn(t, 'tunde@example.com');
    const ok = await post(t, 'reset-password', {
      token,
      newPassword: GOOD,
      confirmPassword: GOOD,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('still refuses a common password with a corpus set, as the common password it is', async () => {
    const { activationToken } = await createMember(t.deps, systemActor, {
      email: 'common@example.com',
      firstName: 'Bisi',
      lastName: 'Ade',
    });
    const res = await post(t, 'activate-account', {
      token: activationToken,
      password: 'Password1!',
      confirmPassword: 'Password1!',
    });
    expect(res.json()).toMatchObject({ code: 'COMMON_PASSWORD' });
  });
});

describe('BREACHED_PASSWORDS_FILE at start', () => {
  const problemsOf = (file: string): string[] => {
    try {
      loadConfig({ DATA_DIR: tmp(), BREACHED_PASSWORDS_FILE: file }, tmp());
      return [];
    } catch (err) {
      if (!(err instanceof InvalidSettingsError)) throw err;
      return err.issues.map((i) => `${i.name}: ${i.problem}`);
    }
  };

  it('accepts a Pwned Passwords SHA-1 file, LF or CRLF, a relative path from the repository', () => {
    expect(problemsOf(breachCorpus(['A-Password!1']))).toEqual([]);
    expect(problemsOf(breachCorpus(['A-Password!1'], '\r\n'))).toEqual([]);
    const root = tmp();
    mkdirSync(path.join(root, 'corpus'));
    writeFileSync(path.join(root, 'corpus/pwned.txt'), `${pwnedHash('x')}:1\n`);
    const config = loadConfig(
      { DATA_DIR: tmp(), BREACHED_PASSWORDS_FILE: 'corpus/pwned.txt' },
      root,
    );
    expect(config.passwords.breachedPasswordsFile).toBe(path.join(root, 'corpus/pwned.txt'));
    expect(loadConfig({ DATA_DIR: tmp() }, root).passwords.breachedPasswordsFile).toBeNull();
  });

  it('refuses a missing file, a directory and another format, naming the problem', () => {
    const missing = path.join(tmp(), 'missing.txt');
    expect(problemsOf(missing)).toEqual([`BREACHED_PASSWORDS_FILE: ${missing} does not exist`]);
    const dir = tmp();
    expect(problemsOf(dir)).toEqual([`BREACHED_PASSWORDS_FILE: ${dir} is not a file`]);
    const ntlm = path.join(tmp(), 'pwned-passwords-ntlm.txt');
    writeFileSync(ntlm, '8846F7EAEE8FB117AD06BDD830B7586C:52256179\n');
    expect(problemsOf(ntlm)).toEqual([
      `BREACHED_PASSWORDS_FILE: ${ntlm} is not a Pwned Passwords SHA-1 file (lines of 40 hex digits, ':' and a count, sorted by hash)`,
    ]);
  });
});
