/**
 * The deduction schedule's tables (payroll_schedules, payroll_schedule_lines) and the questions it
 * asks of payroll_deductions and payroll_groups. Members and loans are named through their owners'
 * subqueries (docs/architecture.md "Table owners").
 */
import { and, desc, eq, inArray, isNotNull, lt, max, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import {
  payrollDeductions,
  payrollGroups,
  payrollScheduleLines,
  payrollSchedules,
} from '../../db/schema/index.js';
import { chunks } from '../../lib/chunks.js';
import type { PageRequest, PageRow } from '../../lib/list-query.js';
import { loanNumbers } from '../loans/loan-servicing.service.js';
import { memberRefs } from '../members/members.service.js';

export type ScheduleRow = typeof payrollSchedules.$inferSelect;
export type NewScheduleLine = typeof payrollScheduleLines.$inferInsert;
export type GroupRow = typeof payrollGroups.$inferSelect;

/** A line with whom it is about, amounts in kobo (bigint columns may arrive as text). */
export interface LineRow {
  user_id: string;
  membership_id: string;
  first_name: string;
  last_name: string;
  staff_number: string;
  savings_amount: string | number;
  share_amount: string | number;
  instalment_amount: string | number;
  loan_number: string | null;
  fine_amount: string | number;
  total_amount: string | number;
}

/** One member in either of two schedules, with both sides' lines (null where absent). */
export interface ComparedRow {
  user_id: string;
  membership_id: string;
  first_name: string;
  last_name: string;
  in_current: boolean;
  in_baseline: boolean;
  staff_number: string | null;
  was_staff_number: string | null;
  savings: string | number | null;
  was_savings: string | number | null;
  shares: string | number | null;
  was_shares: string | number | null;
  instalment: string | number | null;
  was_instalment: string | number | null;
  fines: string | number | null;
  was_fines: string | number | null;
}

/** The sort fields of a schedule's lines, as the columns of the lines statement. */
export const LINE_SORT_COLUMNS = {
  membershipId: sql`m.membership_id collate "C"`,
  memberName: sql`m.first_name || ' ' || m.last_name`,
  staffNumber: sql`l.staff_number collate "C"`,
  total: sql`l.total_amount`,
};

const LINES_SELECT = sql`select l.user_id, m.membership_id, m.first_name, m.last_name, l.staff_number,
      l.savings_amount, l.share_amount, l.instalment_amount, n.loan_number, l.fine_amount,
      l.total_amount`;

export function payrollSchedulesRepository(db: Executor) {
  return {
    groups(ids?: readonly string[]): Promise<GroupRow[]> {
      return db
        .select()
        .from(payrollGroups)
        .where(ids ? inArray(payrollGroups.id, [...ids]) : undefined)
        .orderBy(sql`${payrollGroups.code} collate "C"`);
    },

    /**
     * The groups whose `month` is posted: a version frozen by posting, or deductions recorded for
     * the group in the month.
     */
    async postedGroupIds(month: string): Promise<Set<string>> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select ${payrollSchedules.payrollGroupId} as id from ${payrollSchedules}
            where ${payrollSchedules.month} = ${month} and ${payrollSchedules.postedAt} is not null
          union
          select ${payrollDeductions.payrollGroupId} from ${payrollDeductions}
            where ${payrollDeductions.month} = ${month} and ${payrollDeductions.payrollGroupId} is not null`,
      );
      return new Set(rows.map((row) => row.id));
    },

    /** Each group's latest version number of `month`. */
    async latestVersions(month: string): Promise<Map<string, number>> {
      const rows = await db
        .select({
          groupId: payrollSchedules.payrollGroupId,
          version: max(payrollSchedules.version),
        })
        .from(payrollSchedules)
        .where(eq(payrollSchedules.month, month))
        .groupBy(payrollSchedules.payrollGroupId);
      return new Map(rows.map((row) => [row.groupId, row.version ?? 0]));
    },

    async insertSchedule(values: typeof payrollSchedules.$inferInsert): Promise<ScheduleRow> {
      const [row] = await db.insert(payrollSchedules).values(values).returning();
      if (!row) throw new Error('schedule insert returned no row');
      return row;
    },

    async insertLines(lines: readonly NewScheduleLine[]): Promise<void> {
      for (const chunk of chunks(lines)) await db.insert(payrollScheduleLines).values(chunk);
    },

    /** The latest version of each group's schedule of `month`. */
    latestOfMonth(month: string): Promise<ScheduleRow[]> {
      return db
        .selectDistinctOn([payrollSchedules.payrollGroupId])
        .from(payrollSchedules)
        .where(eq(payrollSchedules.month, month))
        .orderBy(payrollSchedules.payrollGroupId, desc(payrollSchedules.version));
    },

    async byId(id: string): Promise<ScheduleRow | undefined> {
      const [row] = await db.select().from(payrollSchedules).where(eq(payrollSchedules.id, id));
      return row;
    },

    /**
     * What a version is compared with: the month's previous version, else the group's latest
     * version frozen by posting of an earlier month.
     */
    async baselineOf(schedule: ScheduleRow): Promise<ScheduleRow | undefined> {
      const s = payrollSchedules;
      const [previous] = await db
        .select()
        .from(s)
        .where(
          and(
            eq(s.month, schedule.month),
            eq(s.payrollGroupId, schedule.payrollGroupId),
            lt(s.version, schedule.version),
          ),
        )
        .orderBy(desc(s.version))
        .limit(1);
      if (previous) return previous;
      const [posted] = await db
        .select()
        .from(s)
        .where(
          and(
            eq(s.payrollGroupId, schedule.payrollGroupId),
            lt(s.month, schedule.month),
            isNotNull(s.postedAt),
          ),
        )
        .orderBy(desc(s.month), desc(s.version))
        .limit(1);
      return posted;
    },

    /**
     * The members whose lines differ between `currentId` and `baselineId` (or who are in one
     * only), by membership ID.
     */
    compare(currentId: string, baselineId: string): Promise<ComparedRow[]> {
      const l = payrollScheduleLines;
      const side = (id: string) =>
        sql`(select ${l.userId} as user_id, ${l.staffNumber} as staff_number,
            ${l.savingsAmount} as savings, ${l.shareAmount} as shares,
            ${l.instalmentAmount} as instalment, ${l.fineAmount} as fines
          from ${l} where ${l.scheduleId} = ${id})`;
      return queryRows<ComparedRow>(
        db,
        sql`select m.user_id, m.membership_id, m.first_name, m.last_name,
            c.user_id is not null as in_current, b.user_id is not null as in_baseline,
            c.staff_number, b.staff_number as was_staff_number, c.savings, b.savings as was_savings,
            c.shares, b.shares as was_shares, c.instalment, b.instalment as was_instalment,
            c.fines, b.fines as was_fines
          from ${side(currentId)} c
          full join ${side(baselineId)} b on b.user_id = c.user_id
          join (${memberRefs()}) m on m.user_id = coalesce(c.user_id, b.user_id)
          where c.user_id is null or b.user_id is null or c.staff_number <> b.staff_number
            or c.savings <> b.savings or c.shares <> b.shares
            or c.instalment <> b.instalment or c.fines <> b.fines
          order by m.membership_id collate "C"`,
      );
    },

    /** The names of these members (officers who generated a schedule), by id. */
    async namesOf(userIds: readonly string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await queryRows<{ user_id: string; first_name: string; last_name: string }>(
        db,
        sql`select m.user_id, m.first_name, m.last_name from (${memberRefs()}) m
          where m.user_id in (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
      );
      return new Map(rows.map((row) => [row.user_id, `${row.first_name} ${row.last_name}`]));
    },

    /** A page of a schedule's lines, searched by name, membership ID or staff number. */
    async linesPage(
      scheduleId: string,
      search: string | undefined,
      page: PageRequest,
    ): Promise<PageRow<LineRow>[]> {
      const rows = await queryRows<LineRow & { total_items: string | number }>(
        db,
        sql`${LINES_SELECT}, ${page.totalItems} as total_items
          ${linesFrom(scheduleId, search)}
          order by ${sql.join(page.orderBy, sql`, `)}
          limit ${page.limit} offset ${page.offset}`,
      );
      return rows.map(({ total_items, ...row }) => ({ row, totalItems: Number(total_items) }));
    },

    /** Every line of a schedule, by membership ID (the downloads). */
    allLines(scheduleId: string): Promise<LineRow[]> {
      return queryRows<LineRow>(
        db,
        sql`${LINES_SELECT} ${linesFrom(scheduleId, undefined)}
          order by m.membership_id collate "C"`,
      );
    },
  };
}

function linesFrom(scheduleId: string, search: string | undefined): SQL {
  const l = payrollScheduleLines;
  const pattern = search === undefined ? undefined : `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  return sql`from ${l} l
    join (${memberRefs()}) m on m.user_id = l.user_id
    left join (${loanNumbers()}) n on n.loan_id = l.loan_id
    where l.schedule_id = ${scheduleId}
    ${
      pattern === undefined
        ? sql``
        : sql`and (m.membership_id ilike ${pattern} or l.staff_number ilike ${pattern}
            or m.first_name || ' ' || m.last_name ilike ${pattern})`
    }`;
}
