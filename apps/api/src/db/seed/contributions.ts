/**
 * Demo part 2: two years of payroll deductions, posted through the ledger by the contributions
 * service as the administrator would post them, then confirmed by each member except for the
 * latest months (still pending). Emeka has never signed in, so he has confirmed nothing.
 */
import { addMonthsClamped, type IsoMonth } from '@coop/shared/dates';
import { nairaToKobo } from '@coop/shared/money';
import {
  confirmContributions,
  recordContributions,
  type RecordContributionInput,
} from '../../modules/contributions/record-contribution.js';
import {
  DEMO_CONTRIBUTION_MONTHS,
  DEMO_PAYROLL_DAY,
  DEMO_PENDING_MONTHS,
  type ContributionPlan,
} from './demo-people.js';
import type { SeededMember, SeededMembers } from './members.js';
import type { SeedContext } from './seed-context.js';

export interface SeededContributions {
  recorded: number;
  confirmed: number;
}

function amountsFor(plan: ContributionPlan, monthsAgo: number) {
  const current = plan.raise && monthsAgo <= plan.raise.fromMonthsAgo ? plan.raise : plan;
  return {
    savingsKobo: nairaToKobo(current.savingsNaira),
    sharesKobo: nairaToKobo(current.sharesNaira),
  };
}

/** The deductions of one member: each of the last 24 months that began after the member joined. */
export function demoDeductions(
  ctx: Pick<SeedContext, 'today'>,
  member: Pick<SeededMember, 'id' | 'joinedOn'> & {
    person: { contributions: ContributionPlan | null };
  },
  actorId: string | null,
): (RecordContributionInput & { monthsAgo: number })[] {
  const plan = member.person.contributions;
  if (!plan) return [];
  const joinedMonth: IsoMonth = member.joinedOn.slice(0, 7);
  const deductions: (RecordContributionInput & { monthsAgo: number })[] = [];
  for (let monthsAgo = DEMO_CONTRIBUTION_MONTHS; monthsAgo >= 1; monthsAgo -= 1) {
    const month: IsoMonth = addMonthsClamped(ctx.today, -monthsAgo).slice(0, 7);
    if (month <= joinedMonth) continue;
    deductions.push({
      userId: member.id,
      month,
      contributionDate: `${month}-${DEMO_PAYROLL_DAY}`,
      ...amountsFor(plan, monthsAgo),
      actorId,
      monthsAgo,
    });
  }
  return deductions;
}

export async function seedContributions(
  ctx: SeedContext,
  members: SeededMembers,
): Promise<SeededContributions> {
  const adminId = members.get('admin')?.id ?? null;
  const all = [...members.values()].flatMap((member) =>
    demoDeductions(ctx, member, adminId).map((deduction) => ({ member, deduction })),
  );

  // The administrator posts each month's payroll for the whole cooperative at once, oldest first.
  const months = [...new Set(all.map(({ deduction }) => deduction.month))].sort();
  const toConfirm = new Map<string, string[]>();
  let recorded = 0;
  for (const month of months) {
    const payroll = all.filter(({ deduction }) => deduction.month === month);
    const rows = await recordContributions(
      ctx.db,
      ctx,
      payroll.map(({ deduction: { monthsAgo: _monthsAgo, ...input } }) => input),
    );
    recorded += rows.length;
    rows.forEach((row, i) => {
      const line = payroll[i];
      if (!line?.member.person.activated || line.deduction.monthsAgo <= DEMO_PENDING_MONTHS) return;
      toConfirm.set(row.userId, [...(toConfirm.get(row.userId) ?? []), row.id]);
    });
  }

  // Then each member who has signed in confirms everything but the latest months.
  let confirmed = 0;
  for (const [userId, ids] of toConfirm) {
    confirmed += (await confirmContributions(ctx.db, ctx, userId, ids)).length;
  }
  return { recorded, confirmed };
}
