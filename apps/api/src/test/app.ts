import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config/env.js';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.js';
import { fixedClock, type Clock } from '../lib/clock.js';
import { accessTokens } from '../lib/access-token.js';
import type { Deps } from '../deps.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  /** What the app's services receive: call use cases directly with these. */
  deps: Deps;
  db: Database;
  handle: DatabaseHandle;
  clock: ReturnType<typeof fixedClock>;
  config: Config;
  close(): Promise<void>;
}

/** The cooperative's settings production refuses to start without (config/env.ts). */
export const COOPERATIVE_ENV = {
  COOPERATIVE_NAME: 'Test Cooperative',
  COOPERATIVE_ADDRESS: '4 Broad Street, Lagos Island, Lagos',
  ADMIN_CONTACT_EMAIL: 'office@test.coop',
  ADMIN_CONTACT_PHONE: '+234 803 111 1111',
  COOPERATIVE_BANK_NAME: 'Test Bank',
  COOPERATIVE_BANK_ACCOUNT_NAME: 'Test Cooperative',
  COOPERATIVE_BANK_ACCOUNT_NUMBER: '1111111111',
} as const;

/** Settings of a test: a temporary data directory, a fixed secret, links to portal.test. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'coop-test-')),
      PUBLIC_URL: 'http://portal.test',
      LOG_LEVEL: 'silent',
      ...env,
    },
    path.resolve(import.meta.dirname, '../../../..'),
  );
}

/** The deps a service test calls use cases with, on its own database and clock. */
export function testDeps(db: Database, clock: Clock, config: Config = testConfig()): Deps {
  return { config, db, clock, tokens: accessTokens(config.jwtSecret, clock) };
}

/** A real app on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and a settable clock. */
export async function createTestApp(
  options: {
    now?: string;
    handle?: DatabaseHandle;
    env?: Record<string, string>;
    /** A web build to serve; by default none, so API tests never depend on building the web app. */
    webDistDir?: string;
    /** Keeps the request log (at LOG_LEVEL) in this stream instead of silencing it. */
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<TestApp> {
  const handle = options.handle ?? (await createTestDatabase());
  const clock = fixedClock(options.now ?? new Date().toISOString());
  const config = testConfig(options.env);
  config.webDistDir = options.webDistDir ?? path.join(config.dataDir, 'no-web-build');
  const app = await buildApp({
    config,
    db: handle.db,
    clock,
    databaseActivity: () => handle.activity(),
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    deps: testDeps(handle.db, clock, config),
    db: handle.db,
    handle,
    clock,
    config,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** A second app on the test's database, as another process of the portal would be. */
export interface OtherApp {
  app: FastifyInstance;
  close: () => Promise<void>;
}

/**
 * Another process: on PostgreSQL an app with a pool of its own on the same database; embedded,
 * the one process that may open it, so a second app on the same handle. For the tests whose
 * subject is what another process sees (revocation, decision 083).
 */
export async function openOtherApp(t: TestApp): Promise<OtherApp> {
  const client = (t.db as unknown as { $client: Partial<pg.Pool> }).$client;
  const url = t.handle.kind === 'postgres' ? client.options?.connectionString : undefined;
  const handle = url ? await openDatabase({ url }) : undefined;
  const app = await buildApp({
    config: t.config,
    db: handle?.db ?? t.db,
    clock: t.clock,
    logger: false,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await handle?.close();
    },
  };
}
