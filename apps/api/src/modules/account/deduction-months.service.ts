/**
 * The member's posted payroll months (docs/business-rules.md "Payroll deductions"): what the
 * instruction expected beside what was deducted, and whether the member's group paid the month
 * over (its remitted sum against its deducted sum: a group pays one sum for all its members).
 */
import {
  remittanceState,
  type DeductionMonth,
  type DeductionMonthListQuery,
} from '@coop/shared/deductions';
import { koboToNaira } from '@coop/shared/money';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import type { ListPage } from '../../lib/list-query.js';
import { deductionMonthsRepository } from './deduction-months.repository.js';

/** GET /users/deductions/months: the member's own months only. */
export async function listMyDeductionMonths(
  deps: Deps,
  actor: MemberActor,
  query: DeductionMonthListQuery,
): Promise<ListPage<DeductionMonth>> {
  const page = await deductionMonthsRepository(deps.db).page(actor.user.id, query);
  return {
    items: page.items.map((row) => ({
      month: row.month,
      expectedAmount: koboToNaira(row.expected),
      deductedAmount: koboToNaira(row.deducted),
      difference: koboToNaira(row.deducted - row.expected),
      kind: row.kind,
      // A deduction no group claimed (unexpected, outside any instruction) has no remittance.
      remittance: row.hasGroup
        ? remittanceState(row.groupDeducted, row.groupRemitted)
        : 'not_remitted',
    })),
    pagination: page.pagination,
  };
}
