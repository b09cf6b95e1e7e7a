import { and, asc, desc, eq, inArray, lte, sql, sum } from 'drizzle-orm';
import type { DividendListQuery } from '@coop/shared/dividends';
import type { Executor } from '../../db/client.js';
import { dividends, ledgerEntries, ledgerTransactions } from '../../db/schema/index.js';
import { listFilters, listPage } from '../../lib/list-query.js';

export type DividendRow = typeof dividends.$inferSelect;
export type NewDividend = typeof dividends.$inferInsert;

const LIST_COLUMNS = {
  id: dividends.id,
  dividendPeriod: dividends.dividendPeriod,
  dividendType: dividends.dividendType,
  amount: dividends.amount,
  notes: dividends.notes,
  issuedDate: dividends.issuedDate,
  paidDate: dividends.paidDate,
  status: dividends.status,
  dividendYear: dividends.dividendYear,
};
export type DividendListRow = Pick<DividendRow, keyof typeof LIST_COLUMNS>;

/** A dividend not paid yet sorts by its issue date among the payment dates (spec §2). */
const paymentDate = sql`coalesce(${dividends.paidDate}, ${dividends.issuedDate})`;

const SORT_COLUMNS = {
  paymentDate,
  dividendYear: dividends.dividendYear,
} as const;

export function dividendsRepository(db: Executor) {
  return {
    page(userId: string, query: DividendListQuery) {
      const where = and(
        eq(dividends.userId, userId),
        listFilters.equals(dividends.status, query.status),
      );
      return listPage(query, {
        sortColumns: SORT_COLUMNS,
        tiebreakers: [dividends.dividendYear, dividends.id],
        fetch: (page) =>
          db
            .select({ row: LIST_COLUMNS, totalItems: page.totalItems })
            .from(dividends)
            .where(where)
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
        count: () => db.$count(dividends, where),
      });
    },

    newest(userId: string, limit: number) {
      return db
        .select(LIST_COLUMNS)
        .from(dividends)
        .where(eq(dividends.userId, userId))
        .orderBy(desc(paymentDate), desc(dividends.id))
        .limit(limit);
    },

    async paidTotal(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sum(dividends.amount).mapWith(Number) })
        .from(dividends)
        .where(and(eq(dividends.userId, userId), eq(dividends.status, 'paid')));
      return row?.total ?? 0;
    },

    async yearDeclared(year: number): Promise<boolean> {
      const [row] = await db
        .select({ id: dividends.id })
        .from(dividends)
        .where(and(eq(dividends.dividendYear, year), eq(dividends.dividendType, 'share_holding')))
        .limit(1);
      return row !== undefined;
    },

    /** Each member's share holding on `asOf` from the ledger, members holding none left out. */
    async shareHoldingsOn(asOf: string): Promise<Array<{ userId: string; shares: number }>> {
      const rows = await db
        .select({
          userId: ledgerEntries.userId,
          shares: sql<number>`-sum(${ledgerEntries.amount})`.mapWith(Number),
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(
          and(
            eq(ledgerEntries.account, 'member_shares'),
            lte(ledgerTransactions.effectiveDate, asOf),
          ),
        )
        .groupBy(ledgerEntries.userId)
        .orderBy(asc(ledgerEntries.userId));
      return rows
        .filter((row): row is { userId: string; shares: number } => row.userId !== null)
        .filter((row) => row.shares > 0);
    },

    insertMany(rows: readonly NewDividend[]): Promise<DividendRow[]> {
      if (rows.length === 0) return Promise.resolve([]);
      return db
        .insert(dividends)
        .values([...rows])
        .returning();
    },

    /** Locks a year's unpaid dividends, in id order. */
    lockUnpaid(year: number): Promise<DividendRow[]> {
      return db
        .select()
        .from(dividends)
        .where(
          and(
            eq(dividends.dividendYear, year),
            inArray(dividends.status, ['calculated', 'pending']),
          ),
        )
        .orderBy(asc(dividends.id))
        .for('update');
    },

    async markPaid(id: string, values: Partial<NewDividend>): Promise<void> {
      await db.update(dividends).set(values).where(eq(dividends.id, id));
    },
  };
}
