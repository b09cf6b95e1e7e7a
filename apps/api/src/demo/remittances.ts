/**
 * The demo's remittances (docs/demo-cooperative.md "Remittances"): once the payroll months are
 * posted, the treasurer records what the employers paid over, so the reconciliation shows a month
 * remitted and one not yet remitted (docs/decisions/157-payroll-remittances.md). The newest month
 * of the last payroll group is left owing: the overview lists it, and Record remittance can be
 * tried on it. A month posted with no group (a member deducted with no instruction) stays too.
 */
import type { PayrollMonthReconciliation } from '@coop/shared/payroll-remittances';
import { addDays, addMonthsClamped } from '@coop/shared/dates';
import {
  listPayrollReconciliation,
  recordRemittance,
} from '../modules/payroll/remittances.service.js';
import type { SeededMembers } from './members.js';
import type { SeedContext } from './seed-context.js';

/** Every posted month and group (a demo has a few dozen at most). */
async function postedMonths(ctx: SeedContext, members: SeededMembers) {
  const treasurer = members.get('treasurer')?.actor;
  if (!treasurer) throw new Error('the demo needs its treasurer');
  const rows: PayrollMonthReconciliation[] = [];
  for (let page = 1; ; page++) {
    const answer = await listPayrollReconciliation(ctx.deps, treasurer, {
      page,
      limit: 100,
      sortBy: 'month',
      sortOrder: 'asc',
    });
    rows.push(...answer.items);
    if (!answer.pagination.hasNext) return { treasurer, rows };
  }
}

/** The day the employer's money arrived: five days after the month ended, or today if sooner. */
function receivedOn(month: string, today: string): string {
  const day = addDays(addMonthsClamped(`${month}-01`, 1), 4);
  return day < today ? day : today;
}

export interface SeededRemittances {
  remitted: number;
  owing: number;
}

export async function seedRemittances(
  ctx: SeedContext,
  members: SeededMembers,
): Promise<SeededRemittances> {
  const { treasurer, rows } = await postedMonths(ctx, members);
  const owing = rows.filter((row) => row.payrollGroup && row.outstanding > 0);
  const left = owing.at(-1);
  // With a single posted month and group there is nothing to show both states with: leave it.
  const toRemit = owing.length > 1 ? owing.filter((row) => row !== left) : [];
  for (const row of toRemit) {
    if (!row.payrollGroup) continue;
    const code = row.payrollGroup.code;
    await recordRemittance(ctx.deps, treasurer, {
      month: row.month,
      payrollGroupId: row.payrollGroup.id,
      amount: row.outstanding,
      receivedOn: receivedOn(row.month, ctx.today),
      reference: `${code}-${row.month.replace('-', '')}-TRF`,
    });
  }
  return { remitted: toRemit.length, owing: owing.length - toRemit.length };
}
