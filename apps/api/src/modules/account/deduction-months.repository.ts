/**
 * The member's posted payroll months (a read model: the payroll post writes the deductions and
 * the officers the remittances; the member's page reads both).
 */
import { eq, sql } from 'drizzle-orm';
import type { DeductionMonthListQuery } from '@coop/shared/deductions';
import { payrollDeductions, payrollRemittances } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import { listPage } from '../../lib/list-query.js';

export function deductionMonthsRepository(db: Executor) {
  return {
    /**
     * GET /users/deductions/months: the member's posted months, newest first, each with its
     * group's deducted and remitted sums for the month, in one prepared statement (decision 143).
     */
    page(userId: string, query: DeductionMonthListQuery) {
      return listPage(query, {
        db,
        statement: 'deduction_months_member',
        values: { userId },
        sortColumns: { month: payrollDeductions.month },
        tiebreakers: [payrollDeductions.id],
        select: (page, bound) =>
          db
            .select({
              row: {
                month: payrollDeductions.month,
                expected: payrollDeductions.expectedTotal,
                deducted: payrollDeductions.deductedTotal,
                kind: payrollDeductions.kind,
                // Qualified by hand: Drizzle writes a one-table select's columns unqualified, and
                // inside these subqueries an unqualified name would be the subquery's own.
                groupDeducted:
                  sql<string>`(select coalesce(sum(d2.deducted_total), 0) from ${payrollDeductions} d2
                  where d2.month = payroll_deductions.month
                  and d2.payroll_group_id = payroll_deductions.payroll_group_id)`.mapWith(Number),
                groupRemitted:
                  sql<string>`(select coalesce(sum(r.amount), 0) from ${payrollRemittances} r
                  where r.month = payroll_deductions.month
                  and r.payroll_group_id = payroll_deductions.payroll_group_id)`.mapWith(Number),
                hasGroup: sql<boolean>`(payroll_deductions.payroll_group_id is not null)`,
              },
              totalItems: page.totalItems,
              session: page.session,
            })
            .from(payrollDeductions)
            .where(eq(payrollDeductions.userId, bound.userId))
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
      });
    },
  };
}
