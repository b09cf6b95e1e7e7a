import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  contributions,
  depositNotices,
  dividends,
  ledgerEntries,
  loanGuarantors,
  loans,
  withdrawals,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { actorFor, systemActor, type MemberActor } from '../../lib/actor.js';
import { DomainError } from '../../lib/domain-error.js';
import { findHoldMismatches, findProjectionMismatches } from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveMember } from '../../test/auth-helpers.js';
import { loanMember, loanThrough, type LoanTestMember } from '../../test/loan-members.js';
import {
  confirmContributions,
  recordContributions,
  disputeContribution,
  resolveContributionDispute,
} from '../contributions/contributions.service.js';
import {
  rejectDepositNotice,
  submitDepositNotice,
  verifyDepositNotice,
} from '../deposit-notices/deposit-notices.service.js';
import { declareDividend, payDividends } from '../dividends/dividends.service.js';
import { issueFine, markFinePaid, waiveFine } from '../fines/fines.service.js';
import { acceptGuarantorRequest } from '../loans/guarantees.service.js';
import { certifyLoan } from '../loans/loans.service.js';
import {
  disburseLoan,
  markLoanDefaulted,
  recordRepayment,
} from '../loans/loan-servicing.service.js';
import { postPayroll } from '../payroll/payroll.service.js';
import {
  approveWithdrawal,
  rejectWithdrawal,
  requestWithdrawal,
  updateWithdrawal,
} from '../withdrawals/withdrawals.service.js';

/**
 * The back office (docs/decisions/070-back-office.md): whatever the administrators do, in whatever
 * order, the members' balance projection equals the ledger, every frozen amount equals its member's
 * open holds and no hold outlives its cause (the `check-ledger` comparisons), and the trial balance
 * is zero, after every step (guarantees accepted, and so held; withdrawals approved, rejected,
 * cancelled or left pending; loans rejected with their holds released, repaid or in default). Each
 * generated run calls the real use cases (not HTTP) inside one transaction that is rolled back at
 * its end, so every run starts from the same cooperative: members with confirmed savings, two
 * approved loans waiting to be disbursed, a loan waiting for its guarantors and one under review.
 * Refusals (a withdrawal above the balance, paying a paid dividend…) are part of the sequences: a
 * refused action must leave both invariants as they were.
 */

// 10:00 in Lagos on 10 March 2026: 2024 and 2025 are closed years.
const NOW = '2026-03-10T09:00:00Z';
const MONTHS = ['2025-10', '2025-11', '2026-01', '2026-02'] as const;
const MEMBERS = 4;

type Command =
  | { type: 'payroll'; month: number; lines: { member: number; savings: number; shares: number }[] }
  | { type: 'confirm'; member: number }
  | { type: 'dispute'; member: number; pick: number }
  | { type: 'resolve'; pick: number; right: boolean; savings: number; shares: number }
  | {
      type: 'withdraw';
      member: number;
      amount: number;
      then: 'approve' | 'reject' | 'cancel' | 'leave';
    }
  | { type: 'deposit'; member: number; savings: number; shares: number; verify: boolean }
  | { type: 'fine'; member: number; amount: number; then: 'waive' | 'savings' | 'bank' | 'none' }
  | { type: 'declare'; year: number; rateBps: number }
  | { type: 'payDividend'; year: number }
  | { type: 'disburse'; loan: number }
  | { type: 'repay'; loan: number; amount: number }
  | { type: 'default'; loan: number }
  | { type: 'accept'; loan: number; guarantor: number }
  | { type: 'rejectLoan'; loan: number; reviewer: number };

const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const naira = fc.integer({ min: 0, max: 60_000 });
const pick = fc.nat({ max: 20 });

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    type: fc.constant('payroll' as const),
    month: fc.nat({ max: MONTHS.length - 1 }),
    lines: fc.uniqueArray(fc.record({ member, savings: naira, shares: naira }), {
      minLength: 1,
      maxLength: MEMBERS,
      selector: (line) => line.member,
    }),
  }),
  fc.record({ type: fc.constant('confirm' as const), member }),
  fc.record({ type: fc.constant('dispute' as const), member, pick }),
  fc.record({
    type: fc.constant('resolve' as const),
    pick,
    right: fc.boolean(),
    savings: naira,
    shares: naira,
  }),
  fc.record({
    type: fc.constant('withdraw' as const),
    member,
    amount: fc.integer({ min: 1_000, max: 900_000 }),
    // 'leave': the request stays pending, its hold open across the steps that follow.
    then: fc.constantFrom(
      'approve' as const,
      'reject' as const,
      'cancel' as const,
      'leave' as const,
    ),
  }),
  fc.record({
    type: fc.constant('deposit' as const),
    member,
    savings: naira,
    shares: naira,
    verify: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('fine' as const),
    member,
    amount: fc.integer({ min: 100, max: 50_000 }),
    then: fc.constantFrom('waive' as const, 'savings' as const, 'bank' as const, 'none' as const),
  }),
  // Weighted so that a run often declares a year and later pays it.
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('declare' as const),
      year: fc.constantFrom(2024, 2025),
      rateBps: fc.integer({ min: 1, max: 3_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('payDividend' as const),
      year: fc.constantFrom(2023, 2024, 2025),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('disburse' as const), loan: fc.nat({ max: 1 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('repay' as const),
      loan: fc.nat({ max: 1 }),
      amount: fc.integer({ min: 1, max: 250_000_00 }),
    }),
  },
  fc.record({ type: fc.constant('default' as const), loan: fc.nat({ max: 1 }) }),
  // A guarantor of a waiting loan accepts (the ledger holds the guarantee); both accepted, the
  // loan goes under review, where a reviewer may reject it (its holds released).
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('accept' as const),
      loan: fc.nat({ max: 1 }),
      guarantor: fc.nat({ max: 1 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('rejectLoan' as const),
      // Mostly a waiting loan; now and then an approved one (refused: not under review).
      loan: fc.nat({ max: 2 }),
      reviewer: fc.nat({ max: 1 }),
    }),
  },
);

class RollBack extends Error {}

describe('any sequence of admin actions keeps projection == ledger (property)', () => {
  let t: TestApp;
  let admin: MemberActor;
  let people: LoanTestMember[];
  let approvedLoans: string[];
  let waitingLoans: string[];
  let reviewers: LoanTestMember[];

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const chair = await createActiveMember(t, {
      email: 'chair@property.test',
      roles: ['president'],
      joinedOn: '2020-01-01',
    });
    admin = actorFor({
      id: chair.id,
      email: chair.email,
      phoneNumber: null,
      membershipId: chair.membershipId,
      firstName: chair.firstName,
      lastName: chair.lastName,
      roles: ['president'],
      isActive: true,
      isLoanReviewer: false,
      isExco: false,
    });
    people = [];
    for (const name of ['Ada Obi', 'Bayo Ade', 'Chidi Eze', 'Dayo Bello']) {
      people.push(
        await loanMember(t, name, { savingsNaira: 600_000, months: ['2025-01', '2025-02'] }),
      );
    }
    // Share holdings at the end of 2024 and 2025, so both years have a dividend to declare.
    await recordContributions(t.deps, systemActor, {
      deductions: people.flatMap((person, index) =>
        ['2024-12', '2025-12'].map((month) => ({
          userId: person.user.id,
          month,
          contributionDate: `${month}-20`,
          savingsKobo: 0,
          sharesKobo: (index + 1) * 10_000_33,
        })),
      ),
    });
    reviewers = [
      await loanMember(t, 'Rita Review', { isLoanReviewer: true }),
      await loanMember(t, 'Sola Review', { isLoanReviewer: true }),
    ];
    const [ada, bayo, chidi, dayo] = people as [
      LoanTestMember,
      LoanTestMember,
      LoanTestMember,
      LoanTestMember,
    ];
    approvedLoans = [
      await loanThrough(
        t,
        { borrower: ada, guarantors: [chidi, dayo], reviewers },
        { amountNaira: 200_000 },
        'approved',
      ),
      await loanThrough(
        t,
        { borrower: bayo, guarantors: [chidi, dayo], reviewers },
        { amountNaira: 150_000, term: 12, deductProcessingFee: false },
        'approved',
      ),
    ];
    // Guaranteed by Ada and Bayo, who borrow too: their holds meet their withdrawals. The first
    // waits for both guarantors; the second has both, held, and is under review.
    waitingLoans = [
      await loanThrough(
        t,
        { borrower: chidi, guarantors: [ada, bayo], reviewers },
        { amountNaira: 180_000 },
        'pending',
      ),
      await loanThrough(
        t,
        { borrower: dayo, guarantors: [ada, bayo], reviewers },
        { amountNaira: 120_000, term: 12 },
        'under_review',
      ),
    ];
  }, 120_000);
  afterAll(() => t.close());

  const personAt = (index: number) => people[index % people.length] as LoanTestMember;

  async function nth<T>(rows: Promise<T[]>, index: number): Promise<T | undefined> {
    const list = await rows;
    return list.length === 0 ? undefined : list[index % list.length];
  }

  async function run(deps: Deps, tx: Executor, step: Command): Promise<void> {
    switch (step.type) {
      case 'payroll': {
        const month = MONTHS[step.month] as string;
        const lines = step.lines
          .filter((line) => line.savings + line.shares > 0)
          .map(
            (line) =>
              `${personAt(line.member).user.membershipId},${month},${line.savings},${line.shares}`,
          );
        if (lines.length === 0) return;
        const text = `membershipId,month,savings,shares\r\n${lines.join('\r\n')}\r\n`;
        await postPayroll(deps, admin, {
          fileName: `${month}.csv`,
          content: Buffer.from(text, 'utf8').toString('base64'),
        });
        return;
      }
      case 'confirm': {
        const who = personAt(step.member);
        const pending = await tx
          .select({ id: contributions.id })
          .from(contributions)
          .where(and(eq(contributions.userId, who.user.id), eq(contributions.status, 'pending')));
        if (pending.length === 0) return;
        await confirmContributions(deps, who.actor, {
          contributionIds: pending.map((row) => row.id),
        });
        return;
      }
      case 'dispute': {
        const who = personAt(step.member);
        const row = await nth(
          tx
            .select({ id: contributions.id })
            .from(contributions)
            .where(
              and(eq(contributions.userId, who.user.id), eq(contributions.status, 'confirmed')),
            )
            .orderBy(asc(contributions.id)),
          step.pick,
        );
        if (!row) return;
        await disputeContribution(deps, who.actor, {
          id: row.id,
          reason: 'The deduction on my payslip was different',
        });
        return;
      }
      case 'resolve': {
        const row = await nth(
          tx
            .select({ id: contributions.id })
            .from(contributions)
            .where(eq(contributions.status, 'disputed'))
            .orderBy(asc(contributions.id)),
          step.pick,
        );
        if (!row) return;
        await resolveContributionDispute(deps, admin, {
          id: row.id,
          note: 'Checked against the payroll office figures',
          memberWasRight: step.right,
          ...(step.right ? { correctedSavings: step.savings, correctedShares: step.shares } : {}),
        });
        return;
      }
      case 'withdraw': {
        const who = personAt(step.member);
        const request = await requestWithdrawal(deps, who.actor, {
          withdrawalType: 'savings',
          amount: step.amount,
          reason: 'School fees',
        });
        const id = request._id;
        if (step.then === 'approve') await approveWithdrawal(deps, admin, { id });
        if (step.then === 'reject') {
          await rejectWithdrawal(deps, admin, { id, reason: 'Please apply next month' });
        }
        if (step.then === 'cancel') {
          await updateWithdrawal(deps, who.actor, { id, status: 'cancelled' });
        }
        return;
      }
      case 'deposit': {
        if (step.savings + step.shares === 0) return;
        const who = personAt(step.member);
        const notice = await submitDepositNotice(deps, who.actor, {
          savingsAmount: step.savings,
          shareHoldingAmount: step.shares,
          transferDate: '2026-03-09',
          bankReference: `REF${Math.random().toString(36).slice(2, 10)}`,
        });
        if (step.verify) await verifyDepositNotice(deps, admin, { id: notice.id });
        else
          await rejectDepositNotice(deps, admin, { id: notice.id, reason: 'Not on the statement' });
        return;
      }
      case 'fine': {
        const fine = await issueFine(deps, admin, {
          userId: personAt(step.member).user.id,
          reason: 'Late to the general meeting',
          amount: step.amount,
        });
        if (step.then === 'waive') {
          await waiveFine(deps, admin, { id: fine.id, note: 'Apology accepted' });
        } else if (step.then !== 'none') {
          await markFinePaid(deps, admin, {
            id: fine.id,
            paidFrom: step.then === 'savings' ? 'savings' : 'bank_transfer',
          });
        }
        return;
      }
      case 'declare':
        await declareDividend(deps, admin, { dividendYear: step.year, rateBps: step.rateBps });
        return;
      case 'payDividend': {
        // Mostly a declared year (declared earlier in the run), else one never declared (404).
        const declared = await tx
          .selectDistinct({ year: dividends.dividendYear })
          .from(dividends)
          .orderBy(asc(dividends.dividendYear));
        const year = declared[step.year % (declared.length + 1)]?.year ?? step.year;
        await payDividends(deps, admin, { dividendYear: year, paidDate: '2026-03-10' });
        return;
      }
      case 'disburse':
        await disburseLoan(deps, admin, {
          loanId: approvedLoans[step.loan] as string,
          method: 'bank_transfer',
        });
        return;
      case 'repay':
        await recordRepayment(deps, admin, {
          loanId: approvedLoans[step.loan] as string,
          amountKobo: step.amount,
          paymentMethod: 'bank_transfer',
        });
        return;
      case 'default':
        await markLoanDefaulted(deps, admin, {
          loanId: approvedLoans[step.loan] as string,
          reason: 'No repayment for three months',
        });
        return;
      case 'accept': {
        const who = personAt(step.guarantor);
        const [slot] = await tx
          .select({ id: loanGuarantors.id, token: loanGuarantors.acceptanceToken })
          .from(loanGuarantors)
          .where(
            and(
              eq(loanGuarantors.loanId, waitingLoans[step.loan] as string),
              eq(loanGuarantors.guarantorUserId, who.user.id),
              eq(loanGuarantors.status, 'pending'),
            ),
          );
        if (!slot) return;
        await acceptGuarantorRequest(deps, who.actor, { id: slot.id, token: slot.token });
        return;
      }
      case 'rejectLoan': {
        const loanId = [...waitingLoans, approvedLoans[0]][step.loan] as string;
        await certifyLoan(deps, (reviewers[step.reviewer] as LoanTestMember).actor, {
          id: loanId,
          decision: 'reject',
          note: 'The purpose does not meet the policy',
        });
        return;
      }
    }
  }

  /** The trial balance: every entry of the ledger, debits and credits, sums to zero. */
  async function trialBalance(tx: Executor): Promise<{ total: number; unbalanced: number }> {
    const [total] = await tx
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(Number) })
      .from(ledgerEntries);
    const unbalanced = await tx
      .select({ id: ledgerEntries.transactionId })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.transactionId)
      .having(sql`sum(${ledgerEntries.amount}) <> 0`);
    return { total: total?.total ?? 0, unbalanced: unbalanced.length };
  }

  it('holds after every step of any sequence', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (steps) => {
        try {
          await t.db.transaction(async (tx) => {
            const deps: Deps = { ...t.deps, db: tx };
            for (const step of steps) {
              try {
                await run(deps, tx, step);
                seen.add(step.type);
              } catch (error) {
                // A refusal is a rule doing its job; anything else is a bug.
                if (!(error instanceof DomainError)) throw error;
                seen.add(`${step.type} refused`);
              }
              expect(await findProjectionMismatches(tx), JSON.stringify(step)).toEqual([]);
              expect(await findHoldMismatches(tx), JSON.stringify(step)).toEqual([]);
              expect(await trialBalance(tx), JSON.stringify(step)).toEqual({
                total: 0,
                unbalanced: 0,
              });
            }
            throw new RollBack();
          });
        } catch (error) {
          if (!(error instanceof RollBack)) throw error;
        }
      }),
      { numRuns: 40, seed: 9_073 },
    );
    // The sequences really exercised the money-moving actions, not only their refusals.
    for (const type of [
      'payroll',
      'withdraw',
      'deposit',
      'fine',
      'declare',
      'payDividend',
      'disburse',
      'repay',
      'default',
      'accept',
      'rejectLoan',
    ]) {
      expect([...seen].sort(), type).toContain(type);
    }
    // Each run rolled back: the cooperative is as the setup left it.
    const [disbursed] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(loans)
      .where(eq(loans.status, 'disbursed'));
    expect(disbursed?.n).toBe(0);
    expect(await t.db.select().from(withdrawals)).toEqual([]);
    expect(await t.db.select().from(depositNotices)).toEqual([]);
  }, 120_000);
});
