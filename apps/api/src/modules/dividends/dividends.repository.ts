import { and, asc, count, desc, eq, inArray, sql, sum, type SQL } from 'drizzle-orm';
import type { DividendListQuery, DividendRowsQuery } from '@coop/shared/dividends';
import type { Executor } from '../../db/client.js';
import { dividends, users } from '../../db/schema/index.js';
import { shareHoldingsOn } from '../ledger/ledger.service.js';
import { listFilters, listPage, listValues } from '../../lib/list-query.js';

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

/**
 * A dividend not paid yet sorts by its issue date among the payment dates (docs/member-portal.md
 * §2).
 */
const paymentDate = sql`coalesce(${dividends.paidDate}, ${dividends.issuedDate})`;

/**
 * Dashboard seam (lib/dashboard-seam.ts): the member's newest dividends, dated by their payment
 * (else issue) day at noon in Lagos (dividends carry dates, not times).
 */
export function dividendActivitySql(userId: string, limit: number): SQL {
  const d = dividends;
  return sql`select 'dividend', ${d.id}, (${paymentDate} + time '11:00') at time zone 'UTC',
      ${d.amount}, ${d.status}, ${d.dividendPeriod}, null
    from ${d} where ${d.userId} = ${userId}
    order by ${paymentDate} desc, ${d.id} desc limit ${limit}`;
}

/** Total Dividends on the dashboard: what was credited to the member (a scalar subquery). */
export function dividendsPaidTotalSql(userId: string): SQL {
  return sql`select coalesce(sum(${dividends.amount}), 0) from ${dividends}
    where ${dividends.userId} = ${userId} and ${dividends.status} = 'paid'`;
}

const SORT_COLUMNS = {
  paymentDate,
  dividendYear: dividends.dividendYear,
} as const;

export function dividendsRepository(db: Executor) {
  return {
    page(userId: string, query: DividendListQuery) {
      return listPage(query, {
        db,
        statement: 'dividends_member',
        values: { userId, status: query.status },
        sortColumns: SORT_COLUMNS,
        tiebreakers: [dividends.dividendYear, dividends.id],
        select: (page, bound) =>
          db
            .select({ row: LIST_COLUMNS, totalItems: page.totalItems, session: page.session })
            .from(dividends)
            .where(
              and(
                eq(dividends.userId, bound.userId),
                listFilters.equals(dividends.status, bound.status),
              ),
            )
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
      });
    },

    async yearDeclared(year: number): Promise<boolean> {
      const [row] = await db
        .select({ id: dividends.id })
        .from(dividends)
        .where(and(eq(dividends.dividendYear, year), eq(dividends.dividendType, 'share_holding')))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Each member's share holding on `asOf` from the ledger, with their name, members holding
     * none left out, in membership ID order.
     */
    async shareHoldingsOn(
      asOf: string,
    ): Promise<Array<{ userId: string; shares: number; membershipId: string; name: string }>> {
      const holdings = shareHoldingsOn(db, asOf);
      const rows = await db
        .select({
          userId: users.id,
          shares: sql<number>`${holdings.shares}`.mapWith(Number),
          membershipId: users.membershipId,
          name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        })
        .from(holdings)
        .innerJoin(users, eq(users.id, holdings.userId))
        .where(sql`${holdings.shares} > 0`)
        .orderBy(asc(users.membershipId), asc(users.id));
      return rows;
    },

    /** Declarations queue here, so two at once cannot both find the year undeclared. */
    async lockDeclarations(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('coop.dividends'))`);
    },

    /** Every declared year, newest first (one row per year and type share_holding). */
    declarations(year?: number) {
      return db
        .select({
          dividendYear: dividends.dividendYear,
          dividendPeriod: sql<string>`min(${dividends.dividendPeriod})`,
          rateBps: sql<number>`max(${dividends.rateBps})`.mapWith(Number),
          issuedDate: sql<string>`min(${dividends.issuedDate})::text`,
          paidDate: sql<string | null>`max(${dividends.paidDate})::text`,
          members: count(),
          amount: sum(dividends.amount).mapWith(Number),
          paidAmount:
            sql<number>`coalesce(sum(${dividends.amount}) filter (where ${dividends.status} = 'paid'), 0)`.mapWith(
              Number,
            ),
          unpaid: sql<number>`count(*) filter (where ${dividends.status} <> 'paid')`.mapWith(
            Number,
          ),
        })
        .from(dividends)
        .where(
          and(
            eq(dividends.dividendType, 'share_holding'),
            year === undefined ? undefined : eq(dividends.dividendYear, year),
          ),
        )
        .groupBy(dividends.dividendYear)
        .orderBy(desc(dividends.dividendYear));
    },

    /** One page of a declared year's rows, with each member's name. */
    rowsPage(year: number, query: DividendRowsQuery) {
      const name = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
      const where = and(
        eq(dividends.dividendYear, year),
        eq(dividends.dividendType, 'share_holding'),
        listFilters.equals(dividends.status, query.status),
        listFilters.search(listValues.contains(query.search), [
          users.firstName,
          users.lastName,
          users.membershipId,
          name,
        ]),
      );
      return listPage(query, {
        sortColumns: { name, amount: dividends.amount },
        tiebreakers: [users.membershipId, dividends.id],
        fetch: (page) =>
          db
            .select({
              row: {
                id: dividends.id,
                userId: dividends.userId,
                membershipId: users.membershipId,
                name,
                shareHolding: dividends.shareHolding,
                amount: dividends.amount,
                status: dividends.status,
                paidDate: dividends.paidDate,
              },
              totalItems: page.totalItems,
            })
            .from(dividends)
            .innerJoin(users, eq(users.id, dividends.userId))
            .where(where)
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
      });
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
