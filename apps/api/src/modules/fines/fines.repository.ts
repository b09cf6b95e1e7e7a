import { and, asc, desc, eq, sum } from 'drizzle-orm';
import type { FineListQuery } from '@coop/shared/fines';
import type { Executor } from '../../db/client.js';
import { fines } from '../../db/schema/index.js';
import { listFilters, listPage } from '../../lib/list-query.js';

export type FineRow = typeof fines.$inferSelect;
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

    newest(userId: string, limit: number) {
      return db
        .select({
          id: fines.id,
          reason: fines.reason,
          amount: fines.amount,
          status: fines.status,
          createdAt: fines.createdAt,
        })
        .from(fines)
        .where(eq(fines.userId, userId))
        .orderBy(desc(fines.createdAt), desc(fines.id))
        .limit(limit);
    },

    pending(userId: string) {
      return db
        .select(LIST_COLUMNS)
        .from(fines)
        .where(and(eq(fines.userId, userId), eq(fines.status, 'pending')))
        .orderBy(asc(fines.dueDate), asc(fines.id));
    },

    async pendingTotal(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sum(fines.amount).mapWith(Number) })
        .from(fines)
        .where(and(eq(fines.userId, userId), eq(fines.status, 'pending')));
      return row?.total ?? 0;
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
