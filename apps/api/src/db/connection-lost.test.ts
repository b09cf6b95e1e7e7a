import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from './client.js';
import { unavailableReason } from '../lib/service-unavailable.js';
import { createEmptyPostgresDatabase, requirePostgres } from '../test/database.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createActiveMember, signIn } from '../test/auth-helpers.js';

const serverUrl = requirePostgres('connection lost');

const errorOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (err: unknown) => err,
  );

/** Ends a backend from outside, as an administrator or a failover does. */
async function terminate(url: string, pid: number) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('select pg_terminate_backend($1)', [pid]);
  await admin.end();
}

/** Ends every backend of the database of `url` but the caller's own. */
async function terminateAll(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
  );
  await admin.end();
}

describe.skipIf(!serverUrl)('a connection lost mid-transaction (PostgreSQL)', () => {
  let database: { url: string; drop(): Promise<void> };
  let proxy: TcpProxy;
  let handle: DatabaseHandle;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(serverUrl ?? '');
    proxy = await startTcpProxy(database.url);
    handle = await openDatabase({ url: proxy.url }, { lockTimeoutMs: 2_000 });
    t = await createTestApp({ handle, env: { LOG_LEVEL: 'error' }, logStream: process.stderr });
    await createActiveMember(t, { email: 'restart@example.com' });
    ({ accessToken: token } = await signIn(t, 'restart@example.com'));
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await database.drop();
  });

  it('is a "try again later" when the backend is terminated between two statements', async () => {
    const error = await errorOf(
      handle.db.transaction(async (tx) => {
        const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        await terminate(database.url, row?.pid ?? 0);
        // The client hears of the ended connection before the next statement is sent.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      }),
    );
    expect(error).toBeInstanceOf(Error);
    expect(unavailableReason(error)).toBe('busy');
    // The pool replaced the connection: the next query is served.
    await expect(handle.db.execute(sql`select 1`)).resolves.toBeDefined();
  });

  it('answers 503, never 500, to requests caught in a database restart, and serves again after it', async () => {
    const profile = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: bearer(token) });
    const statuses: number[] = [];
    // Restarts landing at different moments catch requests waiting for a connection, inside a
    // statement, and between two statements of a transaction.
    for (const delayMs of [0, 1, 2, 3, 5, 8, 13]) {
      const during = Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? profile()
          : t.app.inject({
              method: 'PUT',
              url: '/api/v1/users/notifications/mark-all-read',
              headers: bearer(token),
            }),
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      // As PostgreSQL's fast shutdown: every backend ends with FATAL 57P01, then the sockets go.
      await terminateAll(database.url);
      proxy.restart();
      const answers = await Promise.all(during);
      const refused = await profile();
      proxy.accept();
      statuses.push(...answers.map((res) => res.statusCode));
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect((await profile()).statusCode).toBe(200);
    }
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses).toContain(503);
  });
});
