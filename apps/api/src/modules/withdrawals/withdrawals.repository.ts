import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminWithdrawalListQuery, WithdrawalListQuery } from '@coop/shared/withdrawals';
import type { Executor } from '../../db/client.js';
import { users, withdrawals } from '../../db/schema/index.js';
import {
  jsonValues,
  listFilters,
  listPage,
  listPageJson,
  listValues,
} from '../../lib/list-query.js';
import { availableOfTypeSql } from '../ledger/ledger.service.js';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;

/** Dashboard seam (lib/dashboard-seam.ts): the member's newest requests, dated when made. */
export function withdrawalActivitySql(userId: string, limit: number): SQL {
  const w = withdrawals;
  return sql`select 'withdrawal', ${w.id}, ${w.requestDate}, ${w.requestedAmount}, ${w.status},
      ${w.withdrawalType}, null
    from ${w} where ${w.userId} = ${userId}
    order by ${w.requestDate} desc, ${w.id} desc limit ${limit}`;
}

const LIST_COLUMNS = {
  id: withdrawals.id,
  withdrawalType: withdrawals.withdrawalType,
  requestedAmount: withdrawals.requestedAmount,
  status: withdrawals.status,
  requestDate: withdrawals.requestDate,
  processedDate: withdrawals.processedDate,
  reason: withdrawals.reason,
  rejectionReason: withdrawals.rejectionReason,
};
export type WithdrawalListRow = Pick<WithdrawalRow, keyof typeof LIST_COLUMNS>;

/**
 * A request as the shared `withdrawalSchema` writes it (`toWithdrawal`), written by PostgreSQL for
 * the member's list (decision 165): the same keys in the same order.
 */
const withdrawalJson = jsonValues.object({
  _id: withdrawals.id,
  id: withdrawals.id,
  withdrawalType: withdrawals.withdrawalType,
  requestedAmount: jsonValues.naira(withdrawals.requestedAmount),
  status: withdrawals.status,
  requestDate: jsonValues.instant(withdrawals.requestDate),
  processedDate: jsonValues.instant(withdrawals.processedDate),
  reason: withdrawals.reason,
  rejectionReason: withdrawals.rejectionReason,
});

const SORT_COLUMNS = {
  requestDate: withdrawals.requestDate,
  requestedAmount: withdrawals.requestedAmount,
} as const;

/** A request as the back office lists it: with its member and what they hold of its type. */
const ADMIN_COLUMNS = {
  ...LIST_COLUMNS,
  userId: withdrawals.userId,
  memberFirstName: users.firstName,
  memberLastName: users.lastName,
  memberMembershipId: users.membershipId,
  // What the member has available for this request: the ledger's figure (balance less open
  // holds), with a pending request's own hold counted back in.
  memberBalance: sql<number>`${availableOfTypeSql(withdrawals.userId, withdrawals.withdrawalType)}
    + case when ${withdrawals.status} = 'pending' then ${withdrawals.requestedAmount} else 0 end`.mapWith(
    Number,
  ),
};

export function withdrawalsRepository(db: Executor) {
  return {
    page(userId: string, query: WithdrawalListQuery) {
      return listPageJson(query, {
        db,
        statement: 'withdrawals_member',
        values: { userId, status: query.status, type: query.requestType },
        sortColumns: SORT_COLUMNS,
        tiebreakers: [withdrawals.requestDate, withdrawals.id],
        select: (page, bound) =>
          db
            .select({ item: page.item(withdrawalJson), totalItems: page.totalItems })
            .from(withdrawals)
            .where(
              and(
                eq(withdrawals.userId, bound.userId),
                listFilters.equals(withdrawals.status, bound.status),
                listFilters.equals(withdrawals.withdrawalType, bound.type),
              ),
            )
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
      });
    },

    /** The back office's list: every member's requests, by status, type, member and date. */
    adminPage(query: AdminWithdrawalListQuery) {
      const where = and(
        listFilters.equals(withdrawals.status, query.status),
        listFilters.equals(withdrawals.withdrawalType, query.withdrawalType),
        listFilters.dayBetween(withdrawals.requestDate, query.startDate, query.endDate),
        listFilters.search(listValues.contains(query.search), [
          users.firstName,
          users.lastName,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
          users.membershipId,
        ]),
      );
      const from = () =>
        db
          .select({ row: ADMIN_COLUMNS, totalItems: sql<number>`count(*) over ()`.mapWith(Number) })
          .from(withdrawals)
          .innerJoin(users, eq(users.id, withdrawals.userId));
      return listPage(query, {
        sortColumns: SORT_COLUMNS,
        tiebreakers: [withdrawals.id],
        fetch: (page) =>
          from()
            .where(where)
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
      });
    },

    /** One request as the back office shows it. */
    async adminOne(id: string) {
      const [row] = await db
        .select(ADMIN_COLUMNS)
        .from(withdrawals)
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .where(eq(withdrawals.id, id));
      return row;
    },

    /** The member's pending requests (at most one per type). */
    pending(userId: string): Promise<WithdrawalRow[]> {
      return db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')));
    },

    async find(id: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
      return row;
    },

    async lock(id: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
      return row;
    },

    async insert(values: NewWithdrawal): Promise<WithdrawalRow> {
      const [row] = await db.insert(withdrawals).values(values).returning();
      if (!row) throw new Error('withdrawal insert returned no row');
      return row;
    },

    async update(id: string, values: Partial<NewWithdrawal>): Promise<WithdrawalRow> {
      const [row] = await db
        .update(withdrawals)
        .set(values)
        .where(eq(withdrawals.id, id))
        .returning();
      if (!row) throw new Error('withdrawal update returned no row');
      return row;
    },
  };
}

export type AdminWithdrawalRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof withdrawalsRepository>['adminOne']>>
>;
