/**
 * The coverage of a member read kept at write time (docs/decisions/179-member-reads-kept-at-write-time.md):
 * a kept answer is only as fresh as the change feed of the tables it is computed from, so every
 * table its statement reads must carry the three `member_data_change_*` triggers. Test support
 * only (imported by *.test.ts files).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** The tables of the change feed itself: read by a kept read's statement, never tracked. */
const FEED_TABLES = new Set(['member_data_changes', 'member_read_cache']);

const EVENTS = ['insert', 'update', 'delete'] as const;

/**
 * The tables of the database a statement's SQL reads: every name after `from` or `join`, quoted
 * (as Drizzle writes a table) or not, that is a table of the database's public schema (a CTE's
 * name, `generate_series` or `extract(epoch from …)` are not), the feed's own tables left out.
 */
export async function tablesReadBy(db: Database, statement: string): Promise<string[]> {
  const named = new Set(
    [...statement.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((m) =>
      (m[1] ?? '').toLowerCase(),
    ),
  );
  const tables = await db
    .select({ name: sql<string>`table_name::text` })
    .from(sql`information_schema.tables`)
    .where(sql`table_schema = 'public' and table_type = 'BASE TABLE'`);
  return tables
    .map((table) => table.name)
    .filter((name) => named.has(name) && !FEED_TABLES.has(name))
    .sort();
}

/** Of `tables`, those without a change trigger for each of insert, update and delete. */
export async function untrackedTables(db: Database, tables: readonly string[]): Promise<string[]> {
  const triggers = await db
    .select({ table: sql<string>`c.relname::text`, name: sql<string>`t.tgname::text` })
    .from(sql`pg_trigger t join pg_class c on c.oid = t.tgrelid`)
    .where(sql`not t.tgisinternal and t.tgname like 'member_data_change_%'`);
  const tracked = new Set(triggers.map((row) => `${row.table} ${row.name}`));
  return tables.filter((table) =>
    EVENTS.some((event) => !tracked.has(`${table} member_data_change_${event}`)),
  );
}
