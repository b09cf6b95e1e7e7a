import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chmodSync, mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { makeOwnerOnly } from './owner-only.js';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema/index.js';
import { EmbeddedConnection } from './embedded-connection.js';
import { lockDataDir } from './data-dir-lock.js';
import { PortalClient, PortalPool } from './connection-error.js';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Closes the database once the work in progress has ended. */
  close(): Promise<void>;
  /**
   * Refuses all further work and ends what is running: open transactions roll back (PostgreSQL:
   * their connections are closed; embedded: their next statement fails). For a shutdown that ran
   * out of time, and for a stop signal during start-up. `close()` still has to be called.
   */
  interrupt(): void;
  /** Connections in use and callers waiting, for the log of a shutdown that ran out of time. */
  activity(): Record<string, number | boolean>;
}

/** Limits on waiting for the database (config `timeouts`); unset means no limit (tests, CLI). */
export interface DatabaseLimits {
  statementTimeoutMs?: number;
  lockTimeoutMs?: number;
  /** PostgreSQL ends a session whose transaction sits idle this long, releasing its locks. */
  idleInTransactionTimeoutMs?: number;
  /** Aborting it during `openDatabase` interrupts the opening (a stop signal during start-up). */
  signal?: AbortSignal;
}

/** The Drizzle migrations every database is brought up to date with. */
export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/** Another instance migrating longer than this is stuck; start-up fails instead of waiting on. */
const MIGRATION_LOCK_WAIT_MS = 60_000;
const MIGRATION_LOCK_KEY = 727274;

export type DatabaseTarget =
  | { url: string }
  | { dataDir: string }
  /** In memory; `from` starts it from a dump of another (tests copy one migrated database). */
  | { inMemory: true; from?: Blob };

/** Opens the database and brings its schema up to date; on failure nothing is left open. */
export async function openDatabase(
  target: DatabaseTarget,
  limits: DatabaseLimits = {},
): Promise<DatabaseHandle> {
  limits.signal?.throwIfAborted();
  const handle = 'url' in target ? openPostgres(target.url, limits) : openEmbedded(target, limits);
  const interrupt = () => handle.interrupt();
  limits.signal?.addEventListener('abort', interrupt, { once: true });
  try {
    await handle.migrate();
    limits.signal?.throwIfAborted();
    return handle;
  } catch (err) {
    handle.interrupt();
    await handle.close().catch(() => undefined);
    throw err;
  } finally {
    limits.signal?.removeEventListener('abort', interrupt);
  }
}

type OpeningHandle = DatabaseHandle & { migrate(): Promise<void> };

function openPostgres(url: string, limits: DatabaseLimits): OpeningHandle {
  const pool = new PortalPool({
    connectionString: url,
    max: 10,
    // Repeated statements are prepared once per connection (db/statement-cache.ts), and a lost
    // connection is reported as one (db/connection-error.ts).
    Client: PortalClient,
    // Waiting for a free pooled connection, or for the server to accept a new one, is a wait for
    // a lock like any other: an unreachable server fails start-up within seconds.
    connectionTimeoutMillis: limits.lockTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    lock_timeout: limits.lockTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
    // Notices a server that vanished without closing the connection (network cut).
    keepAlive: true,
  });
  const clients = new Set<pg.PoolClient>();
  // An ended connection emits 'error' on its client (and, when idle, on the pool); without a
  // listener Node ends the process. The query that used it fails with the same error anyway.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    clients.add(client);
    client.on('error', () => undefined);
  });
  pool.on('remove', (client) => clients.delete(client));

  let ending: Promise<void> | undefined;
  const end = () => (ending ??= pool.end());
  const db: Database = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    close: end,
    interrupt() {
      void end().catch(() => undefined);
      // The server rolls back the transaction of a connection that goes away.
      for (const client of clients) void client.end().catch(() => undefined);
    },
    activity: () => ({
      connections: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async migrate() {
      // Several instances may start at once against one server: one migrates, the others wait.
      const client = await pool.connect();
      try {
        // Migrations may rewrite whole tables: no statement limit, a bounded wait for the lock.
        await client.query('set statement_timeout = 0');
        await client.query(`set lock_timeout = ${MIGRATION_LOCK_WAIT_MS}`);
        await client.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
      } finally {
        // Never back into the pool with the migration's session settings.
        client.release(true);
      }
    },
  };
}

function openEmbedded(
  target: { dataDir: string } | { inMemory: true; from?: Blob },
  limits: DatabaseLimits,
): OpeningHandle {
  let pglite: PGlite;
  let unlock = () => {};
  const tightenFiles = () => {
    if ('dataDir' in target) makeOwnerOnly(target.dataDir);
  };
  if ('dataDir' in target) {
    unlock = lockDataDir(target.dataDir);
    // The data directory and the database in it are the owner's only (0700).
    for (const dir of [path.dirname(target.dataDir), target.dataDir]) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      chmodSync(dir, 0o700);
    }
    pglite = new PGlite(target.dataDir);
  } else {
    pglite = new PGlite(target.from ? { loadDataDir: target.from } : {});
  }
  // PGlite runs no timers inside the database (statement_timeout has no effect there); the bound
  // is on waiting for its single connection, see EmbeddedConnection.
  const connection = new EmbeddedConnection(pglite, { lockTimeoutMs: limits.lockTimeoutMs });
  // EmbeddedConnection offers what Drizzle's PGlite driver calls: query and transaction.
  const db = drizzlePglite(connection as unknown as PGlite, { schema });
  return {
    db,
    kind: 'pglite',
    async close() {
      try {
        await connection.close();
        // Files the database created while it ran are 0666 too.
        tightenFiles();
      } finally {
        unlock();
      }
    },
    interrupt: () => connection.interrupt(),
    activity: () => connection.state,
    async migrate() {
      await migratePglite(db, { migrationsFolder });
      tightenFiles();
    },
  };
}

export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The rows of a raw query. Both drivers answer `execute` with an object holding `rows`; Drizzle's
 * common type cannot say so, hence this one typed door for raw SQL that returns rows.
 */
export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
