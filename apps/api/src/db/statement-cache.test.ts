import { describe, expect, it } from 'vitest';
import { queryRows } from './client.js';
import { sql } from 'drizzle-orm';
import { statementName } from './statement-cache.js';
import { createPostgresTestDatabase, testDatabaseUrl } from '../test/database.js';

describe('statement names', () => {
  it('names a query text the second time it is seen, and keeps that name', () => {
    const text = `select ${Math.random()} as once_then_again`;
    expect(statementName(text)).toBeUndefined();
    const name = statementName(text);
    expect(name).toMatch(/^coop_s\d+$/);
    expect(statementName(text)).toBe(name);
    expect(statementName(`${text} `)).toBeUndefined();
  });
});

describe.skipIf(!testDatabaseUrl)('prepared statements on PostgreSQL', () => {
  it('prepares a repeated query once per connection and binds its values each time', async () => {
    const handle = await createPostgresTestDatabase(testDatabaseUrl!);
    try {
      const { db } = handle;
      const results: number[] = [];
      for (let i = 0; i < 4; i++) {
        const [row] = await queryRows<{ n: number }>(db, sql`select ${i}::int + 1 as n`);
        results.push(row!.n);
      }
      expect(results).toEqual([1, 2, 3, 4]);
      // A transaction holds one connection: repeat there and read that session's statements.
      const prepared = await db.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) await tx.execute(sql`select ${i}::int * 2 as twice`);
        return queryRows<{ statement: string }>(
          tx,
          sql`select statement from pg_prepared_statements`,
        );
      });
      expect(prepared.map((p) => p.statement)).toContain('select $1::int * 2 as twice');
    } finally {
      await handle.close();
    }
  });
});
