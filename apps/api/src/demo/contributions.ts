/**
 * Demo part 2: two years of payroll deductions, each on its payroll day: the older months posted
 * through the contributions service, the latest two through the payroll import as the
 * administrator uploads them (with the newest month's variances, docs/demo-cooperative.md). Each member who has signed in confirmed
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
import { postPayroll, previewPayroll } from '../modules/payroll/payroll.service.js';
import type { Deps } from '../deps.js';
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

/** The newest payroll months go through the payroll import; older ones were posted directly. */
export const DEMO_IMPORTED_MONTHS = 2;

/**
 * The variances of the newest imported month (docs/demo-cooperative.md "Payroll deductions"):
 * Chidi's office deducted ₦5,000 less savings than asked (short), the first generated member on
 * the file ₦2,000 more (over), the second is not on the file at all (missing), and the secretary,
 * who has no instruction, was deducted ₦5,000 of savings and ₦1,000 of shares anyway
 * (unexpected).
 */
export const DEMO_VARIANCES = {
  shortKey: 'chidi',
  shortByNaira: 5_000,
  overByNaira: 2_000,
  unexpectedKey: 'secretary',
  unexpectedSavingsNaira: 5_000,
  unexpectedSharesNaira: 1_000,
} as const;

/** Members the demo's story reads elsewhere: never picked for the generated variances. */
const NAMED = new Set(['ada', 'bayo', 'chidi', 'ngozi', 'emeka']);

type PayrollLine = { member: SeededMember; monthsAgo: number; deduction: PayrollDeduction };

/** A payroll office's file in the import's savings-and-shares layout. */
function payrollFile(month: string, lines: readonly FileLine[]) {
  const naira = (kobo: number) => (kobo / 100).toFixed(2);
  const csv = [
    'membershipId,month,savings,shares',
    ...lines.map((l) => `${l.membershipId},${month},${naira(l.savings)},${naira(l.shares)}`),
  ].join('\n');
  return {
    fileName: `payroll-${month}.csv`,
    content: Buffer.from(`${csv}\n`, 'utf8').toString('base64'),
  };
}

interface FileLine {
  key: string;
  membershipId: string;
  savings: number;
  shares: number;
}

/**
 * One payroll month through the real import, as the administrator uploads the payroll office's
 * file on payroll day: previewed, then posted with `postPayroll` (what the posting job runs). A
 * member the preview does not read as matched (a loan instalment or a fine also expected that
 * month, a payroll repayment already recorded, a suspended account) and Ada, whose figures the
 * tours read, are posted directly first, as the older months were, so the import finds them
 * already posted and the demo's figures stay as they were.
 */
async function importMonth(
  deps: Deps,
  admin: SeededMember['actor'],
  members: SeededMembers,
  month: string,
  payroll: PayrollLine[],
  withVariances: boolean,
) {
  const lineOf = ({ member, deduction }: PayrollLine): FileLine => ({
    key: member.person.key,
    membershipId: member.user.membershipId,
    savings: deduction.savingsKobo,
    shares: deduction.sharesKobo,
  });
  const candidates = payroll.filter(({ member }) => member.person.key !== 'ada');
  const preview = await previewPayroll(deps, admin, payrollFile(month, candidates.map(lineOf)));
  const matched = new Set(
    preview.variances.flatMap((row) =>
      row.line !== null && row.kind === 'matched' ? [row.membershipId] : [],
    ),
  );
  const plain = (line: PayrollLine) =>
    line.member.person.key !== 'ada' && matched.has(line.member.user.membershipId);
  const direct = payroll.filter((line) => !plain(line));
  const imported = payroll.filter(plain);
  const rows =
    direct.length > 0
      ? await recordContributions(deps, admin, {
          deductions: direct.map(({ deduction }) => deduction),
        })
      : [];

  const lines = imported.map(lineOf);
  if (withVariances) {
    const short = lines.find((line) => line.key === DEMO_VARIANCES.shortKey);
    if (short) short.savings -= nairaToKobo(DEMO_VARIANCES.shortByNaira);
    const generated = lines.filter((line) => !NAMED.has(line.key));
    // Within the demo's range of savings (at most ₦50,000 a month).
    const over = generated.find(
      (line) => line.savings + nairaToKobo(DEMO_VARIANCES.overByNaira) <= nairaToKobo(50_000),
    );
    if (over) over.savings += nairaToKobo(DEMO_VARIANCES.overByNaira);
    const missing = generated.find((line) => line !== over);
    if (missing) lines.splice(lines.indexOf(missing), 1);
    // Officers deduct nothing in the demo, so they have no instruction: this one is unexpected.
    const stranger = members.get(DEMO_VARIANCES.unexpectedKey);
    if (stranger) {
      lines.push({
        key: stranger.person.key,
        membershipId: stranger.user.membershipId,
        savings: nairaToKobo(DEMO_VARIANCES.unexpectedSavingsNaira),
        shares: nairaToKobo(DEMO_VARIANCES.unexpectedSharesNaira),
      });
    }
  }
  await postPayroll(deps, admin, payrollFile(month, lines));
  return { direct: rows, imported: imported.length };
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
  const importedFrom = months.length - DEMO_IMPORTED_MONTHS;
  const postings: DemoEvent[] = months.map((month, index) => ({
    at: payrollInstant(month),
    run: async (deps) => {
      const payroll = all.filter(({ deduction }) => deduction.month === month);
      if (index >= importedFrom) {
        // Imported months are all still pending (never confirmed): nothing to queue.
        const result = await importMonth(
          deps,
          admin,
          members,
          month,
          payroll,
          index === months.length - 1,
        );
        counts.recorded += result.direct.length + result.imported;
        return;
      }
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
