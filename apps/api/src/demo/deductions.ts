/**
 * The demo's payroll deductions (docs/demo-cooperative.md "Payroll deductions"): two payroll
 * groups, every member's standing instruction as their contribution plan says (with the raise as
 * a second row from its month), and one member's change request waiting for an officer.
 */
import { addMonths } from '@coop/shared/deduction-rules';
import {
  createPayrollGroup,
  writeOpeningInstructions,
  type OpeningInstruction,
  rejectDeductionChange,
  requestDeductionChange,
} from '../modules/payroll/deductions.service.js';
import { demoAdmin, type SeededMembers } from './members.js';
import type { SeedContext } from './seed-context.js';

/** The demo's payroll offices: the ministry's headquarters and its teaching service. */
export const DEMO_PAYROLL_GROUPS = [
  { code: 'MOF-HQ', name: 'Ministry of Finance, Headquarters' },
  { code: 'TSC-LAG', name: 'Teaching Service Commission, Lagos' },
] as const;

/** The member whose change request waits in the officers' queue, and what they ask for. */
export const DEMO_OPEN_CHANGE = { key: 'chidi', savingsNaira: 25_000, sharesNaira: 4_000 };
/** The member whose request the treasurer turned down, and why (its notification is in the demo). */
export const DEMO_REJECTED_CHANGE = {
  key: 'bayo',
  savingsNaira: 80_000,
  sharesNaira: 10_000,
  reason: 'Your loan instalment and this deduction together exceed a third of your salary',
};

export interface SeededDeductions {
  groups: number;
  instructions: number;
}

export async function seedDeductions(
  ctx: SeedContext,
  members: SeededMembers,
): Promise<SeededDeductions> {
  const admin = demoAdmin(members);
  const groups = [];
  for (const group of DEMO_PAYROLL_GROUPS) {
    groups.push(await createPayrollGroup(ctx.deps, admin, group));
  }
  const thisMonth = ctx.today.slice(0, 7);
  const rows: OpeningInstruction[] = [];
  let index = 0;
  for (const { person, user, joinedOn } of members.values()) {
    const plan = person.contributions;
    // Officers deduct nothing in the demo's history, so they have no instruction either.
    if (!plan) continue;
    // Two members in three are at the headquarters, the third in the teaching service.
    const group = groups[index % 3 === 2 ? 1 : 0]!;
    const staffNumber = `${group.code === 'MOF-HQ' ? 'FMF' : 'TSC'}/${String(10_231 + index * 7)}`;
    index += 1;
    const base = { userId: user.id, payrollGroupId: group.id, staffNumber };
    rows.push({
      ...base,
      savingsKobo: plan.savingsNaira * 100,
      sharesKobo: plan.sharesNaira * 100,
      effectiveMonth: joinedOn.slice(0, 7),
    });
    if (plan.raise) {
      const raisedFrom = addMonths(thisMonth, -plan.raise.fromMonthsAgo);
      if (raisedFrom > joinedOn.slice(0, 7)) {
        rows.push({
          ...base,
          savingsKobo: plan.raise.savingsNaira * 100,
          sharesKobo: plan.raise.sharesNaira * 100,
          effectiveMonth: raisedFrom,
        });
      }
    }
  }
  await writeOpeningInstructions(ctx.deps.db, ctx.deps, rows);
  return { groups: groups.length, instructions: rows.length };
}

/**
 * Today's change requests, after the history (whose replay reads the older notifications): Bayo's
 * turned down by the treasurer, Chidi's waiting for an officer.
 */
export async function seedChangeRequests(ctx: SeedContext, members: SeededMembers): Promise<void> {
  const refused = members.get(DEMO_REJECTED_CHANGE.key);
  const treasurer = members.get('treasurer');
  if (!refused || !treasurer) throw new Error('the demo needs Bayo and the treasurer');
  const turnedDown = await requestDeductionChange(ctx.deps, refused.actor, {
    savingsAmount: DEMO_REJECTED_CHANGE.savingsNaira,
    shareAmount: DEMO_REJECTED_CHANGE.sharesNaira,
  });
  await rejectDeductionChange(ctx.deps, treasurer.actor, {
    id: turnedDown.id,
    reason: DEMO_REJECTED_CHANGE.reason,
  });

  const asking = members.get(DEMO_OPEN_CHANGE.key);
  if (!asking) throw new Error(`the demo needs ${DEMO_OPEN_CHANGE.key} for its change request`);
  await requestDeductionChange(ctx.deps, asking.actor, {
    savingsAmount: DEMO_OPEN_CHANGE.savingsNaira,
    shareAmount: DEMO_OPEN_CHANGE.sharesNaira,
  });
}
