import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DepositNoticeListQuery } from '@coop/shared/deposit-notices';
import type { Executor } from '../../db/client.js';
import { depositNotices } from '../../db/schema/index.js';
import { listFilters, listPage } from '../../lib/list-query.js';

export type DepositNoticeRow = typeof depositNotices.$inferSelect;

/** Dashboard seam (lib/dashboard-seam.ts): the member's newest notices, dated when sent. */
export function depositNoticeActivitySql(userId: string, limit: number): SQL {
  const d = depositNotices;
  return sql`select 'notice', ${d.id}, ${d.submittedAt}, ${d.savingsAmount} + ${d.shareHoldingAmount},
      ${d.status}, ${d.bankReference}, null
    from ${d} where ${d.userId} = ${userId}
    order by ${d.submittedAt} desc, ${d.id} desc limit ${limit}`;
}
export type NewDepositNotice = typeof depositNotices.$inferInsert;

export function depositNoticesRepository(db: Executor) {
  return {
    page(userId: string, query: DepositNoticeListQuery) {
      const where = and(
        eq(depositNotices.userId, userId),
        listFilters.equals(depositNotices.status, query.status),
      );
      return listPage(query, {
        sortColumns: { submittedAt: depositNotices.submittedAt },
        tiebreakers: [depositNotices.id],
        fetch: (page) =>
          db
            .select({ row: depositNotices, totalItems: page.totalItems })
            .from(depositNotices)
            .where(where)
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
        count: () => db.$count(depositNotices, where),
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
