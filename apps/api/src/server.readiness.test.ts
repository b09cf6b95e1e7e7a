import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createEmptyPostgresDatabase, requirePostgres } from './test/database.js';
import { startServer, type ServerProcess } from './test/server-process.js';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy.js';

/** Process start-up on a loaded two-core machine. */
const START_MS = 90_000;

const serverUrl = requirePostgres('readiness');

async function timedGet(port: number, path: string) {
  const started = Date.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    signal: AbortSignal.timeout(15_000),
  }).catch((err: unknown) => ({ status: 0, error: err }));
  return { status: res.status, ms: Date.now() - started };
}

/**
 * A load balancer takes an instance out when `/api/ready` says 503, and can only do so if the
 * answer comes quickly: it answers within about a second, 503 while the database cannot serve.
 */
describe.skipIf(!serverUrl)('readiness under database trouble (PostgreSQL, a real process)', () => {
  let database: { url: string; drop(): Promise<void> };
  let proxy: TcpProxy;
  let server: ServerProcess;
  let port: number;

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(serverUrl ?? '');
    proxy = await startTcpProxy(database.url);
    server = startServer({
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://portal.test',
      JWT_SECRET: 'readiness-test-secret-long-enough-for-signing',
      TWO_FACTOR_KEY: 'k'.repeat(43) + '=',
      DATABASE_URL: proxy.url,
      // Sign-ins reach the database all at once, as on an instance with many cores; with the
      // default cap they would wait their turn at the password-check gate, holding no connection.
      PASSWORD_CHECKS_CONCURRENT: '16',
    });
    port = await server.ready(START_MS);
  }, START_MS + 10_000);

  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
    await proxy.close();
    await database.drop();
  });

  it('is ready while the database serves', async () => {
    expect((await timedGet(port, '/api/ready')).status).toBe(200);
  });

  it('answers 503 within a second while every pooled connection waits on a lock', async () => {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table users in access exclusive mode');
      // More sign-ins than pooled connections: each waits on the lock with its connection.
      const stuck = Array.from({ length: 15 }, () =>
        fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ identifier: 'nobody@example.com', password: 'Whatever-2031!' }),
        }).catch(() => undefined),
      );
      // The sign-ins take their connections within moments (each first claims the address's slot,
      // one at a time): probe until the pool is full, and then the answer must come quickly.
      let probe = await timedGet(port, '/api/ready');
      for (let tries = 0; probe.status !== 503 && tries < 20; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        probe = await timedGet(port, '/api/ready');
      }
      expect(probe.status).toBe(503);
      expect(probe.ms).toBeLessThan(1_500);
      await holder.query('rollback');
      await Promise.all(stuck);
    } finally {
      await holder.end();
    }
    expect((await timedGet(port, '/api/ready')).status).toBe(200);
  }, 30_000);

  it('answers 503 within a second during a silent network stall, and 200 once it ends', async () => {
    proxy.stall();
    try {
      for (let i = 0; i < 3; i++) {
        const probe = await timedGet(port, '/api/ready');
        expect(probe.status).toBe(503);
        expect(probe.ms).toBeLessThan(1_500);
      }
    } finally {
      proxy.resume();
    }
    expect((await timedGet(port, '/api/ready')).status).toBe(200);
  }, 30_000);
});
