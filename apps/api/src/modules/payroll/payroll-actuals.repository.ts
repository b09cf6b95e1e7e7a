/**
 * The payroll month's actuals in the database (docs/decisions/155-payroll-actuals.md): who is
 * already posted for a month, and each member's `payroll_deductions` row.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { COOPERATIVE_TIME_ZONE } from '@coop/shared/constants';
import type { Executor } from '../../db/client.js';
import { payrollDeductions } from '../../db/schema/index.js';
import { chunks } from '../../lib/chunks.js';

export type NewPayrollDeduction = typeof payrollDeductions.$inferInsert;

export function payrollActualsRepository(db: Executor) {
  return {
    /** Of these members, those with a deduction row for the month. */
    async postedIn(userIds: readonly string[], month: string): Promise<Set<string>> {
      const posted = new Set<string>();
      for (const slice of chunks(userIds)) {
        const rows = await db
          .select({ userId: payrollDeductions.userId })
          .from(payrollDeductions)
          .where(and(eq(payrollDeductions.month, month), inArray(payrollDeductions.userId, slice)));
        for (const row of rows) posted.add(row.userId);
      }
      return posted;
    },

    async insert(rows: readonly NewPayrollDeduction[]): Promise<void> {
      for (const slice of chunks(rows)) await db.insert(payrollDeductions).values(slice);
    },
  };
}

/**
 * Dashboard seam row source (lib/dashboard-seam.ts): the member's variances still to look at,
 * while the month's contribution is among `pendingContributions` (a subquery of the contributions
 * module), or, with no contribution (missing), for `withinDays` after posting. Columns: the kind,
 * the id, the deducted total, the month, the posting day, the expected total.
 */
export function variancePendingSql(
  userId: string,
  today: string,
  pendingContributions: SQL,
  withinDays: number,
): SQL {
  const d = payrollDeductions;
  return sql`select ${d.kind}, ${d.id}, ${d.deductedTotal}, ${d.month},
      to_char((${d.postedAt} at time zone ${COOPERATIVE_TIME_ZONE})::date, 'YYYY-MM-DD'), ${d.expectedTotal}::text
    from ${d}
    where ${d.userId} = ${userId} and ${d.kind} <> 'matched'
      and (${d.contributionId} in (${pendingContributions})
        or (${d.contributionId} is null
          and (${d.postedAt} at time zone ${COOPERATIVE_TIME_ZONE})::date + ${withinDays}::int >= ${today}::date))
    order by ${d.month} asc, ${d.id} asc`;
}
