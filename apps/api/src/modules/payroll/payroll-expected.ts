/**
 * The expected deductions of a payroll month (docs/decisions/150-payroll-cycle.md; the rules in
 * docs/business-rules.md "The deduction schedule"): per member, what their payroll group is told
 * to deduct. The schedule out is written from it, and the payroll import compares what was
 * deducted with it.
 *
 * One statement, set-based, for every member at once: a 10,000-member month must not cost a
 * query per member. Per member:
 *
 * - savings and shares from the deduction instruction in effect for the month: the row with the
 *   latest `effective_month` ≤ the month, ties the latest written. A member with no instruction
 *   yet has no group to deduct them and is left out;
 * - the instalments of their running loans (disbursed, or defaulted and still being recovered, as
 *   the payroll import's repayment column treats them) due within the month and not yet paid in
 *   full, at what is left unpaid of each; earlier months' arrears are not asked for again;
 * - their pending fines due by the month's last day;
 *
 * and only members whose account can be deducted: not suspended, and joined by the month's cut-off
 * day (docs/decisions/154): one who joins after it is first expected the next month, as a change
 * made after it would be, so their joining month never reads as missing.
 * A member whose lines all come to zero is left out: there is nothing to deduct.
 */
import { inArray, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { lastJoinDayExpectedIn } from '@coop/shared/deduction-rules';
import { deductionInstructions, payrollGroups } from '../../db/schema/index.js';
import { pendingFinesDueBy } from '../fines/fines.service.js';
import { instalmentsDueBetween } from '../loans/loan-servicing.service.js';
import { deductibleMembers } from '../members/members.service.js';
import { currentPolicy } from '../policy/policy.service.js';

export interface ExpectedDeduction {
  userId: string;
  membershipId: string;
  memberName: string;
  payrollGroupId: string;
  payrollGroupCode: string;
  payrollGroupName: string;
  staffNumber: string;
  /** Amounts in kobo. */
  savings: number;
  shares: number;
  /** The unpaid part of the running loans' instalments due in the month. */
  instalment: number;
  /** The running loan those instalments belong to (the oldest, when there are two). */
  loanId: string | null;
  /** Pending fines due by the month's end. */
  fines: number;
  total: number;
}

/** The first and last calendar day of a 'yyyy-MM' month. */
export function monthBounds(month: string): { first: string; last: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(lastDay).padStart(2, '0')}` };
}

interface Row {
  user_id: string;
  membership_id: string;
  first_name: string;
  last_name: string;
  payroll_group_id: string;
  payroll_group_code: string;
  payroll_group_name: string;
  staff_number: string;
  savings: string | number;
  shares: string | number;
  instalment: string | number;
  loan_id: string | null;
  fines: string | number;
}

/**
 * Every member's expected deductions for `month` ('yyyy-MM'), optionally for one payroll group or
 * some members only, ordered by group code then membership ID (byte order, the same on both
 * databases). The loans, fines and members are
 * asked of their owners as subqueries of this one statement (docs/architecture.md "Table owners").
 */
export async function expectedDeductions(
  db: Executor,
  month: string,
  options: { payrollGroupId?: string; userIds?: readonly string[] } = {},
): Promise<ExpectedDeduction[]> {
  const { userIds, payrollGroupId } = options;
  if (userIds?.length === 0) return [];
  const { first, last } = monthBounds(month);
  const { changeCutOffDay } = (await currentPolicy(db)).payroll;
  const di = deductionInstructions;
  const rows = await queryRows<Row>(
    db,
    sql`with instruction as (
        select distinct on (${di.userId}) ${di.userId} as user_id,
            ${di.payrollGroupId} as payroll_group_id, ${di.staffNumber} as staff_number,
            ${di.savingsAmount} as savings, ${di.shareAmount} as shares
          from ${di}
          where ${di.effectiveMonth} <= ${month}
            ${userIds ? sql`and ${inArray(di.userId, [...userIds])}` : sql``}
          order by ${di.userId}, ${di.effectiveMonth} desc, ${di.createdAt} desc, ${di.id} desc
      ),
      member as (${deductibleMembers(lastJoinDayExpectedIn(month, changeCutOffDay))}),
      instalment as (${instalmentsDueBetween(first, last, userIds)}),
      fine as (${pendingFinesDueBy(last, userIds)}),
      expected as (
        select m.user_id, m.membership_id, m.first_name, m.last_name,
            g.id as payroll_group_id, g.code as payroll_group_code, g.name as payroll_group_name,
            i.staff_number, i.savings, i.shares,
            coalesce(l.amount, 0) as instalment, l.loan_id, coalesce(f.amount, 0) as fines
          from instruction i
          join member m on m.user_id = i.user_id
          join ${payrollGroups} g on g.id = i.payroll_group_id
          left join instalment l on l.user_id = i.user_id
          left join fine f on f.user_id = i.user_id
          ${payrollGroupId ? sql`where i.payroll_group_id = ${payrollGroupId}` : sql``}
      )
      select * from expected
        where savings + shares + instalment + fines > 0
        order by payroll_group_code collate "C", membership_id collate "C"`,
  );

  return rows.map((row) => {
    const savings = Number(row.savings);
    const shares = Number(row.shares);
    const instalment = Number(row.instalment);
    const fines = Number(row.fines);
    return {
      userId: row.user_id,
      membershipId: row.membership_id,
      memberName: `${row.first_name} ${row.last_name}`,
      payrollGroupId: row.payroll_group_id,
      payrollGroupCode: row.payroll_group_code,
      payrollGroupName: row.payroll_group_name,
      staffNumber: row.staff_number,
      savings,
      shares,
      instalment,
      loanId: instalment > 0 ? row.loan_id : null,
      fines,
      total: savings + shares + instalment + fines,
    };
  });
}
