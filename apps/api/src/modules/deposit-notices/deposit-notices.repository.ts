import { and, eq, sql, type SQL } from 'drizzle-orm';
import type {
  AdminDepositNoticeListQuery,
  DepositNoticeListQuery,
} from '@coop/shared/deposit-notices';
import type { Executor } from '../../db/client.js';
import { depositNotices, users } from '../../db/schema/index.js';
import { listFilters, listPage, listValues } from '../../lib/list-query.js';

export type DepositNoticeRow = typeof depositNotices.$inferSelect;

/**
 * Dashboard seam (lib/dashboard-seam.ts): the member's newest notices, dated the day of the
 * transfer at noon in Lagos, the date the ledger and Transaction History give a verified one
 * (decision 042).
 */
export function depositNoticeActivitySql(userId: string, limit: number): SQL {
  const d = depositNotices;
  return sql`select 'notice', ${d.id}, (${d.transferDate} + time '11:00') at time zone 'UTC',
      ${d.savingsAmount} + ${d.shareHoldingAmount}, ${d.status}, ${d.bankReference}, null
    from ${d} where ${d.userId} = ${userId}
    order by ${d.transferDate} desc, ${d.submittedAt} desc, ${d.id} desc limit ${limit}`;
}
export type NewDepositNotice = typeof depositNotices.$inferInsert;

const MEMBER_COLUMNS = {
  memberFirstName: users.firstName,
  memberLastName: users.lastName,
  memberMembershipId: users.membershipId,
};
export type AdminDepositNoticeRow = DepositNoticeRow & {
  memberFirstName: string;
  memberLastName: string;
  memberMembershipId: string;
};

export function depositNoticesRepository(db: Executor) {
  const adminSelect = () =>
    db
      .select({
        notice: depositNotices,
        member: MEMBER_COLUMNS,
        totalItems: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(depositNotices)
      .innerJoin(users, eq(users.id, depositNotices.userId));
  const flatten = (row: {
    notice: DepositNoticeRow;
    member: Omit<AdminDepositNoticeRow, keyof DepositNoticeRow>;
  }): AdminDepositNoticeRow => ({ ...row.notice, ...row.member });
  return {
    /** The back office's list: every member's notices, by status, member, reference and date. */
    async adminPage(query: AdminDepositNoticeListQuery) {
      const where = and(
        listFilters.equals(depositNotices.status, query.status),
        listFilters.dayBetween(depositNotices.submittedAt, query.startDate, query.endDate),
        listFilters.search(listValues.contains(query.search), [
          users.firstName,
          users.lastName,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
          users.membershipId,
          depositNotices.bankReference,
        ]),
      );
      const page = await listPage(query, {
        sortColumns: {
          submittedAt: depositNotices.submittedAt,
          transferDate: depositNotices.transferDate,
        },
        tiebreakers: [depositNotices.id],
        fetch: async (request) =>
          (
            await adminSelect()
              .where(where)
              .orderBy(...request.orderBy)
              .limit(request.limit)
              .offset(request.offset)
          ).map((row) => ({ row: flatten(row), totalItems: row.totalItems })),
      });
      return page;
    },

    async adminOne(id: string): Promise<AdminDepositNoticeRow | undefined> {
      const [row] = await adminSelect().where(eq(depositNotices.id, id));
      return row ? flatten(row) : undefined;
    },

    page(userId: string, query: DepositNoticeListQuery) {
      return listPage(query, {
        db,
        statement: 'deposit_notices_member',
        values: { userId, status: query.status },
        sortColumns: { submittedAt: depositNotices.submittedAt },
        tiebreakers: [depositNotices.id],
        select: (page, bound) =>
          db
            .select({ row: depositNotices, totalItems: page.totalItems, session: page.session })
            .from(depositNotices)
            .where(
              and(
                eq(depositNotices.userId, bound.userId),
                listFilters.equals(depositNotices.status, bound.status),
              ),
            )
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
      });
    },

    async findLive(userId: string, bankReference: string) {
      const [row] = await db
        .select({ id: depositNotices.id, status: depositNotices.status })
        .from(depositNotices)
        .where(
          and(eq(depositNotices.userId, userId), eq(depositNotices.bankReference, bankReference)),
        );
      return row?.status === 'rejected' ? undefined : row;
    },

    async insert(values: NewDepositNotice): Promise<DepositNoticeRow | undefined> {
      const [row] = await db
        .insert(depositNotices)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async lock(id: string): Promise<DepositNoticeRow | undefined> {
      const [row] = await db
        .select()
        .from(depositNotices)
        .where(eq(depositNotices.id, id))
        .for('update');
      return row;
    },

    async update(id: string, values: Partial<NewDepositNotice>): Promise<DepositNoticeRow> {
      const [row] = await db
        .update(depositNotices)
        .set(values)
        .where(eq(depositNotices.id, id))
        .returning();
      if (!row) throw new Error('deposit notice update returned no row');
      return row;
    },
  };
}
