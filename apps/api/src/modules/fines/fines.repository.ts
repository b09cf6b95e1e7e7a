import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AdminFineListQuery, FineListQuery } from '@coop/shared/fines';
import type { Executor } from '../../db/client.js';
import { fines, users } from '../../db/schema/index.js';
import { listFilters, listPage, listValues } from '../../lib/list-query.js';

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
/**
 * The payroll schedule's question (modules/payroll, payroll-expected.ts): per member, the pending
 * fines due on or before `dueBy`. Columns: user_id, amount.
 */
export function pendingFinesDueBySql(dueBy: string, userIds?: readonly string[]): SQL {
  return sql`select ${fines.userId} as user_id, sum(${fines.amount}) as amount from ${fines}
    where ${fines.status} = 'pending' and ${fines.dueDate} <= ${dueBy}
      ${userIds ? sql`and ${inArray(fines.userId, [...userIds])}` : sql``}
    group by ${fines.userId}`;
}

/** Pending fines due by `dueBy` of these members, oldest due first (the payroll pays them whole). */
export async function pendingFinesToPayRows(
  db: Executor,
  userIds: readonly string[],
  dueBy: string,
): Promise<Array<{ id: string; userId: string; amount: number }>> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: fines.id, userId: fines.userId, amount: fines.amount })
    .from(fines)
    .where(
      and(
        inArray(fines.userId, [...userIds]),
        eq(fines.status, 'pending'),
        sql`${fines.dueDate} <= ${dueBy}`,
      ),
    )
    .orderBy(asc(fines.dueDate), asc(fines.fineDate), asc(fines.id));
}

export type NewFine = typeof fines.$inferInsert;

const LIST_COLUMNS = {
  id: fines.id,
  reason: fines.reason,
  amount: fines.amount,
  fineDate: fines.fineDate,
  dueDate: fines.dueDate,
  status: fines.status,
  waiverNote: fines.waiverNote,
};
export type FineListRow = Pick<FineRow, keyof typeof LIST_COLUMNS>;

const SORT_COLUMNS = {
  fineDate: fines.fineDate,
  dueDate: fines.dueDate,
  amount: fines.amount,
} as const;

export type AdminFineRow = FineRow & {
  memberFirstName: string;
  memberLastName: string;
  memberMembershipId: string;
};

export function finesRepository(db: Executor) {
  const adminSelect = () =>
    db
      .select({
        fine: fines,
        member: {
          memberFirstName: users.firstName,
          memberLastName: users.lastName,
          memberMembershipId: users.membershipId,
        },
        totalItems: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(fines)
      .innerJoin(users, eq(users.id, fines.userId));
  const flatten = (row: {
    fine: FineRow;
    member: Omit<AdminFineRow, keyof FineRow>;
  }): AdminFineRow => ({ ...row.fine, ...row.member });
  return {
    /** The back office's list: every member's fines, by status, member, reason and fine date. */
    adminPage(query: AdminFineListQuery) {
      const where = and(
        listFilters.equals(fines.status, query.status),
        listFilters.dateBetween(fines.fineDate, query.startDate, query.endDate),
        listFilters.search(listValues.contains(query.search), [
          users.firstName,
          users.lastName,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
          users.membershipId,
          fines.reason,
        ]),
      );
      return listPage(query, {
        sortColumns: SORT_COLUMNS,
        tiebreakers: [fines.createdAt, fines.id],
        fetch: async (request) =>
          (
            await adminSelect()
              .where(where)
              .orderBy(...request.orderBy)
              .limit(request.limit)
              .offset(request.offset)
          ).map((row) => ({ row: flatten(row), totalItems: row.totalItems })),
      });
    },

    async adminMany(ids: readonly string[]): Promise<AdminFineRow[]> {
      if (ids.length === 0) return [];
      const rows = await adminSelect()
        .where(inArray(fines.id, [...ids]))
        .orderBy(asc(users.firstName), asc(users.lastName), asc(fines.id));
      return rows.map(flatten);
    },

    /** Which of these ids are members' accounts (the fine's FK would refuse the others). */
    async existingUsers(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return new Set(rows.map((row) => row.id));
    },

    /** The instalments a late-repayment fine was issued for: a subquery, for the loans module. */
    finedInstalments(): SQL {
      return sql`select ${fines.loanScheduleItemId} from ${fines} where ${fines.loanScheduleItemId} is not null`;
    },

    /** Inserts late-repayment fines; an instalment already fined is left alone (unique key). */
    insertIfNew(values: NewFine[]): Promise<FineRow[]> {
      if (values.length === 0) return Promise.resolve([]);
      return db
        .insert(fines)
        .values(values)
        .onConflictDoNothing({ target: fines.loanScheduleItemId })
        .returning();
    },

    /** One page of the member's own fines. */
    page(userId: string, query: FineListQuery) {
      return listPage(query, {
        db,
        statement: 'fines_member',
        values: { userId, status: query.status },
        sortColumns: SORT_COLUMNS,
        tiebreakers: [fines.createdAt, fines.id],
        select: (page, bound) =>
          db
            .select({ row: LIST_COLUMNS, totalItems: page.totalItems, session: page.session })
            .from(fines)
            .where(
              and(eq(fines.userId, bound.userId), listFilters.equals(fines.status, bound.status)),
            )
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
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
