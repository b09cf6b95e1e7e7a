import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_POLICY } from '@coop/shared/policy';
import { addDays } from '@coop/shared/dates';
import { auditLog, fines, loanScheduleItems, notifications } from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import { findHoldMismatches, findProjectionMismatches } from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createPostgresTestDatabase, requirePostgres } from '../../test/database.js';
import { loanMember, loanThrough, type LoanTestMember } from '../../test/loan-members.js';
import { disburseLoan, markOverdueInstalments } from '../loans/loan-servicing.service.js';
import { storePolicy } from '../policy/policy.service.js';
import { issueLateRepaymentFines, lateRepaymentFinesJob } from './fines.service.js';
import { SCHEDULED_JOBS } from '../../jobs.js';

/**
 * The policy's late-repayment fine (decision 043) as a scheduled job: off by default; when on,
 * each overdue instalment of a disbursed loan is fined once, `graceDays` after its due date, and
 * the borrower told. Runs repeated, or at the same time, fine nothing more.
 */
const NOW = '2025-06-15T09:00:00Z';

const enable = (t: TestApp, amountKobo = 150_000, graceDays = 7) =>
  storePolicy(t.db, {
    settings: {
      ...DEFAULT_POLICY,
      fine: {
        ...DEFAULT_POLICY.fine,
        lateRepaymentFine: { enabled: true, amountKobo, graceDays },
      },
    },
    updatedBy: null,
    now: t.clock.now(),
  });

/** A disbursed loan of `borrower`'s; returns the due date of its first instalment. */
async function disbursedLoan(t: TestApp, borrower: LoanTestMember, others: LoanTestMember[]) {
  const [g1, g2, r1, r2] = others;
  if (!g1 || !g2 || !r1 || !r2) throw new Error('four other members needed');
  const loanId = await loanThrough(
    t,
    { borrower, guarantors: [g1, g2], reviewers: [r1, r2] },
    { amountNaira: 300_000 },
    'approved',
  );
  await disburseLoan(t.deps, systemActor, { loanId, method: 'bank_transfer' });
  const [first] = await t.db
    .select()
    .from(loanScheduleItems)
    .where(eq(loanScheduleItems.loanId, loanId))
    .orderBy(loanScheduleItems.month);
  if (!first) throw new Error('no schedule');
  return { loanId, firstDue: first.dueDate, firstItem: first.id };
}

async function setup(t: TestApp) {
  const ada = await loanMember(t, 'Ada Obi', { savingsNaira: 600_000 });
  const others = [
    await loanMember(t, 'Bayo Ade', { savingsNaira: 1_000_000 }),
    await loanMember(t, 'Chidi Oko', { savingsNaira: 1_000_000 }),
    await loanMember(t, 'Rita Reviewer', { isLoanReviewer: true }),
    await loanMember(t, 'Remi Reviewer', { isLoanReviewer: true }),
  ];
  return { ada, ...(await disbursedLoan(t, ada, others)) };
}

describe('late-repayment fines (scheduled job)', () => {
  let t: TestApp;
  let ada: LoanTestMember;
  let firstDue: string;
  let firstItem: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    ({ ada, firstDue, firstItem } = await setup(t));
  }, 60_000);
  afterAll(() => t.close());

  it('is on the list of scheduled jobs', () => {
    expect(SCHEDULED_JOBS).toContain(lateRepaymentFinesJob);
  });

  it('fines nobody while the policy leaves the rule off (the default)', async () => {
    t.clock.set(`${addDays(firstDue, 30)}T09:00:00Z`);
    await markOverdueInstalments(t.deps, t.clock.now());
    expect(await issueLateRepaymentFines(t.deps, t.clock.now())).toEqual({ fined: 0 });
  });

  it('waits out the grace days after the due date', async () => {
    t.clock.set(`${addDays(firstDue, 1)}T09:00:00Z`);
    await enable(t);
    await markOverdueInstalments(t.deps, t.clock.now());
    expect(await issueLateRepaymentFines(t.deps, t.clock.now())).toEqual({ fined: 0 });
    t.clock.set(`${addDays(firstDue, 7)}T09:00:00Z`);
    expect(await issueLateRepaymentFines(t.deps, t.clock.now())).toEqual({ fined: 0 });
  });

  it('fines each overdue instalment once after the grace days, and tells the borrower', async () => {
    const today = addDays(firstDue, 8);
    t.clock.set(`${today}T09:00:00Z`);
    expect(await issueLateRepaymentFines(t.deps, t.clock.now())).toEqual({ fined: 1 });
    expect(await issueLateRepaymentFines(t.deps, t.clock.now())).toEqual({ fined: 0 });
    const rows = await t.db.select().from(fines).where(eq(fines.userId, ada.user.id));
    expect(rows).toEqual([
      expect.objectContaining({
        amount: 150_000,
        status: 'pending',
        fineDate: today,
        dueDate: addDays(today, DEFAULT_POLICY.fine.paymentDueDays),
        loanScheduleItemId: firstItem,
        issuedBy: null,
      }),
    ]);
    expect(rows[0]?.reason).toMatch(/^Late repayment: loan LN-\d+, instalment 1 due /);
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ada.user.id));
    expect(told.map((n) => n.title)).toContain('A fine was issued to you');
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, rows[0]?.id ?? ''));
    expect(audited.map((row) => row.action)).toEqual(['fine.issued']);
    // No money moves until the fine is paid.
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});

const serverUrl = requirePostgres('late-repayment fines concurrency');
describe.skipIf(!serverUrl)('late-repayment fines under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      handle: await createPostgresTestDatabase(serverUrl ?? ''),
    });
  }, 60_000);
  afterAll(() => t.close());

  it('two runs of the job at once fine each overdue instalment once', async () => {
    const { ada, firstDue } = await setup(t);
    t.clock.set(`${addDays(firstDue, 10)}T09:00:00Z`);
    await enable(t);
    await markOverdueInstalments(t.deps, t.clock.now());
    const runs = await Promise.all([
      issueLateRepaymentFines(t.deps, t.clock.now()),
      issueLateRepaymentFines(t.deps, t.clock.now()),
    ]);
    expect(runs.map((run) => run.fined).sort()).toEqual([0, 1]);
    expect(await issueLateRepaymentFines(t.deps, t.clock.now())).toEqual({ fined: 0 });
    expect(await t.db.$count(fines, eq(fines.userId, ada.user.id))).toBe(1);
  });
});
