import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

export type DatabaseTarget = { url: string } | { dataDir: string } | { inMemory: true };

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    // Several instances may start at once against one server: one migrates, the others wait.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    client = new PGlite(target.dataDir);
  } else {
    client = new PGlite();
  }
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  return { db: pgliteDb as unknown as Database, kind: 'pglite', close: () => client.close() };
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
