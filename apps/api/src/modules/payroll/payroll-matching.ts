/**
 * What each member was expected to have deducted in a payroll month, for matching the actuals
 * (docs/decisions/150-payroll-cycle.md, 155-payroll-actuals.md): the latest schedule version of the
 * member's payroll group for the month, or, for a group with no schedule generated, the expected
 * deductions as a schedule would give them today (`expectedDeductions`). Set-based: a month of ten
 * thousand members is a few statements.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payrollGroups, payrollScheduleLines, payrollSchedules } from '../../db/schema/index.js';
import { chunks } from '../../lib/chunks.js';
import { memberNames } from '../members/members.service.js';
import { expectedDeductions } from './payroll-expected.js';
import { writeScheduleVersion } from './payroll-schedules.service.js';

export interface ExpectedMember {
  userId: string;
  membershipId: string;
  memberName: string;
  payrollGroupId: string;
  staffNumber: string;
  /** The schedule version the amounts come from; null when computed from the instruction. */
  scheduleId: string | null;
  savings: number;
  shares: number;
  instalment: number;
  /** The running loan the instalment is due on. */
  loanId: string | null;
  fines: number;
  total: number;
}

export interface PayrollGroupInfo {
  id: string;
  code: string;
  name: string;
  /** The latest schedule version for the month, when one was generated. */
  scheduleId: string | null;
}

export interface MonthExpectations {
  members: Map<string, ExpectedMember>;
  groups: Map<string, PayrollGroupInfo>;
}

/** The month's expectations: every group's latest schedule, else the live amounts. */
export async function expectedForMonth(db: Executor, month: string): Promise<MonthExpectations> {
  const groupRows = await db
    .select({ id: payrollGroups.id, code: payrollGroups.code, name: payrollGroups.name })
    .from(payrollGroups);
  const latest = await db
    .selectDistinctOn([payrollSchedules.payrollGroupId], {
      id: payrollSchedules.id,
      payrollGroupId: payrollSchedules.payrollGroupId,
    })
    .from(payrollSchedules)
    .where(eq(payrollSchedules.month, month))
    .orderBy(payrollSchedules.payrollGroupId, desc(payrollSchedules.version));
  const scheduleOf = new Map(latest.map((row) => [row.payrollGroupId, row.id]));
  const groups = new Map<string, PayrollGroupInfo>(
    groupRows.map((group) => [
      group.id,
      { ...group, scheduleId: scheduleOf.get(group.id) ?? null },
    ]),
  );
  const members = new Map<string, ExpectedMember>();

  if (latest.length > 0) {
    const lines = await db
      .select({
        scheduleId: payrollScheduleLines.scheduleId,
        userId: payrollScheduleLines.userId,
        staffNumber: payrollScheduleLines.staffNumber,
        savings: payrollScheduleLines.savingsAmount,
        shares: payrollScheduleLines.shareAmount,
        instalment: payrollScheduleLines.instalmentAmount,
        loanId: payrollScheduleLines.loanId,
        fines: payrollScheduleLines.fineAmount,
        total: payrollScheduleLines.totalAmount,
      })
      .from(payrollScheduleLines)
      .where(
        inArray(
          payrollScheduleLines.scheduleId,
          latest.map((row) => row.id),
        ),
      );
    const groupOfSchedule = new Map(latest.map((row) => [row.id, row.payrollGroupId]));
    const names = new Map<string, { name: string; membershipId: string }>();
    for (const slice of chunks(lines.map((line) => line.userId))) {
      for (const [id, name] of await memberNames(db, slice)) names.set(id, name);
    }
    for (const line of lines) {
      members.set(line.userId, {
        userId: line.userId,
        membershipId: names.get(line.userId)?.membershipId ?? '',
        memberName: names.get(line.userId)?.name ?? '',
        payrollGroupId: groupOfSchedule.get(line.scheduleId) ?? '',
        staffNumber: line.staffNumber,
        scheduleId: line.scheduleId,
        savings: line.savings,
        shares: line.shares,
        instalment: line.instalment,
        loanId: line.loanId,
        fines: line.fines,
        total: line.total,
      });
    }
  }

  // Groups with no schedule for the month: the amounts a schedule would give them today.
  if (latest.length < groupRows.length) {
    for (const row of await expectedDeductions(db, month)) {
      if (scheduleOf.has(row.payrollGroupId) || members.has(row.userId)) continue;
      members.set(row.userId, {
        userId: row.userId,
        membershipId: row.membershipId,
        memberName: row.memberName,
        payrollGroupId: row.payrollGroupId,
        staffNumber: row.staffNumber,
        scheduleId: null,
        savings: row.savings,
        shares: row.shares,
        instalment: row.instalment,
        loanId: row.loanId,
        fines: row.fines,
        total: row.total,
      });
    }
  }
  return { members, groups };
}

/**
 * Freezes the month's expectations for the groups posted (decision 150): the latest schedule
 * version of each gets `posted_at`; a group with none gets version 1 written by the schedules'
 * own writer from `expected`, frozen at once, so what a posting was matched against stays on
 * record.
 */
export async function freezeSchedules(
  db: Executor,
  month: string,
  groupIds: readonly string[],
  expected: MonthExpectations,
  actorId: string | null,
  now: Date,
): Promise<void> {
  for (const groupId of groupIds) {
    const group = expected.groups.get(groupId);
    if (!group) continue;
    if (group.scheduleId) {
      await db
        .update(payrollSchedules)
        .set({ postedAt: now })
        .where(and(eq(payrollSchedules.id, group.scheduleId), sql`posted_at is null`));
      continue;
    }
    const lines = [...expected.members.values()].filter(
      (member) => member.payrollGroupId === groupId,
    );
    const schedule = await writeScheduleVersion(db, {
      month,
      payrollGroupId: groupId,
      version: 1,
      lines,
      generatedBy: actorId,
      generatedAt: now,
      postedAt: now,
    });
    group.scheduleId = schedule.id;
    for (const line of lines) line.scheduleId = schedule.id;
  }
}
