/**
 * Demo part 2: two years of payroll deductions, posted through the contributions service as the
 * administrator posts them, each on its payroll day. Each member who has signed in confirmed
 * everything up to the last confirmed month three days after that payroll; the latest months are
 * still pending. Emeka has never signed in, so he has confirmed nothing.
 */
import { addDays, addMonthsClamped, type IsoMonth } from '@coop/shared/dates';
import { nairaToKobo } from '@coop/shared/money';
import {
  confirmContributions,
  recordContributions,
  type PayrollDeduction,
} from '../modules/contributions/contributions.service.js';
import {
  DEMO_CONTRIBUTION_MONTHS,
  DEMO_PAYROLL_DAY,
  DEMO_PENDING_MONTHS,
  type ContributionPlan,
} from './demo-people.js';
import { demoAdmin, type SeededMember, type SeededMembers } from './members.js';
import type { DemoEvent, SeedContext } from './seed-context.js';

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

/** The payroll day of a month, at 10:00 in Lagos: when the administrator posts it. */
export const payrollInstant = (month: IsoMonth) =>
  new Date(`${month}-${DEMO_PAYROLL_DAY}T10:00:00+01:00`);

/** The deductions of one member: each of the last 24 months that began after the member joined. */
export function demoDeductions(
  ctx: Pick<SeedContext, 'today'>,
  member: Pick<SeededMember, 'joinedOn'> & {
    user: { id: string };
    person: { contributions: ContributionPlan | null };
  },
): (PayrollDeduction & { monthsAgo: number })[] {
  const plan = member.person.contributions;
  if (!plan) return [];
  const joinedMonth: IsoMonth = member.joinedOn.slice(0, 7);
  const deductions: (PayrollDeduction & { monthsAgo: number })[] = [];
  for (let monthsAgo = DEMO_CONTRIBUTION_MONTHS; monthsAgo >= 1; monthsAgo -= 1) {
    const month: IsoMonth = addMonthsClamped(ctx.today, -monthsAgo).slice(0, 7);
    if (month <= joinedMonth) continue;
    deductions.push({
      userId: member.user.id,
      month,
      contributionDate: `${month}-${DEMO_PAYROLL_DAY}`,
      ...amountsFor(plan, monthsAgo),
      monthsAgo,
    });
  }
  return deductions;
}

/** The payroll postings and the members' confirmation round, as events of the demo's past. */
export function contributionEvents(
  ctx: SeedContext,
  members: SeededMembers,
  counts: SeededContributions,
): DemoEvent[] {
  const admin = demoAdmin(members);
  const all = [...members.values()].flatMap((member) =>
    demoDeductions(ctx, member).map(({ monthsAgo, ...deduction }) => ({
      member,
      monthsAgo,
      deduction,
    })),
  );
  const toConfirm = new Map<SeededMember, string[]>();

  const months = [...new Set(all.map(({ deduction }) => deduction.month))].sort();
  const postings: DemoEvent[] = months.map((month) => ({
    at: payrollInstant(month),
    run: async (deps) => {
      const payroll = all.filter(({ deduction }) => deduction.month === month);
      const rows = await recordContributions(deps, admin, {
        deductions: payroll.map(({ deduction }) => deduction),
      });
      counts.recorded += rows.length;
      rows.forEach((row, i) => {
        const line = payroll[i];
        if (!line?.member.person.activated || line.monthsAgo <= DEMO_PENDING_MONTHS) return;
        toConfirm.set(line.member, [...(toConfirm.get(line.member) ?? []), row.id]);
      });
    },
  }));

  const lastConfirmedMonth = addMonthsClamped(ctx.today, -(DEMO_PENDING_MONTHS + 1)).slice(0, 7);
  const confirmationRound: DemoEvent = {
    at: new Date(`${addDays(`${lastConfirmedMonth}-${DEMO_PAYROLL_DAY}`, 3)}T18:00:00+01:00`),
    run: async (deps) => {
      for (const [member, contributionIds] of toConfirm) {
        counts.confirmed += (
          await confirmContributions(deps, member.actor, { contributionIds })
        ).length;
      }
    },
  };
  return [...postings, confirmationRound];
}
