/**
 * Payroll groups, deduction instructions and members' change requests
 * (docs/decisions/150-payroll-cycle.md). The back office's lists of them, which search members by
 * name, are read models in modules/back-office; the member's posted months in modules/account.
 */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { IsoMonth } from '@coop/shared/dates';
import {
  deductionChangeRequests,
  deductionInstructions,
  payrollGroups,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import { chunks } from '../../lib/chunks.js';

export type PayrollGroupRow = typeof payrollGroups.$inferSelect;
export type InstructionRow = typeof deductionInstructions.$inferSelect;
export type ChangeRequestRow = typeof deductionChangeRequests.$inferSelect;

/** An instruction with its group's code and name, as every screen shows it. */
export interface InstructionWithGroup extends InstructionRow {
  groupCode: string;
  groupName: string;
}

const INSTRUCTION_WITH_GROUP = {
  id: deductionInstructions.id,
  userId: deductionInstructions.userId,
  payrollGroupId: deductionInstructions.payrollGroupId,
  staffNumber: deductionInstructions.staffNumber,
  savingsAmount: deductionInstructions.savingsAmount,
  shareAmount: deductionInstructions.shareAmount,
  effectiveMonth: deductionInstructions.effectiveMonth,
  source: deductionInstructions.source,
  changeRequestId: deductionInstructions.changeRequestId,
  createdBy: deductionInstructions.createdBy,
  createdAt: deductionInstructions.createdAt,
  groupCode: payrollGroups.code,
  groupName: payrollGroups.name,
};

/**
 * The instruction in effect in `month` for each member, one row per member who has one: the row
 * with the latest effective month on or before it, ties to the latest written (decision 150). One
 * `distinct on` statement over the (user, effective month, written) index; `userIds` narrows it to
 * some members (a thousand per statement), `payrollGroupId` to the members whose instruction in
 * effect names that group (a member who moved groups counts in the new one only).
 */
export async function instructionsInEffect(
  db: Executor,
  month: IsoMonth,
  options: { userIds?: readonly string[]; payrollGroupId?: string } = {},
): Promise<InstructionWithGroup[]> {
  const slices = options.userIds ? chunks(options.userIds) : [undefined];
  const rows: InstructionWithGroup[] = [];
  for (const slice of slices) {
    if (slice?.length === 0) continue;
    const latest = db
      .selectDistinctOn([deductionInstructions.userId], INSTRUCTION_WITH_GROUP)
      .from(deductionInstructions)
      .innerJoin(payrollGroups, eq(payrollGroups.id, deductionInstructions.payrollGroupId))
      .where(
        and(
          lte(deductionInstructions.effectiveMonth, month),
          slice ? inArray(deductionInstructions.userId, slice) : undefined,
        ),
      )
      .orderBy(
        deductionInstructions.userId,
        desc(deductionInstructions.effectiveMonth),
        desc(deductionInstructions.createdAt),
        desc(deductionInstructions.id),
      )
      .as('latest');
    const found = await db
      .select()
      .from(latest)
      .where(
        options.payrollGroupId ? eq(latest.payrollGroupId, options.payrollGroupId) : undefined,
      );
    rows.push(...found);
  }
  return rows;
}

export function deductionsRepository(db: Executor) {
  return {
    /* ------------------------------------------------------------ groups */

    /** Every group by code, with how many members' instruction for `month` names it. */
    async groups(month: IsoMonth) {
      const counts = db
        .select({
          payrollGroupId: sql<string>`payroll_group_id`.as('payroll_group_id'),
          members: sql<number>`count(*)::int`.as('members'),
        })
        .from(
          sql`(select distinct on (user_id) user_id, payroll_group_id from ${deductionInstructions}
               where effective_month <= ${month}
               order by user_id, effective_month desc, created_at desc, id desc) as latest`,
        )
        .groupBy(sql`payroll_group_id`)
        .as('counts');
      return db
        .select({ group: payrollGroups, members: sql<number>`coalesce(${counts.members}, 0)` })
        .from(payrollGroups)
        .leftJoin(counts, eq(counts.payrollGroupId, payrollGroups.id))
        .orderBy(asc(payrollGroups.code));
    },

    async group(id: string): Promise<PayrollGroupRow | undefined> {
      const [row] = await db.select().from(payrollGroups).where(eq(payrollGroups.id, id));
      return row;
    },

    async groupsByCode(codes: readonly string[]): Promise<Map<string, PayrollGroupRow>> {
      if (codes.length === 0) return new Map();
      const rows = await db
        .select()
        .from(payrollGroups)
        .where(inArray(payrollGroups.code, [...codes]));
      return new Map(rows.map((row) => [row.code, row]));
    },

    async insertGroup(values: { code: string; name: string; createdAt: Date }) {
      const [row] = await db.insert(payrollGroups).values(values).returning();
      if (!row) throw new Error('insert into payroll_groups returned no row');
      return row;
    },

    async lockGroup(id: string): Promise<PayrollGroupRow | undefined> {
      const [row] = await db
        .select()
        .from(payrollGroups)
        .where(eq(payrollGroups.id, id))
        .for('update');
      return row;
    },

    async renameGroup(id: string, name: string): Promise<PayrollGroupRow> {
      const [row] = await db
        .update(payrollGroups)
        .set({ name })
        .where(eq(payrollGroups.id, id))
        .returning();
      if (!row) throw new Error(`no payroll group ${id}`);
      return row;
    },

    /* ------------------------------------------------------------ instructions */

    /** Every instruction row of a member, the latest effective month (then written) first. */
    async history(userId: string): Promise<InstructionWithGroup[]> {
      return db
        .select(INSTRUCTION_WITH_GROUP)
        .from(deductionInstructions)
        .innerJoin(payrollGroups, eq(payrollGroups.id, deductionInstructions.payrollGroupId))
        .where(eq(deductionInstructions.userId, userId))
        .orderBy(
          desc(deductionInstructions.effectiveMonth),
          desc(deductionInstructions.createdAt),
          desc(deductionInstructions.id),
        );
    },

    /** When the member's latest instruction row was written (null: none yet). */
    async latestWrittenAt(userId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<Date | string | null>`max(${deductionInstructions.createdAt})` })
        .from(deductionInstructions)
        .where(eq(deductionInstructions.userId, userId));
      return row?.at ? new Date(row.at) : null;
    },

    async insertInstructions(values: (typeof deductionInstructions.$inferInsert)[]) {
      const written: InstructionRow[] = [];
      for (const slice of chunks(values)) {
        written.push(...(await db.insert(deductionInstructions).values(slice).returning()));
      }
      return written;
    },

    /* ------------------------------------------------------------ change requests */

    async insertRequest(values: typeof deductionChangeRequests.$inferInsert) {
      const [row] = await db.insert(deductionChangeRequests).values(values).returning();
      if (!row) throw new Error('insert into deduction_change_requests returned no row');
      return row;
    },

    async lockRequest(id: string): Promise<ChangeRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(deductionChangeRequests)
        .where(eq(deductionChangeRequests.id, id))
        .for('update');
      return row;
    },

    async request(id: string): Promise<ChangeRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(deductionChangeRequests)
        .where(eq(deductionChangeRequests.id, id));
      return row;
    },

    /** Members' requests waiting for an officer: the overview's queue of Deduction changes. */
    async countPending(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(deductionChangeRequests)
        .where(eq(deductionChangeRequests.status, 'pending'));
      return Number(row?.count ?? 0);
    },

    async openRequest(userId: string): Promise<ChangeRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(deductionChangeRequests)
        .where(
          and(
            eq(deductionChangeRequests.userId, userId),
            eq(deductionChangeRequests.status, 'pending'),
          ),
        );
      return row;
    },

    /** The member's latest requests, newest first. */
    async recentRequests(userId: string, limit: number) {
      return db
        .select()
        .from(deductionChangeRequests)
        .where(eq(deductionChangeRequests.userId, userId))
        .orderBy(desc(deductionChangeRequests.createdAt), desc(deductionChangeRequests.id))
        .limit(limit);
    },

    async updateRequest(id: string, values: Partial<typeof deductionChangeRequests.$inferInsert>) {
      const [row] = await db
        .update(deductionChangeRequests)
        .set(values)
        .where(eq(deductionChangeRequests.id, id))
        .returning();
      if (!row) throw new Error(`no change request ${id}`);
      return row;
    },
  };
}
