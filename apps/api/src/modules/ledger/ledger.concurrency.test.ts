import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { ledgerTransactions, memberBalances } from '../../db/schema/index.js';
import { createPostgresTestDatabase, requirePostgres } from '../../test/database.js';
import { insertLedgerTestMember } from '../../test/ledger-members.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  getMemberLedgerBalances,
  postLedgerTransaction,
  type LedgerPosting,
} from './ledger.service.js';

// PGlite runs one query at a time, so races can only show on a real PostgreSQL
// (docs/decisions/002-embedded-pglite-default-postgresql-in-production.md).
const serverUrl = requirePostgres('ledger concurrency');

describe.skipIf(!serverUrl)('ledger under concurrency (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await createPostgresTestDatabase(serverUrl ?? '');
    db = handle.db;
  });

  afterAll(async () => {
    await handle.close();
  });

  const savings = (
    userId: string,
    amount: number,
    kind: 'contribution' | 'withdrawal',
  ): LedgerPosting => ({
    kind,
    description: `concurrent ${kind}`,
    effectiveDate: '2025-01-25',
    entries:
      kind === 'contribution'
        ? [
            { account: 'coop_bank', amount },
            { account: 'member_savings', userId, amount: -amount },
          ]
        : [
            { account: 'member_savings', userId, amount },
            { account: 'coop_bank', amount: -amount },
          ],
  });

  it('20 parallel postings to one member all land, exactly once each', async () => {
    const ada = await insertLedgerTestMember(db, 'ada');
    const amounts = Array.from({ length: 20 }, (_, i) => (i + 1) * 100_000);

    await Promise.all(
      amounts.map((amount) =>
        db.transaction((tx) => postLedgerTransaction(tx, savings(ada, amount, 'contribution'))),
      ),
    );

    const expected = amounts.reduce((a, b) => a + b, 0);
    expect(await getMemberLedgerBalances(db, ada)).toEqual({
      savings: expected,
      shares: 0,
      loans: 0,
    });
    const [row] = await db.select().from(memberBalances).where(eq(memberBalances.userId, ada));
    expect(row?.version).toBe(20);
    expect(await findProjectionMismatches(db)).toEqual([]);
    expect(await findHoldMismatches(db)).toEqual([]);
  });

  it('20 parallel withdrawals against a balance for 10 of them: exactly 10 succeed', async () => {
    const bayo = await insertLedgerTestMember(db, 'bayo');
    await db.transaction((tx) =>
      postLedgerTransaction(tx, savings(bayo, 1_000_000, 'contribution')),
    );

    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        db.transaction((tx) => postLedgerTransaction(tx, savings(bayo, 100_000, 'withdrawal'))),
      ),
    );

    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(fulfilled).toHaveLength(10);
    expect(refused.map((r) => (r.reason as { code?: string }).code)).toEqual(
      Array(10).fill('LEDGER_NEGATIVE_BALANCE'),
    );
    expect((await getMemberLedgerBalances(db, bayo))?.savings).toBe(0);
    expect(await findProjectionMismatches(db)).toEqual([]);
    expect(await findHoldMismatches(db)).toEqual([]);
  });

  it('postings touching two members in opposite orders never deadlock', async () => {
    const chidi = await insertLedgerTestMember(db, 'chidi');
    const ngozi = await insertLedgerTestMember(db, 'ngozi');
    for (const id of [chidi, ngozi]) {
      await db.transaction((tx) =>
        postLedgerTransaction(tx, savings(id, 5_000_000, 'contribution')),
      );
    }
    const [before] = await db.select({ n: count() }).from(ledgerTransactions);

    const transfer = (from: string, to: string): LedgerPosting => ({
      kind: 'adjustment',
      description: 'transfer between members',
      effectiveDate: '2025-01-26',
      entries: [
        { account: 'member_savings', userId: from, amount: 10_000 },
        { account: 'member_savings', userId: to, amount: -10_000 },
      ],
    });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction(async (tx) => {
          await postLedgerTransaction(
            tx,
            i % 2 === 0 ? transfer(chidi, ngozi) : transfer(ngozi, chidi),
          );
          // Hold the locks a moment so the transactions really overlap.
          await tx.execute(sql`select pg_sleep(0.01)`);
        }),
      ),
    );

    const [after] = await db.select({ n: count() }).from(ledgerTransactions);
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(20);
    expect((await getMemberLedgerBalances(db, chidi))?.savings).toBe(5_000_000);
    expect((await getMemberLedgerBalances(db, ngozi))?.savings).toBe(5_000_000);
    expect(await findProjectionMismatches(db)).toEqual([]);
    expect(await findHoldMismatches(db)).toEqual([]);
  });
});
