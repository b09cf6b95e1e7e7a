import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ContributionListQuery, DisputeListQuery } from '@coop/shared/contributions';
import { contributions, users } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import { chunks } from '../../lib/chunks.js';
import {
  jsonValues,
  listFilters,
  listPage,
  listPageJson,
  listValues,
} from '../../lib/list-query.js';
import { memberDataVersionSql } from '../../lib/member-read-cache.js';

export type ContributionRow = typeof contributions.$inferSelect;

/**
 * Dashboard seam (lib/dashboard-seam.ts): the member's newest contributions as activity rows,
 * dated the day the money was deducted at noon in Lagos (a deduction has a date, not a time).
 * Served by `contributions_user_date_idx`.
 */
export function contributionActivitySql(userId: string, limit: number): SQL {
  const c = contributions;
  return sql`select 'contribution', ${c.id}, (${c.contributionDate} + time '11:00') at time zone 'UTC',
      ${c.totalAmount}, ${c.status}, ${c.contributionMonth}, null
    from ${c} where ${c.userId} = ${userId}
    order by ${c.contributionDate} desc, ${c.id} desc limit ${limit}`;
}

/** Dashboard seam: the member's pending contributions, oldest deduction first. */
export function contributionPendingSql(userId: string): SQL {
  const c = contributions;
  return sql`select 'confirm', ${c.id}, ${c.totalAmount}, ${c.contributionMonth},
      to_char(${c.contributionDate}, 'YYYY-MM-DD'), null
    from ${c} where ${c.userId} = ${userId} and ${c.status} = 'pending'
    order by ${c.contributionDate} asc, ${c.id} asc`;
}
/** The member's pending contributions' ids, a subquery for another module's statement. */
export function pendingContributionIdsSql(userId: string): SQL {
  return sql`select ${contributions.id} from ${contributions}
    where ${contributions.userId} = ${userId} and ${contributions.status} = 'pending'`;
}
export type NewContribution = typeof contributions.$inferInsert;

/** What a contribution shows (docs/member-portal.md §3 Contribution): `toContribution`'s row. */
export type ContributionListRow = Pick<
  ContributionRow,
  | 'id'
  | 'contributionMonth'
  | 'contributionDate'
  | 'savingsAmount'
  | 'shareHoldingAmount'
  | 'totalAmount'
  | 'status'
  | 'disputeDate'
  | 'disputeResolvedBy'
>;

/**
 * A contribution as the shared `contributionSchema` writes it (`toContribution`), written by
 * PostgreSQL for the member's list (decision 165): the same keys in the same order, and only the
 * columns it shows (reading the other seven cost about a third of a list query's time).
 */
const contributionJson = jsonValues.object({
  id: contributions.id,
  _id: contributions.id,
  contributionMonth: contributions.contributionMonth,
  contributionDate: contributions.contributionDate,
  savingsAmount: jsonValues.naira(contributions.savingsAmount),
  shareHoldingAmount: jsonValues.naira(contributions.shareHoldingAmount),
  totalAmount: jsonValues.naira(contributions.totalAmount),
  status: contributions.status,
  disputeDate: jsonValues.instant(contributions.disputeDate),
  disputeResolvedBy: contributions.disputeResolvedBy,
});

const SORT_COLUMNS = {
  contributionDate: contributions.contributionDate,
  contributionMonth: contributions.contributionMonth,
  totalAmount: contributions.totalAmount,
} as const;

/** 'March 2025' and 'Mar 2025' for the month, as a member would type it. */
const monthAsWords = sql`to_char(to_date(${contributions.contributionMonth}, 'YYYY-MM'), 'FMMonth YYYY')`;
const monthAsShortWords = sql`to_char(to_date(${contributions.contributionMonth}, 'YYYY-MM'), 'Mon YYYY')`;

/**
 * What `search` matches on a contribution: the month as 'yyyy-MM', 'March 2025' or 'Mar 2025'
 * (`pattern`: `listValues.contains` of the term); and when the term reads as an amount ('25,000',
 * '₦25000', '2024'), also the whole-naira total, savings or shares (`amountPattern`:
 * `listValues.amountContains`).
 */
function matchesSearch(pattern: string | undefined, amountPattern: string | undefined) {
  const months = listFilters.search(pattern, [
    contributions.contributionMonth,
    monthAsWords,
    monthAsShortWords,
  ]);
  return or(
    months,
    listFilters.amountText(amountPattern, [
      contributions.totalAmount,
      contributions.savingsAmount,
      contributions.shareHoldingAmount,
    ]),
  );
}

/** A dispute in the back office's queue: the row and its member. */
const DISPUTE_COLUMNS = {
  id: contributions.id,
  userId: contributions.userId,
  contributionMonth: contributions.contributionMonth,
  savingsAmount: contributions.savingsAmount,
  shareHoldingAmount: contributions.shareHoldingAmount,
  totalAmount: contributions.totalAmount,
  status: contributions.status,
  disputeReason: contributions.disputeReason,
  disputeDate: contributions.disputeDate,
  disputeResolutionNote: contributions.disputeResolutionNote,
  resolvedAt: contributions.resolvedAt,
  memberFirstName: users.firstName,
  memberLastName: users.lastName,
  memberMembershipId: users.membershipId,
};
export type DisputeListRow = Pick<
  ContributionRow,
  | 'id'
  | 'userId'
  | 'contributionMonth'
  | 'savingsAmount'
  | 'shareHoldingAmount'
  | 'totalAmount'
  | 'status'
  | 'disputeReason'
  | 'disputeDate'
  | 'disputeResolutionNote'
  | 'resolvedAt'
> & { memberFirstName: string; memberLastName: string; memberMembershipId: string };

export function contributionsRepository(db: Executor) {
  return {
    /** Savings of confirmed (or resolved) contributions: what a loan limit counts. */
    async confirmedSavings(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${contributions.savingsAmount}), 0)` })
        .from(contributions)
        .where(
          and(
            eq(contributions.userId, userId),
            inArray(contributions.status, ['confirmed', 'resolved']),
          ),
        );
      return Number(row?.total ?? 0);
    },

    /** The members among `userIds` who already have a contribution for `month`. */
    async membersWithMonth(userIds: readonly string[], month: string) {
      const posted = new Set<string>();
      for (const chunk of chunks([...userIds])) {
        const rows = await db
          .select({ userId: contributions.userId })
          .from(contributions)
          .where(
            and(eq(contributions.contributionMonth, month), inArray(contributions.userId, chunk)),
          );
        for (const row of rows) posted.add(row.userId);
      }
      return posted;
    },

    /**
     * One page of a member's contributions as JSON (decision 165); the member's own rows only.
     * `kept`: the page kept at write time (decision 185), with the member's data version read in
     * the same statement.
     */
    page(userId: string, query: ContributionListQuery, kept = false) {
      return listPageJson(query, {
        db,
        statement: kept ? 'contributions_member_kept' : 'contributions_member',
        values: {
          userId,
          status: query.status,
          month: query.contributionMonth,
          startDate: query.startDate,
          endDate: query.endDate,
          minKobo: listValues.kobo(query.minAmount),
          maxKobo: listValues.kobo(query.maxAmount),
          search: listValues.contains(query.search),
          searchAmount: listValues.amountContains(query.search),
        },
        sortColumns: SORT_COLUMNS,
        tiebreakers: [contributions.contributionDate, contributions.id],
        select: (page, bound) =>
          db
            .select({ item: page.item(contributionJson), totalItems: page.totalItems })
            .from(contributions)
            .where(
              and(
                eq(contributions.userId, bound.userId),
                listFilters.equals(contributions.status, bound.status),
                listFilters.equals(contributions.contributionMonth, bound.month),
                listFilters.dateBetween(
                  contributions.contributionDate,
                  bound.startDate,
                  bound.endDate,
                ),
                listFilters.koboBetween(contributions.totalAmount, bound.minKobo, bound.maxKobo),
                matchesSearch(bound.search, bound.searchAmount),
              ),
            )
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
        also: (bound): { version?: SQL<string> } =>
          kept ? { version: memberDataVersionSql(bound.userId) } : {},
      });
    },

    /** The member's latest payroll deduction. */
    async latest(userId: string): Promise<ContributionRow | undefined> {
      const [row] = await db
        .select()
        .from(contributions)
        .where(eq(contributions.userId, userId))
        .orderBy(desc(contributions.contributionMonth))
        .limit(1);
      return row;
    },

    /** Locks one row whoever owns it (the administrator's decisions). */
    async lock(id: string): Promise<ContributionRow | undefined> {
      const [row] = await db
        .select()
        .from(contributions)
        .where(eq(contributions.id, id))
        .for('update');
      return row;
    },

    async findOwned(userId: string, id: string): Promise<ContributionRow | undefined> {
      const [row] = await db
        .select()
        .from(contributions)
        .where(and(eq(contributions.id, id), eq(contributions.userId, userId)));
      return row;
    },

    /** Locks the member's own rows among `ids`, in id order (so concurrent callers queue). */
    lockOwned(userId: string, ids: readonly string[]): Promise<ContributionRow[]> {
      return db
        .select()
        .from(contributions)
        .where(and(eq(contributions.userId, userId), inArray(contributions.id, [...ids])))
        .orderBy(asc(contributions.id))
        .for('update');
    },

    async update(
      ids: readonly string[],
      values: Partial<NewContribution>,
    ): Promise<ContributionRow[]> {
      return db
        .update(contributions)
        .set(values)
        .where(inArray(contributions.id, [...ids]))
        .returning();
    },

    /**
     * Inserts new rows, leaving any (member, month) that already has one alone; returns the rows
     * it inserted. Rows go in the order given, so callers sort them to avoid deadlocks.
     */
    async insertNew(rows: readonly NewContribution[]): Promise<ContributionRow[]> {
      const inserted: ContributionRow[] = [];
      for (const chunk of chunks(rows)) {
        inserted.push(
          ...(await db
            .insert(contributions)
            .values(chunk)
            .onConflictDoNothing({
              target: [contributions.userId, contributions.contributionMonth],
            })
            .returning()),
        );
      }
      return inserted;
    },

    async linkLedgerTransactions(links: ReadonlyMap<string, string>): Promise<void> {
      for (const chunk of chunks([...links])) {
        const values = chunk.map(
          ([id, transactionId]) => sql`(${id}::uuid, ${transactionId}::uuid)`,
        );
        await db.execute(sql`
          update contributions c
             set ledger_transaction_id = v.ledger_transaction_id
            from (values ${sql.join(values, sql`, `)}) as v(id, ledger_transaction_id)
           where c.id = v.id`);
      }
    },

    /** When each member joined, for the members given (a contribution cannot predate it). */
    async joiningDates(userIds: readonly string[]): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: users.id, joinedOn: users.joinedOn })
        .from(users)
        .where(inArray(users.id, [...userIds]));
      return new Map(rows.map((row) => [row.id, row.joinedOn]));
    },

    /** The back office's dispute queue: disputed (or resolved) rows with their member. */
    disputePage(query: DisputeListQuery) {
      const where = and(
        eq(contributions.status, query.status),
        listFilters.dayBetween(contributions.disputeDate, query.startDate, query.endDate),
        listFilters.search(listValues.contains(query.search), [
          users.firstName,
          users.lastName,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
          users.membershipId,
          contributions.contributionMonth,
        ]),
      );
      return listPage(query, {
        sortColumns: {
          disputeDate: contributions.disputeDate,
          contributionMonth: contributions.contributionMonth,
        },
        tiebreakers: [contributions.id],
        fetch: (page) =>
          db
            .select({
              row: DISPUTE_COLUMNS,
              totalItems: page.totalItems,
            })
            .from(contributions)
            .innerJoin(users, eq(users.id, contributions.userId))
            .where(where)
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
      });
    },

    async memberOf(userId: string) {
      const [row] = await db
        .select({
          memberFirstName: users.firstName,
          memberLastName: users.lastName,
          memberMembershipId: users.membershipId,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
  };
}
