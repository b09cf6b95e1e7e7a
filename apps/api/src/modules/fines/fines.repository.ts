import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FineListQuery } from '@coop/shared/fines';
import type { Executor } from '../../db/client.js';
import { fines } from '../../db/schema/index.js';
import { listFilters, listPage } from '../../lib/list-query.js';

export type FineRow = typeof fines.$inferSelect;

/** Dashboard seam (lib/dashboard-seam.ts): the member's newest fines, dated when issued. */
export function fineActivitySql(userId: string, limit: number): SQL {
  const f = fines;
  return sql`select 'fine', ${f.id}, ${f.createdAt}, ${f.amount}, ${f.status}, ${f.reason}, null
    from ${f} where ${f.userId} = ${userId}
    order by ${f.createdAt} desc, ${f.id} desc limit ${limit}`;
}

/** Dashboard seam: the member's pending fines, soonest due first. */
export function finePendingSql(userId: string): SQL {
  const f = fines;
  return sql`select 'payment', ${f.id}, ${f.amount}, ${f.reason}, to_char(${f.dueDate}, 'YYYY-MM-DD'), null
    from ${f} where ${f.userId} = ${userId} and ${f.status} = 'pending'
    order by ${f.dueDate} asc, ${f.id} asc`;
}

/** Total Fines on the dashboard: the member's pending fines, in kobo (a scalar subquery). */
export function pendingFinesTotalSql(userId: string): SQL {
  return sql`select coalesce(sum(${fines.amount}), 0) from ${fines}
    where ${fines.userId} = ${userId} and ${fines.status} = 'pending'`;
}
export type NewFine = typeof fines.$inferInsert;

const LIST_COLUMNS = {
  id: fines.id,
  reason: fines.reason,
  amount: fines.amount,
  fineDate: fines.fineDate,
  dueDate: fines.dueDate,
  status: fines.status,
};
export type FineListRow = Pick<FineRow, keyof typeof LIST_COLUMNS>;

const SORT_COLUMNS = {
  fineDate: fines.fineDate,
  dueDate: fines.dueDate,
  amount: fines.amount,
} as const;

export function finesRepository(db: Executor) {
  return {
    /** One page of the member's own fines. */
    page(userId: string, query: FineListQuery) {
      const where = and(eq(fines.userId, userId), listFilters.equals(fines.status, query.status));
      return listPage(query, {
        sortColumns: SORT_COLUMNS,
        tiebreakers: [fines.createdAt, fines.id],
        fetch: (page) =>
          db
            .select({ row: LIST_COLUMNS, totalItems: page.totalItems })
            .from(fines)
            .where(where)
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
        count: () => db.$count(fines, where),
      });
    },

    async find(id: string): Promise<FineRow | undefined> {
      const [row] = await db.select().from(fines).where(eq(fines.id, id));
      return row;
    },

    async lock(id: string): Promise<FineRow | undefined> {
      const [row] = await db.select().from(fines).where(eq(fines.id, id)).for('update');
      return row;
    },

    async insert(values: NewFine): Promise<FineRow> {
      const [row] = await db.insert(fines).values(values).returning();
      if (!row) throw new Error('fine insert returned no row');
      return row;
    },

    async update(id: string, values: Partial<NewFine>): Promise<FineRow> {
      const [row] = await db.update(fines).set(values).where(eq(fines.id, id)).returning();
      if (!row) throw new Error('fine update returned no row');
      return row;
    },
  };
}
