/**
 * ASVS 5.0 V13 (configuration) and V12 (communication): the probes of the penetration test
 * re-run. docs/security.md maps each requirement to its test.
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidSettingsError, loadConfig, parseTrustProxy } from '../config/env.js';
import { describeMode } from '../server.mode.js';
import { rateLimitEvents, signInAttempts } from '../db/schema/index.js';
import { COOPERATIVE_ENV, createTestApp, type TestApp } from '../test/app.js';
import { createActiveMember } from '../test/auth-helpers.js';
import { openDatabase } from '../db/client.js';

const SECRET = 'a-signing-secret-of-at-least-32-bytes!!';
const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'coop-sec-'));
const load = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: tmp(), JWT_SECRET: SECRET, ...env }, tmp());
const problemsOf = (env: Record<string, string>): string[] => {
  try {
    load(env);
    return [];
  } catch (err) {
    if (!(err instanceof InvalidSettingsError)) throw err;
    return err.issues.map((i) => `${i.name}: ${i.problem}`);
  }
};

describe('V13.2 proxy trust (TRUST_PROXY)', () => {
  it('refuses true at start, with a message saying what to set', () => {
    const [problem] = problemsOf({ TRUST_PROXY: 'true' });
    expect(problem).toMatch(/^TRUST_PROXY: true trusts every hop/);
    expect(problem).toContain('1 behind one nginx');
  });

  it('takes a hop count or the proxies addresses and CIDRs', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,::1')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(parseTrustProxy('loadbalancer')).toMatch(/neither a hop count/);
    expect(parseTrustProxy('10.0.0.0/33')).toMatch(/neither a hop count/);
    expect(problemsOf({ TRUST_PROXY: 'yes' })).toHaveLength(1);
  });

  describe('a forged X-Forwarded-For', () => {
    let t: TestApp;
    const PROXY = '10.0.0.5';
    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: `${PROXY}` } });
      await createActiveMember(t, { email: 'ada@example.com' });
    });
    afterAll(() => t.close());

    const attempt = (remoteAddress: string, forwarded: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded },
        payload: { identifier: 'ada@example.com', password: 'wrong-password-1' },
      });
    const recordedIps = async () =>
      (
        await t.db.select({ ip: signInAttempts.ip }).from(signInAttempts).orderBy(signInAttempts.id)
      ).map((r) => r.ip);

    it('from a hop that is not trusted changes nothing: the connection address is recorded', async () => {
      await attempt('198.51.100.7', '203.0.113.1');
      expect((await recordedIps()).at(-1)).toBe('198.51.100.7');
    });

    it('through the trusted proxy, the client address it appended is the one used', async () => {
      await attempt(PROXY, '203.0.113.66, 198.51.100.8');
      expect((await recordedIps()).at(-1)).toBe('198.51.100.8');
    });

    it('an X-Forwarded-For value that is not an IP address is ignored: the hop that sent it is recorded', async () => {
      // TRUST_PROXY=1 with the instance reachable directly: the "proxy" is the client itself.
      const direct = await createTestApp({ env: { TRUST_PROXY: '1' } });
      try {
        await createActiveMember(direct, { email: 'ada@example.com' });
        for (const forged of ['=1+2', '203.0.113.5, =cmd|x', 'unknown']) {
          await direct.app.inject({
            method: 'POST',
            url: '/api/v1/auth/login',
            remoteAddress: '198.51.100.20',
            headers: { 'x-forwarded-for': forged },
            payload: { identifier: 'ada@example.com', password: 'wrong-password-1' },
          });
        }
        const ips = await direct.db.select({ ip: signInAttempts.ip }).from(signInAttempts);
        expect(ips.map((r) => r.ip)).toEqual(['198.51.100.20', '198.51.100.20', '198.51.100.20']);
      } finally {
        await direct.close();
      }
    });

    it('rotating forged addresses does not escape the per-address sign-in limit', async () => {
      const now = t.clock.now();
      // The address has used its 100 failure slots (the per-address limit's own store).
      await t.db.insert(rateLimitEvents).values(
        Array.from({ length: 100 }, () => ({
          bucket: 'sign-in-address',
          key: '198.51.100.9',
          createdAt: now,
        })),
      );
      for (const forged of ['203.0.113.10', '203.0.113.11']) {
        const res = await attempt('198.51.100.9', forged);
        expect(res.statusCode).toBe(429);
        expect(res.json().code).toBe('TOO_MANY_ATTEMPTS');
      }
      const forgedRows = await t.db
        .select()
        .from(signInAttempts)
        .where(and(eq(signInAttempts.ip, '203.0.113.10')));
      expect(forgedRows).toHaveLength(0);
    });
  });
});

describe('V13.4 safe defaults', () => {
  it('listens on 127.0.0.1 unless HOST is set', () => {
    expect(load({}).host).toBe('127.0.0.1');
    expect(load({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('seeds the demo only on the embedded database outside production, or with DEMO=1', () => {
    const server = { DATABASE_URL: 'postgres://u@db/coop', TWO_FACTOR_KEY: 'a'.repeat(64) };
    expect(load({}).exposure.demo).toBe(true);
    expect(load({ NODE_ENV: 'production', MAIL: 'log', ...COOPERATIVE_ENV }).exposure.demo).toBe(
      false,
    );
    expect(load(server).exposure.demo).toBe(false);
    expect(load({ ...server, DEMO: '1' }).exposure.demo).toBe(true);
    expect(
      problemsOf({ NODE_ENV: 'production', MAIL: 'log', ...COOPERATIVE_ENV, DEMO: '1' }),
    ).toEqual(['DEMO: never allowed in production (known passwords)']);
  });

  it('serves /api/dev/* only with DEV_TOOLS=1 or in tests, never in production', async () => {
    expect(load({}).exposure.devTools).toBe(false);
    expect(load({ DEV_TOOLS: '1' }).exposure.devTools).toBe(true);
    expect(load({ NODE_ENV: 'test' }).exposure.devTools).toBe(true);
    expect(
      problemsOf({ NODE_ENV: 'production', MAIL: 'log', ...COOPERATIVE_ENV, DEV_TOOLS: '1' }),
    ).toEqual(['DEV_TOOLS: never allowed in production']);
    const t = await createTestApp({ env: { NODE_ENV: 'development' } });
    try {
      const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(outbox.statusCode).toBe(404);
      expect(outbox.headers['content-security-policy']).toBeDefined();
    } finally {
      await t.close();
    }
  });

  it('keeps /api/docs off in production unless API_DOCS=1', async () => {
    const production = { NODE_ENV: 'production', MAIL: 'log', ...COOPERATIVE_ENV };
    expect(load(production).exposure.apiDocs).toBe(false);
    expect(load({ ...production, API_DOCS: '1' }).exposure.apiDocs).toBe(true);
    expect(load({}).exposure.apiDocs).toBe(true);
    const t = await createTestApp({ env: production });
    try {
      const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(docs.statusCode).toBe(404);
      expect(docs.json().code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });

  it('refuses production without SMTP_URL unless MAIL=log is asked for', () => {
    expect(problemsOf({ NODE_ENV: 'production', ...COOPERATIVE_ENV })).toEqual([
      'SMTP_URL: required in production (or MAIL=log for a trial that sends no e-mail)',
    ]);
    expect(load({ NODE_ENV: 'production', MAIL: 'log', ...COOPERATIVE_ENV }).mail).toBe('log');
    expect(
      load({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', ...COOPERATIVE_ENV }).mail,
    ).toBe('smtp');
  });

  it('refuses production without the cooperative’s name, address, contact and bank account, never showing the demo’s', () => {
    expect(problemsOf({ NODE_ENV: 'production', MAIL: 'log' })).toEqual([
      'COOPERATIVE_NAME: required in production (members see it)',
      'COOPERATIVE_ADDRESS: required in production (members see it)',
      'ADMIN_CONTACT_EMAIL: required in production (members see it)',
      'ADMIN_CONTACT_PHONE: required in production (members see it)',
      'COOPERATIVE_BANK_NAME: required in production (members see it)',
      'COOPERATIVE_BANK_ACCOUNT_NAME: required in production (members see it)',
      'COOPERATIVE_BANK_ACCOUNT_NUMBER: required in production (members see it)',
    ]);
    const { COOPERATIVE_BANK_ACCOUNT_NUMBER: _number, ...withoutAccount } = COOPERATIVE_ENV;
    expect(problemsOf({ NODE_ENV: 'production', MAIL: 'log', ...withoutAccount })).toEqual([
      'COOPERATIVE_BANK_ACCOUNT_NUMBER: required in production (members see it)',
    ]);
    const production = load({ NODE_ENV: 'production', MAIL: 'log', ...COOPERATIVE_ENV });
    expect(production.cooperative).toEqual({
      name: 'Test Cooperative',
      address: '4 Broad Street, Lagos Island, Lagos',
      contactEmail: 'office@test.coop',
      contactPhone: '+234 803 111 1111',
      bankAccount: {
        bankName: 'Test Bank',
        accountName: 'Test Cooperative',
        accountNumber: '1111111111',
      },
    });
    // Development keeps the demo's values, so `npm start` needs no settings.
    expect(load({}).cooperative.bankAccount.accountNumber).toBe('0123456789');
  });

  it('creates DATA_DIR and the database in it with mode 0700, every database file 0600', async () => {
    const dataDir = path.join(tmp(), 'data');
    const config = loadConfig({ DATA_DIR: dataDir }, tmp());
    expect(statSync(config.dataDir).mode & 0o777).toBe(0o700);
    /** Each mode found under the database, with how many files or directories have it. */
    const modes = () => {
      const found: Record<string, number> = {};
      const entries = readdirSync(`${dataDir}/pgdata`, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        const mode = statSync(path.join(entry.parentPath, entry.name)).mode & 0o777;
        const key = `${entry.isDirectory() ? 'dir' : 'file'} ${mode.toString(8)}`;
        found[key] = (found[key] ?? 0) + 1;
      }
      return Object.keys(found).sort();
    };
    const handle = await openDatabase({ dataDir: `${dataDir}/pgdata` });
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(`${dataDir}/pgdata`).mode & 0o777).toBe(0o700);
      expect(modes()).toEqual(['dir 700', 'file 600']);
      await handle.db.execute(sql`create table files_made_while_running (x int)`);
    } finally {
      await handle.close();
    }
    expect(modes()).toEqual(['dir 700', 'file 600']);
  });

  it('says at start which mode runs and what it exposes', () => {
    const mode = describeMode(load({ DEV_TOOLS: '1', TRUST_PROXY: '1' }));
    expect(mode).toMatchObject({
      mode: 'development',
      demo: 'on: demo members with known passwords',
      devTools: 'on: /api/dev/outbox shows every e-mailed link',
      apiDocs: 'on: /api/docs',
      trustProxy: '1 hop(s)',
    });
    expect(mode.listening).toContain('127.0.0.1 (this machine only');
  });
});

describe('V11 secrets', () => {
  it('refuses a JWT_SECRET shorter than 32 bytes and a TWO_FACTOR_KEY that is not 32 bytes', () => {
    expect(problemsOf({ JWT_SECRET: 'x'.repeat(31) })).toEqual([
      'JWT_SECRET: must be at least 32 bytes',
    ]);
    expect(problemsOf({ TWO_FACTOR_KEY: 'abcd' })).toEqual([
      'TWO_FACTOR_KEY: must be 32 bytes in base64 or 64 hex digits',
    ]);
  });
});
