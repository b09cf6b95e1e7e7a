import { and, eq, sql, type SQL } from 'drizzle-orm';
import type {
  PayrollReconciliationQuery,
  RemittanceListQuery,
  RemittanceState,
} from '@coop/shared/payroll-remittances';
import { queryRows, type Executor } from '../../db/client.js';
import { payrollGroups, payrollRemittances } from '../../db/schema/index.js';
import { listFilters, listPage } from '../../lib/list-query.js';
import { koboFromSql } from '../ledger/ledger.service.js';

/*
 * The SQL of the remittances and the payroll reconciliation (docs/decisions/157-payroll-remittances.md).
 * A posted month of a group is its rows in payroll_deductions (read by their (month, group)
 * index); what it remitted is its rows in payroll_remittances (the same index).
 */

export type RemittanceRow = typeof payrollRemittances.$inferSelect & {
  groupCode: string;
  groupName: string;
};

/** One posted month of one group (kobo). */
export interface MonthGroupRow {
  month: string;
  groupId: string | null;
  groupCode: string | null;
  groupName: string | null;
  members: number;
  deducted: number;
  remitted: number;
  remittances: number;
  lastReceivedOn: string | null;
}

/** The state filter as SQL over the aggregate's columns (see `remittanceStateOf`). */
const STATE_SQL: Record<RemittanceState, SQL> = {
  remitted: sql`coalesce(rr.remitted, 0) >= dd.deducted`,
  partly_remitted: sql`coalesce(rr.remitted, 0) > 0 and coalesce(rr.remitted, 0) < dd.deducted`,
  not_remitted: sql`coalesce(rr.remitted, 0) = 0 and dd.deducted > 0`,
};

interface MonthGroupFilter {
  month?: string | undefined;
  group?: string | undefined;
  /** Only what is still owed (partly or not remitted). */
  outstanding?: boolean;
  state?: RemittanceState | undefined;
}

/**
 * Deducted and remitted per posted month and group. Deductions posted with no group form their
 * own row (group null), which no remittance matches.
 */
function monthGroupSql(filter: MonthGroupFilter, tail: SQL): SQL {
  const groupId = filter.group
    ? sql`(select id from payroll_groups where code = ${filter.group})`
    : undefined;
  const where = (column: string) =>
    sql.join(
      [
        sql`true`,
        ...(filter.month ? [sql`${sql.raw(`${column}.month`)} = ${filter.month}`] : []),
        ...(groupId ? [sql`${sql.raw(`${column}.payroll_group_id`)} = ${groupId}`] : []),
      ],
      sql` and `,
    );
  const conditions = [
    ...(filter.state ? [STATE_SQL[filter.state]] : []),
    ...(filter.outstanding ? [sql`coalesce(rr.remitted, 0) < dd.deducted`] : []),
  ];
  return sql`with dd as (
      select d.month, d.payroll_group_id as group_id, count(*)::int as members,
             sum(d.deducted_total) as deducted
        from payroll_deductions d where ${where('d')}
       group by d.month, d.payroll_group_id
    ), rr as (
      select r.month, r.payroll_group_id as group_id, sum(r.amount) as remitted,
             count(*)::int as remittances, max(r.received_on)::text as last_received_on
        from payroll_remittances r where ${where('r')}
       group by r.month, r.payroll_group_id
    )
    select dd.month, dd.group_id, g.code as group_code, g.name as group_name, dd.members,
           dd.deducted::text as deducted, coalesce(rr.remitted, 0)::text as remitted,
           coalesce(rr.remittances, 0) as remittances, rr.last_received_on,
           count(*) over ()::int as total_items
      from dd
      left join rr on rr.month = dd.month and rr.group_id = dd.group_id
      left join payroll_groups g on g.id = dd.group_id
     where ${conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`}
     ${tail}`;
}

interface RawMonthGroup {
  month: string;
  group_id: string | null;
  group_code: string | null;
  group_name: string | null;
  members: number;
  deducted: string;
  remitted: string;
  remittances: number;
  last_received_on: string | null;
  total_items: number;
}

const toMonthGroup = (row: RawMonthGroup): MonthGroupRow => ({
  month: row.month,
  groupId: row.group_id,
  groupCode: row.group_code,
  groupName: row.group_name,
  members: Number(row.members),
  deducted: koboFromSql(row.deducted),
  remitted: koboFromSql(row.remitted),
  remittances: Number(row.remittances),
  lastReceivedOn: row.last_received_on,
});

export function remittancesRepository(db: Executor) {
  const listSelect = () =>
    db
      .select({
        remittance: payrollRemittances,
        groupCode: payrollGroups.code,
        groupName: payrollGroups.name,
        totalItems: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(payrollRemittances)
      .innerJoin(payrollGroups, eq(payrollGroups.id, payrollRemittances.payrollGroupId));
  type Selected = Awaited<ReturnType<ReturnType<typeof listSelect>['execute']>>[number];
  const flatten = ({ remittance, totalItems: _t, ...rest }: Selected): RemittanceRow => ({
    ...remittance,
    ...rest,
  });

  return {
    group(id: string) {
      return db
        .select({ id: payrollGroups.id, code: payrollGroups.code, name: payrollGroups.name })
        .from(payrollGroups)
        .where(eq(payrollGroups.id, id))
        .then((rows) => rows[0]);
    },

    /** What one posted month of one group deducted and remitted (kobo); undefined if not posted. */
    async monthOfGroup(month: string, groupId: string) {
      const [row] = await queryRows<{ posted: boolean; deducted: string; remitted: string }>(
        db,
        sql`select exists (select 1 from payroll_deductions
                            where month = ${month} and payroll_group_id = ${groupId}) as posted,
                   (select coalesce(sum(deducted_total), 0) from payroll_deductions
                     where month = ${month} and payroll_group_id = ${groupId})::text as deducted,
                   (select coalesce(sum(amount), 0) from payroll_remittances
                     where month = ${month} and payroll_group_id = ${groupId})::text as remitted`,
      );
      if (!row?.posted) return undefined;
      return { deducted: koboFromSql(row.deducted), remitted: koboFromSql(row.remitted) };
    },

    /** Inserts the remittance; undefined when the group already used this bank reference. */
    async insert(values: typeof payrollRemittances.$inferInsert) {
      const [row] = await db
        .insert(payrollRemittances)
        .values(values)
        .onConflictDoNothing({
          target: [payrollRemittances.payrollGroupId, payrollRemittances.reference],
        })
        .returning();
      return row;
    },

    async setLedgerTransaction(id: string, ledgerTransactionId: string) {
      await db
        .update(payrollRemittances)
        .set({ ledgerTransactionId })
        .where(eq(payrollRemittances.id, id));
    },

    async one(id: string): Promise<RemittanceRow | undefined> {
      const [row] = await listSelect().where(eq(payrollRemittances.id, id));
      return row ? flatten(row) : undefined;
    },

    /** GET /admin/payroll/remittances: by month and group code, newest month first. */
    page(query: RemittanceListQuery) {
      const where = and(
        listFilters.equals(payrollRemittances.month, query.month),
        listFilters.equals(payrollGroups.code, query.group),
      );
      return listPage(query, {
        sortColumns: { month: payrollRemittances.month },
        tiebreakers: [payrollRemittances.receivedOn, payrollRemittances.id],
        fetch: async (request) =>
          (
            await listSelect()
              .where(where)
              .orderBy(...request.orderBy)
              .limit(request.limit)
              .offset(request.offset)
          ).map((row) => ({ row: flatten(row), totalItems: row.totalItems })),
      });
    },

    /** GET /admin/payroll/reconciliation: deducted, remitted per posted month and group. */
    reconciliationPage(query: PayrollReconciliationQuery) {
      return listPage(query, {
        sortColumns: { month: sql`dd.month` },
        tiebreakers: [sql`g.code`, sql`dd.group_id`],
        fetch: async (request) =>
          (
            await queryRows<RawMonthGroup>(
              db,
              monthGroupSql(
                query,
                // The month in the asked direction; its groups always by code, the one with
                // no group last.
                sql`order by ${request.orderBy[0] ?? sql`dd.month desc`},
                             g.code asc nulls last, dd.group_id asc
                    limit ${request.limit} offset ${request.offset}`,
              ),
            )
          ).map((row) => ({ row: toMonthGroup(row), totalItems: Number(row.total_items) })),
      });
    },

    /** The months and groups still owing, oldest first (the overview's list). */
    async outstanding(limit: number) {
      const rows = await queryRows<RawMonthGroup>(
        db,
        monthGroupSql(
          { outstanding: true },
          sql`order by dd.month asc, g.code asc nulls last limit ${limit}`,
        ),
      );
      return { rows: rows.map(toMonthGroup), count: Number(rows[0]?.total_items ?? 0) };
    },

    /** Everything deducted in posted months less everything remitted (kobo). */
    async totalOutstanding(): Promise<number> {
      const [row] = await queryRows<{ total: string }>(
        db,
        sql`select ((select coalesce(sum(deducted_total), 0) from payroll_deductions)
                  - (select coalesce(sum(amount), 0) from payroll_remittances))::text as total`,
      );
      return koboFromSql(row?.total);
    },
  };
}
