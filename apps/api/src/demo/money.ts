/**
 * Demo part 4 (docs/decisions/040-dashboard-and-member-money.md): the members' money beyond the
 * payroll, through the same use cases the API and the back office call. Ada has a withdrawal in
 * every status; the year before last has a dividend declared and paid, while last year's is left
 * for the administrator to declare and pay from the back office
 * (docs/decisions/070-back-office.md); the meeting's absence fines exist in every status, Ada's
 * past due; Ada's dispute of a contribution was resolved and Chidi's is open; deposit notices are
 * verified, rejected and pending. The announcements of demo/notifications.ts talk about these
 * records.
 */
import {
  contributionListQuerySchema,
  type ContributionListResponse,
} from '@coop/shared/contributions';
import { addDays, addMonthsClamped, formatDisplayDate, parseIsoDate } from '@coop/shared/dates';
import type { Deps } from '../deps.js';
import {
  disputeContribution,
  listContributions,
  resolveContributionDispute,
} from '../modules/contributions/contributions.service.js';
import {
  rejectDepositNotice,
  submitDepositNotice,
  verifyDepositNotice,
} from '../modules/deposit-notices/deposit-notices.service.js';
import { declareDividend, payDividends } from '../modules/dividends/dividends.service.js';
import { issueFine, markFinePaid, waiveFine } from '../modules/fines/fines.service.js';
import {
  approveWithdrawal,
  rejectWithdrawal,
  requestWithdrawal,
  updateWithdrawal,
} from '../modules/withdrawals/withdrawals.service.js';
import { demoAdmin, type SeededMember, type SeededMembers } from './members.js';
import type { DemoEvent, SeedContext } from './seed-context.js';

/** 10:00 in Lagos, `days` before the demo's day. */
const daysAgo = (ctx: SeedContext, days: number) =>
  new Date(parseIsoDate(addDays(ctx.today, -days)).getTime() - 3 * 3_600_000);

/** When the general meeting of demo/notifications.ts sat: 50 days ago. */
export const agmDate = (ctx: SeedContext) => addDays(ctx.today, -50);

/** The fine every member got 5 days ago, due on this day (demo/notifications.ts reminds of it). */
export const lateFormFineDueDate = (ctx: SeedContext) => addDays(ctx.today, 25);

function member(members: SeededMembers, key: string): SeededMember {
  const found = members.get(key);
  if (!found) throw new Error(`demo member '${key}' is missing`);
  return found;
}

async function contributionOf(deps: Deps, who: SeededMember, month: string): Promise<string> {
  const page = await listContributions(
    deps,
    who.actor,
    contributionListQuerySchema.parse({ contributionMonth: month }),
  );
  const row = (JSON.parse(page) as ContributionListResponse).data[0];
  if (!row) throw new Error(`demo: no ${month} contribution for ${who.person.key}`);
  return row.id;
}

export function moneyEvents(ctx: SeedContext, members: SeededMembers): DemoEvent[] {
  const admin = demoAdmin(members);
  const ada = member(members, 'ada');
  const bayo = member(members, 'bayo');
  const chidi = member(members, 'chidi');
  const events: DemoEvent[] = [];
  const at = (days: number, run: DemoEvent['run']) => events.push({ at: daysAgo(ctx, days), run });
  const ids: Record<string, string> = {};

  // Withdrawals: Ada's in every status.
  at(75, async (deps) => {
    ids.school = (
      await requestWithdrawal(deps, ada.actor, {
        withdrawalType: 'savings',
        amount: 50_000,
        reason: 'School fees for the new term',
      })
    ).id;
  });
  // A savings request the administrator turns down (Ada's running loan rules out share
  // withdrawals altogether: the eligibility card explains it).
  at(41, async (deps) => {
    ids.car = (
      await requestWithdrawal(deps, ada.actor, {
        withdrawalType: 'savings',
        amount: 120_000,
        reason: 'Car repairs',
      })
    ).id;
  });
  at(42, async (deps) => {
    await approveWithdrawal(deps, admin, { id: ids.school ?? '' });
  });
  at(38, async (deps) => {
    await rejectWithdrawal(deps, admin, {
      id: ids.car ?? '',
      reason: 'Two savings withdrawals in one term: please apply again next month',
    });
  });
  at(30, async (deps) => {
    ids.cancelled = (
      await requestWithdrawal(deps, ada.actor, { withdrawalType: 'savings', amount: 15_000 })
    ).id;
  });
  at(28, async (deps) => {
    await updateWithdrawal(deps, ada.actor, { id: ids.cancelled ?? '', status: 'cancelled' });
  });
  at(3, async (deps) => {
    await requestWithdrawal(deps, ada.actor, {
      withdrawalType: 'savings',
      amount: 25_000,
      reason: 'Rent',
    });
  });

  // Dividends: the year before last declared and paid in March.
  const thisYear = Number(ctx.today.slice(0, 4));
  const olderYear = thisYear - 2;
  const declaredOn = `${olderYear + 1}-03-01`;
  events.push({
    at: new Date(`${declaredOn}T10:00:00+01:00`),
    run: async (deps) => {
      await declareDividend(deps, admin, {
        dividendYear: olderYear,
        rateBps: 800,
        issuedDate: declaredOn,
      });
    },
  });
  events.push({
    at: new Date(`${olderYear + 1}-03-15T10:00:00+01:00`),
    run: async (deps) => {
      await payDividends(deps, admin, {
        dividendYear: olderYear,
        paidDate: `${olderYear + 1}-03-15`,
      });
    },
  });
  // Last year's dividend: the administrator declares and pays it in the back office.

  // Fines: the meeting's absence fines in every status (Ada's past due), and this week's fine.
  const absence = `Absent without apology from the general meeting of ${formatDisplayDate(agmDate(ctx))}`;
  at(45, async (deps) => {
    for (const who of [ada, bayo, chidi]) {
      ids[`absence-${who.person.key}`] = (
        await issueFine(deps, admin, { userId: who.user.id, reason: absence, amount: 2_000 })
      ).id;
    }
  });
  at(30, async (deps) => {
    await waiveFine(deps, admin, {
      id: ids['absence-chidi'] ?? '',
      note: 'Apology received after the meeting',
    });
  });
  at(20, async (deps) => {
    await markFinePaid(deps, admin, { id: ids['absence-bayo'] ?? '', paidFrom: 'bank_transfer' });
  });
  at(5, async (deps) => {
    for (const who of [ada, bayo, chidi]) {
      await issueFine(deps, admin, {
        userId: who.user.id,
        reason: 'Late return of the annual members’ register form',
        amount: 500,
        dueDate: lateFormFineDueDate(ctx),
      });
    }
  });

  // Contribution disputes: Ada's resolved, Chidi's open (both on confirmed months).
  const month = (monthsAgo: number) => addMonthsClamped(ctx.today, -monthsAgo).slice(0, 7);
  at(40, async (deps) => {
    ids.adaDispute = await contributionOf(deps, ada, month(5));
    await disputeContribution(deps, ada.actor, {
      id: ids.adaDispute,
      reason: 'My payslip shows ₦5,000 more savings than was posted this month',
    });
  });
  at(25, async (deps) => {
    await resolveContributionDispute(deps, admin, {
      id: ids.adaDispute ?? '',
      note: 'The payslip line was a loan repayment, not savings; the posting is correct.',
      memberWasRight: false,
    });
  });
  at(12, async (deps) => {
    await disputeContribution(deps, chidi.actor, {
      id: await contributionOf(deps, chidi, month(4)),
      reason: 'No deduction appears on my payslip for this month',
    });
  });
  // Deposit notices: Ada's verified, Chidi's rejected, Bayo's waiting for the administrator.
  at(35, async (deps) => {
    ids.adaDeposit = (
      await submitDepositNotice(deps, ada.actor, {
        savingsAmount: 40_000,
        shareHoldingAmount: 10_000,
        transferDate: addDays(ctx.today, -36),
        bankReference: 'FBN-2207-88341',
        note: 'Part of my leave bonus',
      })
    ).id;
  });
  at(33, async (deps) => {
    await verifyDepositNotice(deps, admin, { id: ids.adaDeposit ?? '' });
  });
  at(15, async (deps) => {
    ids.chidiDeposit = (
      await submitDepositNotice(deps, chidi.actor, {
        savingsAmount: 20_000,
        shareHoldingAmount: 0,
        transferDate: addDays(ctx.today, -15),
        bankReference: 'GTB-0411-55102',
      })
    ).id;
  });
  at(13, async (deps) => {
    await rejectDepositNotice(deps, admin, {
      id: ids.chidiDeposit ?? '',
      reason: 'No transfer with this reference is on the bank statement; check the reference',
    });
  });
  at(2, async (deps) => {
    await submitDepositNotice(deps, bayo.actor, {
      savingsAmount: 15_000,
      shareHoldingAmount: 5_000,
      transferDate: addDays(ctx.today, -2),
      bankReference: 'UBA-1902-33017',
    });
  });
  return events;
}
