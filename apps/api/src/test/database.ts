import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type DatabaseLimits } from '../db/client.js';
import type { DatabaseTemplate } from './global-setup.js';
import { templateCopyPrefix } from './template-copies.js';

/** The PostgreSQL server for tests, when set (CI always sets it). */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/**
 * The migrated database of test/global-setup.ts; unset where a config runs no global setup
 * (then each database is migrated from scratch).
 */
const template: DatabaseTemplate | undefined = inject('databaseTemplate');

let embeddedDump: Blob | undefined;

/**
 * A fresh, migrated database for one test file: a throwaway copy of the template database on the
 * PostgreSQL server of TEST_DATABASE_URL when set, otherwise an in-memory PGlite loaded from the
 * template's dump. Dropped again by `close()`.
 */
export async function createTestDatabase(limits: DatabaseLimits = {}): Promise<DatabaseHandle> {
  if (testDatabaseUrl) return createPostgresTestDatabase(testDatabaseUrl, limits);
  return createEmbeddedTestDatabase(limits);
}

/** Always embedded: for properties of the embedded database itself. */
export async function createEmbeddedTestDatabase(
  limits: DatabaseLimits = {},
): Promise<DatabaseHandle> {
  const from = embeddedTemplate();
  // Opening still checks the migrations: a no-op on the migrated copy.
  return openDatabase(from ? { inMemory: true, from } : { inMemory: true }, limits);
}

/**
 * The embedded template's dump, to start a bare PGlite from (`loadDataDir`) without the seconds
 * its initdb takes; undefined where the run has no embedded template.
 */
export function embeddedTemplate(): Blob | undefined {
  if (template?.kind !== 'pglite') return undefined;
  embeddedDump ??= new Blob([readFileSync(template.dumpFile)]);
  return embeddedDump;
}

/** Always PostgreSQL: for concurrency tests, which PGlite's single lock would make meaningless. */
export async function createPostgresTestDatabase(
  serverUrl: string,
  limits: DatabaseLimits = {},
): Promise<DatabaseHandle> {
  const copy = template?.kind === 'postgres' && serverUrl === testDatabaseUrl;
  const database = await createPostgresDatabase(
    serverUrl,
    copy ? template.name : undefined,
    copy ? templateCopyPrefix(template.name) : undefined,
  );
  const handle = await openDatabase({ url: database.url }, limits);
  return {
    ...handle,
    async close() {
      await handle.close();
      // A copy of the run's template is left to the global setup's teardown, which drops every
      // copy at the end (test/global-setup.ts): each DROP DATABASE waits for a checkpoint of the
      // whole server, about 1-2 s here, and one per test file kept the file's worker waiting and
      // PostgreSQL writing out the other files' pages (docs/ci-timings.md).
      if (!copy) await database.drop();
    },
  };
}

/**
 * A new, empty database on the server of `serverUrl`, for a server process under test to migrate
 * and use; `drop()` removes it once nothing is connected any more.
 */
export function createEmptyPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  return createPostgresDatabase(serverUrl);
}

/** A new database on the server of `serverUrl`: empty, or a copy of the database `template`. */
async function createPostgresDatabase(
  serverUrl: string,
  template?: string,
  prefix = 'coop_test_',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  // A throwaway database need not survive a crash of the server: a commit returns without
  // waiting for its WAL to reach the disk. Every query still sees every committed row (the
  // setting changes durability only), so no test proves less. Set per database, not on the
  // template: CREATE DATABASE copies no database's settings.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pool.end() resolves before its connections have closed; dropping WITH (FORCE) under them
      // makes each one raise an unhandled FATAL 57P01. Give them a moment to go by themselves.
      for (let i = 0; i < 100; i++) {
        const { rows } = await dropper.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (!rows[0]?.n) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Concurrency tests run only on PostgreSQL; elsewhere they are skipped with a printed notice. */
export function requirePostgres(suite: string): string | undefined {
  if (!testDatabaseUrl) {
    console.warn(
      `[${suite}] skipped: set TEST_DATABASE_URL to run concurrency tests on PostgreSQL`,
    );
  }
  return testDatabaseUrl;
}
