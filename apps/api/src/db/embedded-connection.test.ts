import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config/env.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  postLedgerTransaction,
} from '../modules/ledger/ledger.service.js';
import { insertLedgerTestMember } from '../test/ledger-members.js';
import { createEmbeddedTestDatabase, embeddedTemplate } from '../test/database.js';
import type { DatabaseHandle } from './client.js';
import { PGlite } from '@electric-sql/pglite';
import {
  DatabaseInterruptedError,
  EmbeddedConnection,
  EmbeddedDatabaseBusyError,
  QueryOutsideTransactionError,
} from './embedded-connection.js';

/** A promise with its resolve function: lets a test hold a transaction open until it says so. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** Resolves with the outcome; a failure carries the driver's error, unwrapped from Drizzle's. */
const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value, error: undefined }),
    (error: unknown) => ({ ok: false as const, error: rootCause(error) }),
  );

/** The `n` of a raw `select count(*)::int as n`: both drivers answer `execute` with `rows`. */
async function countOf(query: Promise<unknown>): Promise<number | undefined> {
  const result = (await query) as { rows: { n: number }[] };
  return result.rows[0]?.n;
}

function rootCause(error: unknown): unknown {
  let e = error;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e;
}

// These are properties of the embedded database's single connection, so they always run on PGlite.
describe('embedded database connection', () => {
  const defaults = loadConfig({ JWT_SECRET: 'x'.repeat(40) }).timeouts;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createEmbeddedTestDatabase({ lockTimeoutMs: defaults.lockMs });
    await handle.db.execute(sql`create table probe (n int)`);
  });
  afterAll(() => handle.close());

  it('finishes 50 concurrent money-moving transactions, and the books balance', async () => {
    const { db } = handle;
    const members = await Promise.all(
      Array.from({ length: 5 }, (_, i) => insertLedgerTestMember(db, `Concurrent${i}`)),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        db.transaction((tx) =>
          postLedgerTransaction(tx, {
            kind: 'contribution',
            description: `Concurrent contribution ${i}`,
            effectiveDate: '2026-01-31',
            entries: [
              { account: 'coop_bank', amount: 100_00 },
              { account: 'member_savings', userId: members[i % 5]!, amount: -100_00 },
            ],
          }),
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(
      await countOf(
        db.execute(
          sql`select count(*)::int as n from ledger_transactions where description like 'Concurrent contribution %'`,
        ),
      ),
    ).toBe(50);
    expect(await findProjectionMismatches(db)).toEqual([]);
    expect(await findHoldMismatches(db)).toEqual([]);
  });

  it('runs a query issued during another transaction after it, never inside it', async () => {
    const { db } = handle;
    const hold = gate();
    const writing = db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (1)`);
      await hold.opened;
      await tx.execute(sql`insert into probe values (2)`);
    });
    // Issued while the transaction is open with one uncommitted row.
    const reading = db.execute(sql`select count(*)::int as n from probe`);
    hold.open();
    await writing;
    // Ran after the commit: sees both rows, not the one the transaction had written when asked.
    expect(await countOf(reading)).toBe(2);
  });

  it('refuses at once a query on the database from inside a transaction (it would deadlock)', async () => {
    const { db } = handle;
    const outcome = await settled(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (100)`);
        await db.execute(sql`select 1`);
      }),
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toBeInstanceOf(QueryOutsideTransactionError);
    // The transaction rolled back and the connection is free again.
    expect(await countOf(db.execute(sql`select count(*)::int as n from probe where n = 100`))).toBe(
      0,
    );
  });

  describe('waiting for the single connection', () => {
    // An embedded database (no schema needed) whose callers give up after 200 ms.
    let connection: EmbeddedConnection;
    // The interrupt test's own: interrupting ends it, and the other tests here may run after.
    let interrupted: EmbeddedConnection;
    beforeAll(async () => {
      // Started from the template's dump when there is one: initdb is slow on a busy machine.
      const bare = () => {
        const from = embeddedTemplate();
        return new EmbeddedConnection(new PGlite(from ? { loadDataDir: from } : {}), {
          lockTimeoutMs: 200,
        });
      };
      connection = bare();
      await connection.query('create table probe (n int)');
      interrupted = bare();
      await interrupted.query('create table probe (n int)');
    });
    afterAll(() => connection.close());

    it('gives up after the lock timeout, without running the query', async () => {
      const hold = gate();
      const holding = connection.transaction(async (tx) => {
        await tx.query('select 1');
        await hold.opened;
      });
      const started = Date.now();
      const waiting = await settled(connection.query('insert into probe values (1)'));
      const waited = Date.now() - started;
      expect(waiting.error).toBeInstanceOf(EmbeddedDatabaseBusyError);
      expect(waited).toBeGreaterThanOrEqual(190);
      expect(waited).toBeLessThan(3_000);
      hold.open();
      await holding;
      const { rows } = await connection.query<{ n: number }>(
        'select count(*)::int as n from probe',
      );
      expect(rows[0]?.n).toBe(0);
    });

    it('on interrupt, rolls back the open transaction at its next statement and closes', async () => {
      const connection = interrupted;
      const hold = gate();
      const writing = settled(
        connection.transaction(async (tx) => {
          await tx.query('insert into probe values (2)');
          await hold.opened;
          await tx.query('insert into probe values (3)');
        }),
      );
      const queued = settled(connection.query('select 1'));
      connection.interrupt();
      hold.open();
      expect((await writing).error).toBeInstanceOf(DatabaseInterruptedError);
      expect((await queued).error).toBeInstanceOf(DatabaseInterruptedError);
      await expect(connection.close()).resolves.toBeUndefined();
    });
  });
});
