import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { formatDisplayDate } from '@coop/shared/dates';
import { formatKobo } from '@coop/shared/money';
import type { Loan } from '@coop/shared/loans';
import {
  ledgerTransactions,
  loanGuarantors,
  loanScheduleItems,
  loans,
  notifications,
} from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  readMemberBalance,
} from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createPostgresTestDatabase, requirePostgres } from '../../test/database.js';
import {
  frozenMismatches,
  loanMember,
  loanThrough,
  type LoanTestMember,
} from '../../test/loan-members.js';
import { acceptGuarantorRequest, pendingGuarantorRequests } from './guarantees.service.js';
import {
  disburseLoan,
  markLoanDefaulted,
  markOverdueInstalments,
  recordRepayment,
} from './loan-servicing.service.js';
import { certifyLoan, getLoanEligibility, listLoans } from './loans.service.js';
import { getDashboard } from '../dashboard/dashboard.service.js';

/**
 * After approval (docs/business-rules.md): disbursement fixes the schedule and posts the ledger,
 * repayments allocate to instalments and release guarantees in proportion, the overdue job marks
 * unpaid instalments, default and repaid. Every step keeps projection == ledger and frozen amounts
 * == guarantees; a property test drives random repayment sequences.
 */

const NOW = '2025-06-15T09:00:00Z';

async function scheduleOf(t: TestApp, loanId: string) {
  return t.db
    .select()
    .from(loanScheduleItems)
    .where(eq(loanScheduleItems.loanId, loanId))
    .orderBy(loanScheduleItems.month);
}

async function loanRow(t: TestApp, loanId: string) {
  const [row] = await t.db.select().from(loans).where(eq(loans.id, loanId));
  if (!row) throw new Error('no loan');
  return row;
}

async function consistent(t: TestApp) {
  expect(await findProjectionMismatches(t.db)).toEqual([]);
  expect(await findHoldMismatches(t.db)).toEqual([]);
  expect(await frozenMismatches(t)).toEqual([]);
}

describe('loan servicing', () => {
  let t: TestApp;
  let ada: LoanTestMember;
  let bayo: LoanTestMember;
  let chidi: LoanTestMember;
  let rita: LoanTestMember;
  let remi: LoanTestMember;
  let loanId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    ada = await loanMember(t, 'Ada Obi', { savingsNaira: 600_000 });
    bayo = await loanMember(t, 'Bayo Adeyemi', { savingsNaira: 1_000_000 });
    chidi = await loanMember(t, 'Chidi Okafor', { savingsNaira: 1_000_000 });
    rita = await loanMember(t, 'Rita Reviewer', { isLoanReviewer: true });
    remi = await loanMember(t, 'Remi Reviewer', { isLoanReviewer: true });
    loanId = await loanThrough(
      t,
      { borrower: ada, guarantors: [bayo, chidi], reviewers: [rita, remi] },
      { amountNaira: 1_000_000 },
      'approved',
    );
  });
  afterAll(() => t.close());

  it('refuses to disburse a loan that is not approved', async () => {
    const gina = await loanMember(t, 'Gina Ike', { savingsNaira: 300_000 });
    const pending = await loanThrough(
      t,
      { borrower: gina, guarantors: [bayo, chidi], reviewers: [] },
      { amountNaira: 100_000 },
      'pending',
    );
    await expect(
      disburseLoan(t.deps, systemActor, { loanId: pending, method: 'bank_transfer' }),
    ).rejects.toMatchObject({
      code: 'INVALID_TRANSITION',
    });
  });

  it('disburses: fixes the schedule from the disbursement date and posts the ledger', async () => {
    const loan = await disburseLoan(t.deps, systemActor, { loanId, method: 'bank_transfer' });
    expect(loan).toMatchObject({ status: 'disbursed', outstandingBalance: 105_000_000 });
    const items = await scheduleOf(t, loanId);
    expect(items.map((item) => item.dueDate)).toEqual([
      '2025-07-15',
      '2025-08-15',
      '2025-09-15',
      '2025-10-15',
      '2025-11-15',
      '2025-12-15',
    ]);
    expect(items.reduce((sum, item) => sum + item.totalAmount, 0)).toBe(105_000_000);
    const balance = await readMemberBalance(t.db, ada.user.id);
    expect(balance?.loans).toBe(105_000_000);
    await expect(
      disburseLoan(t.deps, systemActor, { loanId, method: 'bank_transfer' }),
    ).rejects.toMatchObject({
      code: 'INVALID_TRANSITION',
    });
    await consistent(t);
  });

  it('a repayment pays the first instalment; paying ahead of the due month is early', async () => {
    const [first] = await scheduleOf(t, loanId);
    const amount = first?.totalAmount ?? 0;
    const { repaymentId } = await recordRepayment(t.deps, systemActor, {
      loanId,
      amountKobo: amount,
      paymentMethod: 'payroll',
    });
    // The posting names the repayment that caused it, not the loan.
    const [posting] = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.referenceId, repaymentId));
    expect(posting).toMatchObject({ kind: 'loan_repayment', referenceType: 'loan_repayment' });
    const items = await scheduleOf(t, loanId);
    expect(items[0]).toMatchObject({ status: 'paid', paidAmount: amount });
    const page = JSON.parse(
      await listLoans(t.deps, ada.actor, {
        page: 1,
        limit: 10,
        sortBy: 'requestDate',
        sortOrder: 'desc',
      }),
    ) as { data: Loan[] };
    const shown = page.data.find((item) => item.id === loanId);
    expect(shown?.repaymentRecords[0]).toMatchObject({
      paymentMethod: 'payroll',
      repaymentType: 'regular',
      isEarlyPayment: true,
      status: 'confirmed',
    });
    expect(shown?.repaymentSchedule.scheduleItems[0]?.status).toBe('paid');
    // Guarantees released in proportion to the principal repaid (1/6 of it).
    const slots = await t.db.select().from(loanGuarantors).where(eq(loanGuarantors.loanId, loanId));
    for (const slot of slots) {
      expect(slot.frozenAmount).toBeLessThan(slot.guaranteeAmount);
      expect(slot.frozenAmount).toBeGreaterThan(slot.guaranteeAmount * 0.8);
    }
    await consistent(t);
  });

  it('the overdue job marks unpaid instalments past their due date, once, and tells the borrower', async () => {
    t.clock.set('2025-08-20T09:00:00Z');
    expect(await markOverdueInstalments(t.deps, t.clock.now())).toEqual({ marked: 1 });
    expect(await markOverdueInstalments(t.deps, t.clock.now())).toEqual({ marked: 0 });
    const items = await scheduleOf(t, loanId);
    expect(items.map((item) => item.status)).toEqual([
      'paid',
      'overdue',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ada.user.id));
    expect(told.map((n) => n.title)).toContain('Instalment on LN-000001 overdue');
    // Its link opens that loan on My Loans.
    expect(told.find((n) => n.title === 'Instalment on LN-000001 overdue')?.actionUrl).toBe(
      '/loans?loan=LN-000001',
    );
  });

  it("puts an overdue instalment in the borrower's Pending Actions, linked to the loan", async () => {
    const overdue = (await scheduleOf(t, loanId))[1];
    if (!overdue) throw new Error('no second instalment');
    const left = formatKobo(overdue.totalAmount - overdue.paidAmount);
    const { pendingActions } = await getDashboard(t.deps, ada.actor);
    expect(pendingActions).toContainEqual({
      id: overdue.id,
      type: 'loan_repayment',
      description: `Instalment 2 of loan LN-000001 is overdue (${left})`,
      actionRequired: `Pay ${left}, due on ${formatDisplayDate(overdue.dueDate)}`,
      deadline: overdue.dueDate,
      actionUrl: '/loans?loan=LN-000001',
    });
    // The guarantor is not asked to pay it.
    const forBayo = (await getDashboard(t.deps, bayo.actor)).pendingActions;
    expect(forBayo.filter((action) => action.type === 'loan_repayment')).toEqual([]);
  });

  it('a partial payment leaves an overdue instalment overdue; paying the rest marks it paid', async () => {
    await recordRepayment(t.deps, systemActor, {
      loanId,
      amountKobo: 1_000_000,
      paymentMethod: 'bank_transfer',
      bankName: 'First Bank',
    });
    let items = await scheduleOf(t, loanId);
    expect(items[1]).toMatchObject({ status: 'overdue', paidAmount: 1_000_000 });
    const rest = (items[1]?.totalAmount ?? 0) - 1_000_000;
    await recordRepayment(t.deps, systemActor, { loanId, amountKobo: rest, paymentMethod: 'cash' });
    items = await scheduleOf(t, loanId);
    expect(items[1]?.status).toBe('paid');
    await consistent(t);
  });

  it('refuses a repayment above the outstanding balance', async () => {
    const loan = await loanRow(t, loanId);
    await expect(
      recordRepayment(t.deps, systemActor, {
        loanId,
        amountKobo: loan.outstandingBalance + 1,
        paymentMethod: 'cash',
      }),
    ).rejects.toMatchObject({ code: 'REPAYMENT_EXCEEDS_BALANCE' });
  });

  it('paying the balance makes the loan repaid and releases every guarantee', async () => {
    const loan = await loanRow(t, loanId);
    await recordRepayment(t.deps, systemActor, {
      loanId,
      amountKobo: loan.outstandingBalance,
      paymentMethod: 'bank_transfer',
    });
    expect(await loanRow(t, loanId)).toMatchObject({ status: 'repaid', outstandingBalance: 0 });
    const slots = await t.db.select().from(loanGuarantors).where(eq(loanGuarantors.loanId, loanId));
    expect(slots.map((slot) => slot.frozenAmount)).toEqual([0, 0]);
    expect((await scheduleOf(t, loanId)).every((item) => item.status === 'paid')).toBe(true);
    expect((await getLoanEligibility(t.deps, ada.actor)).isEligible).toBe(true);
    await consistent(t);
  });

  it('default: the member owes the balance, guarantees stay frozen, no new loan until repaid', async () => {
    const defaulted = await loanThrough(
      t,
      { borrower: ada, guarantors: [bayo, chidi], reviewers: [rita, remi] },
      { amountNaira: 300_000, term: 12 },
      'approved',
    );
    await disburseLoan(t.deps, systemActor, { loanId: defaulted, method: 'bank_transfer' });
    await expect(
      markLoanDefaulted(t.deps, systemActor, { loanId: defaulted, reason: 'short' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await markLoanDefaulted(t.deps, systemActor, {
      loanId: defaulted,
      reason: 'No payment for six months after reminders',
    });
    const eligibility = await getLoanEligibility(t.deps, ada.actor);
    expect(eligibility.reasons).toContain('You have a defaulted loan to repay first.');
    const loan = await loanRow(t, defaulted);
    await recordRepayment(t.deps, systemActor, {
      loanId: defaulted,
      amountKobo: loan.outstandingBalance,
      paymentMethod: 'bank_transfer',
    });
    expect((await loanRow(t, defaulted)).status).toBe('repaid');
    await consistent(t);
  });

  it('keeps schedule, balance, frozen amounts and ledger consistent for any repayment sequence', async () => {
    const borrowers: LoanTestMember[] = [];
    for (let i = 0; i < 6; i += 1) {
      borrowers.push(await loanMember(t, `Prop${i} Borrower`, { savingsNaira: 2_000_000 }));
    }
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 10_000, max: 2_000_000 }),
        fc.constantFrom(6 as const, 12 as const, 18 as const),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 40_000_000 }), { minLength: 1, maxLength: 8 }),
        async (amountNaira, term, deduct, payments) => {
          const borrower = borrowers[run % borrowers.length];
          run += 1;
          if (!borrower) throw new Error('no borrower');
          const id = await loanThrough(
            t,
            { borrower, guarantors: [bayo, chidi], reviewers: [rita, remi] },
            { amountNaira, term, deductProcessingFee: deduct },
            'approved',
          );
          await disburseLoan(t.deps, systemActor, { loanId: id, method: 'bank_transfer' });
          for (const payment of payments) {
            const before = await loanRow(t, id);
            if (before.status === 'repaid') break;
            await recordRepayment(t.deps, systemActor, {
              loanId: id,
              amountKobo: Math.min(payment, before.outstandingBalance),
              paymentMethod: 'payroll',
            });
          }
          const after = await loanRow(t, id);
          const items = await scheduleOf(t, id);
          const paid = items.reduce((sum, item) => sum + item.paidAmount, 0);
          expect(paid).toBe(after.totalRepayment - after.outstandingBalance);
          expect(items.reduce((sum, item) => sum + item.totalAmount, 0)).toBe(after.totalRepayment);
          for (const item of items) {
            expect(item.paidAmount).toBeLessThanOrEqual(item.totalAmount);
            if (item.paidAmount === item.totalAmount) expect(item.status).toBe('paid');
          }
          const slots = await t.db
            .select()
            .from(loanGuarantors)
            .where(eq(loanGuarantors.loanId, id));
          for (const slot of slots) {
            expect(slot.frozenAmount).toBeLessThanOrEqual(slot.guaranteeAmount);
            if (after.status === 'repaid') expect(slot.frozenAmount).toBe(0);
          }
          await consistent(t);
          // Settle it so the borrower may borrow again in the next run.
          if (after.status !== 'repaid') {
            await recordRepayment(t.deps, systemActor, {
              loanId: id,
              amountKobo: after.outstandingBalance,
              paymentMethod: 'cash',
            });
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});

const serverUrl = requirePostgres('loans concurrency');
describe.skipIf(!serverUrl)('loans under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let ada: LoanTestMember;
  let bayo: LoanTestMember;
  let chidi: LoanTestMember;
  let reviewers: LoanTestMember[];

  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      handle: await createPostgresTestDatabase(serverUrl ?? ''),
    });
    ada = await loanMember(t, 'Ada Obi', { savingsNaira: 600_000 });
    bayo = await loanMember(t, 'Bayo Adeyemi', { savingsNaira: 1_000_000 });
    chidi = await loanMember(t, 'Chidi Okafor', { savingsNaira: 1_000_000 });
    reviewers = [];
    for (const name of ['Rita Reviewer', 'Remi Reviewer', 'Rolu Reviewer']) {
      reviewers.push(await loanMember(t, name, { isLoanReviewer: true }));
    }
  });
  afterAll(() => t.close());

  const requestBody = () => ({
    requestedAmount: 500_000,
    purpose: 'Shop stock for the new season',
    repaymentTermMonths: 6,
    guarantorUserIds: [bayo.user.id, chidi.user.id],
  });

  it('five parallel identical requests create one loan (same key, and without a key)', async () => {
    const withKey = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users/loans/request',
          headers: { ...ada.headers, 'idempotency-key': 'same-request' },
          payload: requestBody(),
        }),
      ),
    );
    expect(withKey.filter((res) => res.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    expect(withKey.every((res) => [201, 409].includes(res.statusCode))).toBe(true);
    const withoutKey = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users/loans/request',
          headers: ada.headers,
          payload: requestBody(),
        }),
      ),
    );
    expect(withoutKey.every((res) => res.statusCode === 409)).toBe(true);
    const rows = await t.db.select().from(loans).where(eq(loans.userId, ada.user.id));
    expect(rows).toHaveLength(1);
  });

  it('ten parallel accepts freeze the guarantee once', async () => {
    const requests = await pendingGuarantorRequests(t.deps, bayo.actor);
    const request = requests[0];
    if (!request) throw new Error('no request');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        acceptGuarantorRequest(t.deps, bayo.actor, {
          id: request.id,
          token: request.acceptanceToken,
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const balance = await readMemberBalance(t.db, bayo.user.id);
    expect(balance?.frozen).toBe(request.guaranteeAmount * 100);
    await consistent(t);
  });

  it('parallel certifications never count more than required', async () => {
    const requests = await pendingGuarantorRequests(t.deps, chidi.actor);
    const request = requests[0];
    if (!request) throw new Error('no request');
    await acceptGuarantorRequest(t.deps, chidi.actor, {
      id: request.id,
      token: request.acceptanceToken,
    });
    const outcomes = await Promise.allSettled(
      reviewers.map((reviewer) =>
        certifyLoan(t.deps, reviewer.actor, { id: request.loanId.id, decision: 'approve' }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    const loan = await loanRow(t, request.loanId.id);
    expect(loan).toMatchObject({ status: 'approved', remainingCertifications: 0 });
  });

  it('parallel repayments each count once and keep the books balanced', async () => {
    const [loan] = await t.db.select().from(loans).where(eq(loans.userId, ada.user.id));
    if (!loan) throw new Error('no loan');
    await disburseLoan(t.deps, systemActor, { loanId: loan.id, method: 'bank_transfer' });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        recordRepayment(t.deps, systemActor, {
          loanId: loan.id,
          amountKobo: 1_000_000,
          paymentMethod: 'payroll',
        }),
      ),
    );
    const after = await loanRow(t, loan.id);
    expect(after.outstandingBalance).toBe(after.totalRepayment - 5_000_000);
    await consistent(t);
  });
});
