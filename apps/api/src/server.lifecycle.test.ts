/**
 * The real server process, stopped the ways an operator or an orchestrator stops it: during the
 * demo seed, with requests in flight, while e-mail is being delivered, while a request holds a
 * lock, and twice in a row. Each stop must end within its deadline, keep what was committed and
 * leave nothing half-written; the database is inspected after every stop and the server is
 * restarted on it. Runs on PostgreSQL with TEST_DATABASE_URL, on the embedded database otherwise.
 *
 * The scenarios share one database, in order: the first one's restart seeds the demo data that
 * the others sign in with.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte, isNull, ne } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from './db/client.js';
import {
  auditLog,
  emailOutbox,
  passwordResetRequests,
  refreshTokens,
  signInAttempts,
  users,
} from './db/schema/index.js';
import { findHoldMismatches, findProjectionMismatches } from './modules/ledger/ledger.service.js';
import { FORCED_CLOSE_GRACE_MS } from './lib/shutdown.js';
import { DEMO_PEOPLE } from './demo/demo-people.js';
import { createEmptyPostgresDatabase, testDatabaseUrl } from './test/database.js';
import { startFakeSmtp } from './test/fake-smtp.js';
import { startServer, type ServerProcess } from './test/server-process.js';

const DEMO_PASSWORD = 'Demo!2345';
/** Process start-up on a loaded two-core machine, demo seed included. */
const START_MS = 90_000;
/** Exit may trail the deadline by the forced close and by process teardown on a loaded machine. */
const CUT_SHORT_SLACK_MS = FORCED_CLOSE_GRACE_MS + 2_000;

type Answer = { status: number; body: Record<string, unknown> } | { failed: string };

/**
 * Like a browser, the client keeps connections open for reuse and never closes them itself: a
 * server that left them open after its last answer would never finish stopping.
 */
const browserLike = new http.Agent({ keepAlive: true, maxSockets: 100 });

function post(port: number, route: string, payload: unknown): Promise<Answer> {
  const body = JSON.stringify(payload);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: route,
        method: 'POST',
        agent: browserLike,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        res.on('error', (err) => resolve({ failed: String(err) }));
      },
    );
    req.on('error', (err) => resolve({ failed: String(err) }));
    req.end(body);
  });
}

const signIn = (port: number, identifier: string) =>
  post(port, '/api/v1/auth/login', { identifier, password: DEMO_PASSWORD });

const isStatus = (answer: Answer, status: number) => 'status' in answer && answer.status === status;

/** Logins for one member that the database committed since `since`, counted three ways. */
async function committedSignIns(db: Database, userEmail: string | null, since: Date) {
  const user = userEmail
    ? (await db.select({ id: users.id }).from(users).where(eq(users.email, userEmail)))[0]?.id
    : undefined;
  const forUser = <T>(column: T) => (user ? eq(column as never, user) : undefined);
  const [audits] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'auth.login.succeeded'),
        gte(auditLog.occurredAt, since),
        forUser(auditLog.actorId),
      ),
    );
  const [sessions] = await db
    .select({ n: count() })
    .from(refreshTokens)
    .where(and(gte(refreshTokens.createdAt, since), forUser(refreshTokens.userId)));
  const [attempts] = await db
    .select({ n: count() })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.succeeded, true),
        gte(signInAttempts.createdAt, since),
        forUser(signInAttempts.userId),
      ),
    );
  return { audits: audits!.n, sessions: sessions!.n, attempts: attempts!.n };
}

describe(`stopping the server (${testDatabaseUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  let env: Record<string, string>;
  let openInspection: () => Promise<DatabaseHandle>;
  let dropDatabase: () => Promise<void>;
  /** A session on the same PostgreSQL database, for holding locks (PostgreSQL only). */
  let databaseUrl: string | undefined;
  const started: ServerProcess[] = [];
  /** When the scenarios' sign-ins began: every one since must have been committed whole. */
  let firstSignInAt: Date;

  beforeAll(async () => {
    const common = {
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://portal.test',
      JWT_SECRET: 'lifecycle-test-secret-long-enough-for-signing',
    };
    if (testDatabaseUrl) {
      const database = await createEmptyPostgresDatabase(testDatabaseUrl);
      databaseUrl = database.url;
      // A server database asks for the demo and for its own two-factor key (README, Settings).
      env = {
        ...common,
        DATABASE_URL: database.url,
        DEMO: '1',
        TWO_FACTOR_KEY: 'k'.repeat(43) + '=',
      };
      openInspection = () => openDatabase({ url: database.url });
      dropDatabase = () => database.drop();
    } else {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coop-lifecycle-'));
      env = { ...common, DATA_DIR: dataDir };
      openInspection = () => openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
      dropDatabase = async () => rmSync(dataDir, { recursive: true, force: true });
    }
  });

  afterAll(async () => {
    // A failed scenario may leave its server running: never leave a process behind.
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(started.map((server) => server.exited));
    browserLike.destroy();
    await dropDatabase();
  });

  function start(extra: Record<string, string> = {}): ServerProcess {
    const server = startServer({ ...env, ...extra });
    started.push(server);
    return server;
  }

  /** Opens the database the way a restart does (migrations included) and inspects it. */
  async function inspect<T>(read: (db: Database) => Promise<T>): Promise<T> {
    const handle = await openInspection();
    try {
      return await read(handle.db);
    } finally {
      await handle.close();
    }
  }

  it('a stop signal during the demo seed ends start-up without listening or writing', async () => {
    const server = start({ SHUTDOWN_TIMEOUT_MS: '5000' });
    await server.waitForLog((line) => line.msg.startsWith('demo data:'), 'demo seed', START_MS);
    server.signal('SIGTERM');
    const exit = await server.exited;

    expect(exit.code).toBe(0);
    expect(exit.afterSignalMs).toBeLessThan(5_000);
    expect(server.logs.map((line) => line.msg)).toContain('stopped during start-up');
    expect(server.logs.some((line) => line.msg.includes('listening'))).toBe(false);
    await inspect(async (db) => {
      // The seed is one transaction: interrupted, it left nothing (the next start seeds afresh).
      expect((await db.select({ n: count() }).from(users))[0]!.n).toBe(0);
      expect((await db.select({ n: count() }).from(emailOutbox))[0]!.n).toBe(0);
      expect(await findProjectionMismatches(db)).toEqual([]);
      expect(await findHoldMismatches(db)).toEqual([]);
    });
  }, 120_000);

  it('the next start seeds, answers, and a plain SIGTERM stops it cleanly', async () => {
    const server = start({ SHUTDOWN_TIMEOUT_MS: '5000' });
    const port = await server.ready(START_MS);
    const ready = await new Promise<number | undefined>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/ready', agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
        .on('error', () => resolve(undefined));
    });
    expect(ready).toBe(200);
    server.signal('SIGTERM');
    const exit = await server.exited;

    expect(exit.code).toBe(0);
    expect(exit.afterSignalMs).toBeLessThan(5_000);
    await inspect(async (db) => {
      // Every demo person, seeded once.
      expect((await db.select({ n: count() }).from(users))[0]!.n).toBe(DEMO_PEOPLE.length);
      expect(await findProjectionMismatches(db)).toEqual([]);
      expect(await findHoldMismatches(db)).toEqual([]);
    });
  }, 120_000);

  it('answers the 50 requests in flight at SIGTERM and keeps exactly what they committed', async () => {
    const server = start({ SHUTDOWN_TIMEOUT_MS: '15000' });
    const port = await server.ready(START_MS);
    const since = new Date();
    firstSignInAt = since;
    // Fifty members signing in at once (M0006 to M0055): each is a password check and a write.
    const answers = Array.from({ length: 50 }, (_, i) =>
      signIn(port, `M${String(6 + i).padStart(4, '0')}`),
    );
    await server.waitForLog(
      () => server.logs.filter((line) => line.msg === 'incoming request').length >= 50,
      '50 requests received',
    );
    server.signal('SIGTERM');
    const settled = await Promise.all(answers);
    const exit = await server.exited;

    expect(exit.code).toBe(0);
    expect(exit.afterSignalMs).toBeLessThan(15_000);
    // Every request got an answer: signed in, or told to come back (it waited too long for the
    // database). None was cut off.
    for (const answer of settled) {
      expect(answer).toMatchObject(
        isStatus(answer, 200)
          ? { body: { success: true } }
          : { status: 503, body: { code: 'SERVICE_UNAVAILABLE' } },
      );
    }
    const signedIn = settled.filter((answer) => isStatus(answer, 200)).length;
    expect(signedIn).toBeGreaterThan(0);
    await inspect(async (db) => {
      expect(await committedSignIns(db, null, since)).toEqual({
        audits: signedIn,
        sessions: signedIn,
        attempts: signedIn,
      });
      expect(await findProjectionMismatches(db)).toEqual([]);
      expect(await findHoldMismatches(db)).toEqual([]);
    });
  }, 120_000);

  it('stops at once while an e-mail is being delivered to a stalled mail server, and keeps it queued', async () => {
    const smtp = await startFakeSmtp('stall');
    try {
      const server = start({ SMTP_URL: smtp.url, SHUTDOWN_TIMEOUT_MS: '5000' });
      const port = await server.ready(START_MS);
      const since = new Date();
      const asked = await post(port, '/api/v1/auth/forgot-password', { email: 'ada@demo.coop' });
      expect(isStatus(asked, 200)).toBe(true);
      await smtp.stalled;

      // The portal keeps answering while the mail server hangs (on the embedded database the
      // worker used to hold the only connection for the whole delivery).
      const before = Date.now();
      expect(isStatus(await signIn(port, 'ada@demo.coop'), 200)).toBe(true);
      expect(Date.now() - before).toBeLessThan(5_000);

      server.signal('SIGTERM');
      const exit = await server.exited;
      expect(exit.code).toBe(0);
      expect(exit.afterSignalMs).toBeLessThan(5_000);
      await inspect(async (db) => {
        const unsent = await db.select().from(emailOutbox).where(isNull(emailOutbox.sentAt));
        // The reset is kept: either the job has written its e-mail, among them, still queued,
        // due now, no attempt counted, or the request still waits for the job (decision 048).
        const waiting = await db.select().from(passwordResetRequests);
        expect(
          unsent.some((email) => email.to === 'ada@demo.coop') ||
            waiting.some((request) => request.email === 'ada@demo.coop'),
        ).toBe(true);
        for (const email of unsent) {
          expect(email).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
          expect(email.availableAt.getTime()).toBeLessThanOrEqual(Date.now());
        }
        // The mail server never confirmed anything, so nothing counts as sent.
        const sentSince = await db
          .select({ n: count() })
          .from(emailOutbox)
          .where(and(ne(emailOutbox.status, 'pending'), gte(emailOutbox.createdAt, since)));
        expect(sentSince[0]!.n).toBe(0);
      });
    } finally {
      await smtp.close();
    }
  }, 120_000);

  /**
   * Makes sign-ins for ada@demo.coop get stuck while holding her row lock. On PostgreSQL another
   * session blocks inserts into the audit log: each sign-in locks her row, checks the password,
   * writes its rows, then waits at its audit row while holding the lock; the next ones wait for
   * the lock. The embedded database has one session, so locks never wait there: the sign-ins
   * queue for its single connection, each holding her row while its password is checked.
   */
  async function stickSignIns(port: number, requests: number) {
    let blocker: pg.Client | undefined;
    if (databaseUrl) {
      blocker = new pg.Client({ connectionString: databaseUrl });
      await blocker.connect();
      await blocker.query('begin');
      await blocker.query('lock table audit_log in share mode');
    }
    const answers = Array.from({ length: requests }, () => signIn(port, 'ada@demo.coop'));
    return {
      answers,
      /** Resolves once a sign-in holds her row and waits (PostgreSQL) or they all queue (embedded). */
      async stuck(server: ServerProcess) {
        await server.waitForLog(
          () => server.logs.filter((line) => line.msg === 'incoming request').length >= requests,
          `${requests} requests received`,
        );
        if (!blocker) return;
        for (const giveUpAt = Date.now() + 30_000; Date.now() < giveUpAt;) {
          const { rows } = await blocker.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where not granted and relation = 'audit_log'::regclass`,
          );
          if (rows[0]!.n > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('no sign-in reached the audit log lock');
      },
      async release() {
        await blocker?.query('rollback');
        await blocker?.end();
      },
    };
  }

  it('cuts off a request holding a row lock at the deadline, logs it, and keeps nothing half-written', async () => {
    const shutdownMs = 600;
    const server = start({
      SHUTDOWN_TIMEOUT_MS: String(shutdownMs),
      // Long enough that the waits outlast the shutdown deadline.
      DATABASE_LOCK_TIMEOUT_MS: '60000',
      // Embedded: a hundred password checks in a row take well over a second, whatever the
      // machine, if all of them wait their turn. The gate's default queue (sixteen per check
      // running, half the cores: 16 on two) would answer the rest 503 at once and let the few
      // queued finish within the deadline.
      ...(databaseUrl ? {} : { PASSWORD_CHECKS_CONCURRENT: '1', PASSWORD_CHECKS_WAITING: '100' }),
    });
    const port = await server.ready(START_MS);
    const since = new Date();
    const requests = databaseUrl ? 3 : 100;
    const sticky = await stickSignIns(port, requests);
    try {
      await sticky.stuck(server);
      server.signal('SIGTERM');
      const exit = await server.exited;

      expect(exit.code).toBe(2);
      expect(exit.afterSignalMs).toBeLessThan(shutdownMs + CUT_SHORT_SLACK_MS);
      const report = server.logs.find((line) => line.msg.startsWith('shutdown ran out of time'));
      expect(report).toMatchObject({
        step: 'finishing in-flight requests',
        openRequests: expect.arrayContaining([
          expect.objectContaining({ method: 'POST', route: '/api/v1/auth/login' }),
        ]),
        workers: {
          outbox: { stopped: false, delivering: [] },
          // A job may be running too: password-reset-requests polls every 5 s (decision 048)
          // and can be the one waiting on the held lock.
          jobs: expect.objectContaining({ stopped: false }),
        },
      });
      const settled = await Promise.all(sticky.answers);
      const signedIn = settled.filter((answer) => isStatus(answer, 200)).length;
      // Cut off, not answered falsely: the rest lost their connection.
      expect(settled.filter((answer) => 'status' in answer && answer.status !== 200)).toEqual([]);
      expect(signedIn).toBeLessThan(requests);

      await sticky.release();
      await inspect(async (db) => {
        const committed = await committedSignIns(db, 'ada@demo.coop', since);
        // Each sign-in committed all of its rows or none of them.
        expect(committed.sessions).toBe(committed.audits);
        expect(committed.attempts).toBe(committed.audits);
        expect(committed.audits).toBeGreaterThanOrEqual(signedIn);
        expect(committed.audits).toBeLessThan(requests);
        if (databaseUrl) expect(committed.audits).toBe(0);
        expect(await findProjectionMismatches(db)).toEqual([]);
        expect(await findHoldMismatches(db)).toEqual([]);
      });
    } finally {
      await sticky.release().catch(() => undefined);
    }
  }, 120_000);

  it('exits at once on a second signal', async () => {
    const server = start({ SHUTDOWN_TIMEOUT_MS: '60000', DATABASE_LOCK_TIMEOUT_MS: '60000' });
    const port = await server.ready(START_MS);
    const requests = databaseUrl ? 3 : 60;
    const sticky = await stickSignIns(port, requests);
    try {
      await sticky.stuck(server);
      server.signal('SIGTERM');
      await server.waitForLog((line) => line.msg === 'stopping', 'stopping');
      const secondAt = Date.now();
      server.child.kill('SIGINT');
      const exit = await server.exited;
      expect(exit.code).toBe(130);
      expect(Date.now() - secondAt).toBeLessThan(3_000);
      await Promise.all(sticky.answers);
    } finally {
      await sticky.release();
    }
  }, 120_000);

  it('after all that, starts again with the books balanced and every sign-in whole', async () => {
    await inspect(async (db) => {
      expect(await findProjectionMismatches(db)).toEqual([]);
      expect(await findHoldMismatches(db)).toEqual([]);
      const all = await committedSignIns(db, null, firstSignInAt);
      expect(all.sessions).toBe(all.audits);
      expect(all.attempts).toBe(all.audits);
    });
    const server = start({ SHUTDOWN_TIMEOUT_MS: '5000' });
    const port = await server.ready(START_MS);
    expect(isStatus(await signIn(port, 'bayo@demo.coop'), 200)).toBe(true);
    server.signal('SIGTERM');
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.afterSignalMs).toBeLessThan(5_000);
  }, 120_000);
});
