import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Dashboard } from '@coop/shared/dashboard';
import type { PayrollPreview } from '@coop/shared/payroll';
import {
  contributions,
  fines,
  ledgerEntries,
  loanScheduleItems,
  notifications,
  payrollDeductions,
  payrollSchedules,
} from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import { findHoldMismatches, findProjectionMismatches } from '../ledger/ledger.service.js';
import { issueFine } from '../fines/fines.service.js';
import { disburseLoan } from '../loans/loan-servicing.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { createPostgresTestDatabase, requirePostgres } from '../../test/database.js';
import { loanMember, loanThrough } from '../../test/loan-members.js';
import { finishedJob, readJob, runOfficerJobs } from '../../test/officer-jobs.js';
import { insertInstruction, insertPayrollGroup, seedPayroll } from '../../test/payroll-fixture.js';

/**
 * The payroll month's actuals (docs/decisions/150-payroll-cycle.md, 155-payroll-actuals.md): each
 * member's deduction matched with what was expected, the variance report before Post, Post
 * recording what was deducted (allocated by the rule when the file gives one total) into the
 * payroll receivable, and each variance told to the member. Every test ends with projection ==
 * ledger and the receivable equal to what was deducted.
 */

const NOW = '2025-06-15T09:00:00Z';
const csv = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const upload = (fileName: string, text: string) => ({ fileName, content: csv(text) });
const SCHEDULE_HEADER =
  'membershipId,month,savings,shares,repayment,fines,payrollGroup,staffNumber,memberName';

interface Session {
  id: string;
  token: string;
  membershipId: string;
}

async function person(
  t: TestApp,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<Session> {
  const user = await createActiveMember(t, { email, joinedOn: '2024-01-10', ...extra });
  return {
    id: user.id,
    token: (await signIn(t, email)).accessToken,
    membershipId: user.membershipId,
  };
}

/** The member's standing instruction (naira) in the group, from January 2025. */
const instruct = (
  t: TestApp,
  groupId: string,
  who: { id: string },
  savings: number,
  shares: number,
) =>
  insertInstruction(t.db, {
    userId: who.id,
    payrollGroupId: groupId,
    effectiveMonth: '2025-01',
    savings,
    shares,
  });

async function receivable(t: TestApp): Promise<number> {
  const [row] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, 'coop_payroll_receivable'));
  return Number(row?.sum ?? 0);
}

async function deductedTotal(t: TestApp): Promise<number> {
  const [row] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${payrollDeductions.deductedTotal}), 0)` })
    .from(payrollDeductions);
  return Number(row?.sum ?? 0);
}

async function consistent(t: TestApp) {
  expect(await findProjectionMismatches(t.db)).toEqual([]);
  expect(await findHoldMismatches(t.db)).toEqual([]);
  expect(await receivable(t)).toBe(await deductedTotal(t));
}

function calls(t: () => TestApp) {
  return (who: Session, method: 'GET' | 'POST', url: string, payload?: unknown, key?: string) =>
    t().app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(who.token), ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

describe('payroll actuals: every variance kind end to end', () => {
  let t: TestApp;
  const call = calls(() => t);
  let chair: Session;
  let ada: Session; // matched
  let bayo: Session; // short
  let chidi: Session; // over
  let dayo: Session; // missing
  let efe: Session; // unexpected
  let hq: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    chair = await person(t, 'chair@test.coop', { roles: ['president'], firstName: 'Chioma' });
    ada = await person(t, 'ada@test.coop', { firstName: 'Ada', lastName: 'Obi' });
    bayo = await person(t, 'bayo@test.coop', { firstName: 'Bayo', lastName: 'Ade' });
    chidi = await person(t, 'chidi@test.coop', { firstName: 'Chidi', lastName: 'Eze' });
    dayo = await person(t, 'dayo@test.coop', { firstName: 'Dayo', lastName: 'Ola' });
    efe = await person(t, 'efe@test.coop', { firstName: 'Efe', lastName: 'Udo' });
    const seeded = await seedPayroll(t.db, {
      groups: { 'MOF-HQ': 'MOF-HQ payroll office' },
      members: [
        { name: 'ada', userId: ada.id, group: 'MOF-HQ', savings: 20_000, shares: 5_000 },
        { name: 'bayo', userId: bayo.id, group: 'MOF-HQ', savings: 20_000, shares: 5_000 },
        { name: 'chidi', userId: chidi.id, group: 'MOF-HQ', savings: 10_000, shares: 0 },
        { name: 'dayo', userId: dayo.id, group: 'MOF-HQ', savings: 10_000, shares: 2_000 },
      ],
    });
    hq = seeded.groups['MOF-HQ']!;
  }, 60_000);
  afterAll(() => t.close());

  // The schedule's own CSV read back: staffNumber and memberName are informational, and so is
  // payrollGroup for a member something is expected of; Efe's, nothing expected, is blank: no group.
  const may = [
    SCHEDULE_HEADER,
    () => `${ada.membershipId},2025-05,20000,5000,0,0,MOF-HQ,S-1,Ada Obi`,
    () => `${bayo.membershipId},2025-05,20000,0,0,0,MOF-HQ,S-2,Bayo Ade`,
    () => `${chidi.membershipId},2025-05,15000,0,0,0,MOF-HQ,S-3,Chidi Eze`,
    () => `${dayo.membershipId},2025-05,0,0,0,0,MOF-HQ,S-4,Dayo Ola`,
    () => `${efe.membershipId},2025-05,8000,0,,,,,Efe Udo`,
  ];
  const mayFile = () =>
    `${may.map((line) => (typeof line === 'string' ? line : line())).join('\r\n')}\r\n`;

  it('previews each member beside what was expected, with totals per group, writing nothing', async () => {
    const res = await call(chair, 'POST', '/admin/payroll/preview', upload('may.csv', mayFile()));
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ data: PayrollPreview }>().data;
    expect(preview.format).toBe('itemised');
    expect(
      preview.variances.map((v) => [v.membershipId, v.kind, v.expected.total, v.deducted.total]),
    ).toEqual([
      [ada.membershipId, 'matched', 25_000, 25_000],
      [bayo.membershipId, 'short', 25_000, 20_000],
      [chidi.membershipId, 'over', 10_000, 15_000],
      [dayo.membershipId, 'missing', 12_000, 0],
      [efe.membershipId, 'unexpected', 0, 8_000],
    ]);
    expect(preview.variances[1]).toMatchObject({
      payrollGroup: 'MOF-HQ',
      difference: -5_000,
      expected: { savings: 20_000, shares: 5_000 },
      deducted: { savings: 20_000, shares: 0 },
    });
    expect(preview.counts).toEqual({ matched: 1, short: 1, over: 1, missing: 1, unexpected: 1 });
    expect(preview.groups).toEqual([
      {
        code: 'MOF-HQ',
        name: 'MOF-HQ payroll office',
        members: 4,
        expected: 72_000,
        deducted: 60_000,
        difference: -12_000,
        counts: { matched: 1, short: 1, over: 1, missing: 1, unexpected: 0 },
      },
      {
        code: null,
        name: 'No payroll group',
        members: 1,
        expected: 0,
        deducted: 8_000,
        difference: 8_000,
        counts: { matched: 0, short: 0, over: 0, missing: 0, unexpected: 1 },
      },
    ]);
    const [n] = await t.db.select({ n: count() }).from(payrollDeductions);
    expect(n?.n).toBe(0);
  });

  it('posts what was deducted into the receivable, a row for every member, and freezes the schedule', async () => {
    const res = await call(chair, 'POST', '/admin/payroll', upload('may.csv', mayFile()), 'may-1');
    const job = await finishedJob(t, res, chair.token);
    expect(job).toMatchObject({ state: 'succeeded', done: 5, total: 5 });
    expect(job.message).toBe(
      'Posted 4 contributions for May 2025. The members were asked to confirm. Variances: 1 short, 1 over, 1 missing, 1 unexpected; each member was told what was deducted against what was expected.',
    );
    const rows = await t.db
      .select()
      .from(payrollDeductions)
      .where(eq(payrollDeductions.month, '2025-05'));
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    expect(byUser.get(ada.id)).toMatchObject({ kind: 'matched', deductedTotal: 2_500_000 });
    expect(byUser.get(bayo.id)).toMatchObject({
      kind: 'short',
      expectedTotal: 2_500_000,
      deductedTotal: 2_000_000,
      allocatedSavings: 2_000_000,
      allocatedShares: 0,
    });
    expect(byUser.get(dayo.id)).toMatchObject({
      kind: 'missing',
      deductedTotal: 0,
      contributionId: null,
    });
    expect(byUser.get(efe.id)).toMatchObject({ kind: 'unexpected', payrollGroupId: null });
    // Recorded what was deducted, never what was expected: Bayo's contribution is ₦20,000.
    const [bayos] = await t.db
      .select()
      .from(contributions)
      .where(eq(contributions.userId, bayo.id));
    expect(bayos).toMatchObject({
      savingsAmount: 2_000_000,
      shareHoldingAmount: 0,
      status: 'pending',
    });
    const schedules = await t.db.select().from(payrollSchedules);
    expect(schedules).toMatchObject([
      { month: '2025-05', payrollGroupId: hq, version: 1, members: 4, totalAmount: 7_200_000 },
    ]);
    expect(schedules[0]?.postedAt).not.toBeNull();
    expect(rows.filter((row) => row.payrollGroupId === hq).every((row) => row.scheduleId)).toBe(
      true,
    );
    await consistent(t);
    expect(await receivable(t)).toBe(6_800_000);
  });

  it('tells each member with a variance, in naira, and asks them to look', async () => {
    const titles = async (who: Session) =>
      (
        await t.db
          .select({ title: notifications.title, message: notifications.message })
          .from(notifications)
          .where(and(eq(notifications.userId, who.id), eq(notifications.type, 'payroll_variance')))
      ).map((n) => `${n.title}: ${n.message}`);
    expect(await titles(ada)).toEqual([]);
    expect(await titles(bayo)).toEqual([
      'Less was deducted in May 2025: ₦5,000 less than your instruction was deducted in May 2025 (₦20,000 of ₦25,000). Check the contribution on your contributions page, then confirm it or dispute it.',
    ]);
    expect(await titles(chidi)).toEqual([
      'More was deducted in May 2025: ₦5,000 more than your instruction was deducted in May 2025 (₦15,000 of ₦10,000). Check the contribution on your contributions page, then confirm it or dispute it.',
    ]);
    expect(await titles(dayo)).toEqual([
      'Nothing was deducted in May 2025: Nothing was deducted in May 2025; your instruction was ₦12,000. Your savings and shares were not credited for the month. If your payslip shows the deduction, tell the cooperative.',
    ]);
    expect(await titles(efe)).toEqual([
      'An unexpected deduction in May 2025: ₦8,000 was deducted in May 2025 with no instruction to deduct it. Check the contribution on your contributions page, then confirm it or dispute it.',
    ]);
    const pending = async (who: Session) =>
      (await call(who, 'GET', '/users/dashboard'))
        .json<{ data: Dashboard }>()
        .data.pendingActions.filter((action) => action.type === 'payroll_variance');
    expect(await pending(bayo)).toEqual([
      expect.objectContaining({
        description:
          '₦5,000 less than your instruction was deducted in May 2025 (₦20,000 of ₦25,000)',
        actionRequired: 'Check the deduction, then confirm or dispute the contribution',
        actionUrl: '/contributions',
        deadline: '2025-06-29',
      }),
    ]);
    expect(await pending(dayo)).toEqual([
      expect.objectContaining({
        description: 'Nothing was deducted in May 2025; your instruction was ₦12,000',
        actionRequired: 'Check your payslip; if it was deducted, tell the cooperative',
      }),
    ]);
    expect(await pending(ada)).toEqual([]);
    // Once Bayo confirms the month's contribution, the variance is answered.
    const [bayos] = await t.db
      .select()
      .from(contributions)
      .where(eq(contributions.userId, bayo.id));
    const confirm = await call(bayo, 'POST', '/users/contributions/confirm', {
      contributionIds: [bayos?.id],
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await pending(bayo)).toEqual([]);
  });

  it('changes nothing when the month is posted again, and says so', async () => {
    const res = await call(
      chair,
      'POST',
      '/admin/payroll',
      upload('may-2.csv', mayFile()),
      'may-2',
    );
    expect(await finishedJob(t, res, chair.token)).toMatchObject({
      state: 'succeeded',
      result: { posted: 0, alreadyPosted: 5 },
      message: 'Nothing was posted: every row for May 2025 was already posted',
    });
    const [n] = await t.db.select({ n: count() }).from(payrollDeductions);
    expect(n?.n).toBe(5);
    expect(await t.db.select().from(payrollSchedules)).toHaveLength(1);
    await consistent(t);
  });

  it('answers an import retried with the same key the same, and posts nothing twice with another', async () => {
    // April in today's savings/shares format, which keeps working.
    const april = `membershipId,month,savings,shares\r\n${ada.membershipId},2025-04,20000,5000\r\n${bayo.membershipId},2025-04,25000,0\r\n`;
    const first = await call(chair, 'POST', '/admin/payroll', upload('april.csv', april), 'apr-1');
    const again = await call(chair, 'POST', '/admin/payroll', upload('april.csv', april), 'apr-1');
    expect(again.statusCode).toBe(202);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.json()).toEqual(first.json());
    const job = await finishedJob(t, first, chair.token);
    // Ada matched, Bayo matched on totals (itemised differently), Chidi and Dayo missing.
    expect(job.result).toMatchObject({
      posted: 2,
      counts: { matched: 2, short: 0, over: 0, missing: 2, unexpected: 0 },
    });
    const other = await call(chair, 'POST', '/admin/payroll', upload('april.csv', april), 'apr-2');
    expect(await finishedJob(t, other, chair.token)).toMatchObject({
      result: { posted: 0, alreadyPosted: 2 },
      message: 'Nothing was posted: every row for April 2025 was already posted',
    });
    const rows = await t.db
      .select({ kind: payrollDeductions.kind })
      .from(payrollDeductions)
      .where(eq(payrollDeductions.month, '2025-04'))
      .orderBy(asc(payrollDeductions.kind));
    expect(rows.map((row) => row.kind)).toEqual(['matched', 'matched', 'missing', 'missing']);
    await consistent(t);
  });
});

describe('payroll actuals: one total per member, allocated by the rule', () => {
  let t: TestApp;
  const call = calls(() => t);
  let chair: Session;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    chair = await person(t, 'chair@test.coop', { roles: ['president'] });
  }, 60_000);
  afterAll(() => t.close());

  it('pays the instalment first, then savings, shares and fines; above the expected goes to savings', async () => {
    const hq = await insertPayrollGroup(t.db, 'MOE');
    const fola = await loanMember(t, 'Fola Bello', { savingsNaira: 600_000 });
    const g1 = await loanMember(t, 'Gbenga One', { savingsNaira: 1_000_000 });
    const g2 = await loanMember(t, 'Gbenga Two', { savingsNaira: 1_000_000 });
    const r1 = await loanMember(t, 'Rita Reviewer', { isLoanReviewer: true });
    const r2 = await loanMember(t, 'Remi Reviewer', { isLoanReviewer: true });
    const loanId = await loanThrough(
      t,
      { borrower: fola, guarantors: [g1, g2], reviewers: [r1, r2] },
      { amountNaira: 600_000 },
      'approved',
    );
    await disburseLoan(t.deps, systemActor, { loanId, method: 'bank_transfer' });
    const [first] = await t.db
      .select()
      .from(loanScheduleItems)
      .where(eq(loanScheduleItems.loanId, loanId))
      .orderBy(asc(loanScheduleItems.month));
    const instalment = first?.totalAmount ?? 0;
    expect(first?.dueDate).toBe('2025-07-15');
    await instruct(t, hq, { id: fola.user.id }, 10_000, 5_000);
    await instruct(t, hq, { id: g1.user.id }, 5_000, 0);
    await issueFine(t.deps, systemActor, {
      userId: g1.user.id,
      reason: 'Absent from the AGM',
      amount: 1_000,
      dueDate: '2025-07-10',
    });
    t.clock.set('2025-07-20T09:00:00Z');
    chair = { ...chair, token: (await signIn(t, 'chair@test.coop')).accessToken };
    // Fola: the instalment and ₦12,000 (short of savings 10,000 + shares 5,000 by ₦3,000).
    // Gbenga One: ₦7,000 against savings 5,000 and a ₦1,000 fine: ₦1,000 above goes to savings.
    const file = `membershipId,month,deducted,memberName\r\n${fola.user.membershipId},2025-07,${instalment / 100 + 12_000},Fola\r\n${g1.user.membershipId},2025-07,7000,Gbenga\r\n`;
    const preview = (
      await call(chair, 'POST', '/admin/payroll/preview', upload('july.csv', file))
    ).json<{ data: PayrollPreview }>().data;
    expect(preview.format).toBe('total');
    expect(preview.variances.map((v) => [v.kind, v.deducted])).toEqual([
      [
        'short',
        {
          instalment: instalment / 100,
          savings: 10_000,
          shares: 2_000,
          fines: 0,
          total: instalment / 100 + 12_000,
        },
      ],
      ['over', { instalment: 0, savings: 6_000, shares: 0, fines: 1_000, total: 7_000 }],
    ]);
    const res = await call(chair, 'POST', '/admin/payroll', upload('july.csv', file));
    expect((await finishedJob(t, res, chair.token)).state).toBe('succeeded');
    const [paid] = await t.db
      .select()
      .from(loanScheduleItems)
      .where(eq(loanScheduleItems.id, first?.id ?? ''));
    expect(paid).toMatchObject({ status: 'paid', paidAmount: instalment });
    const [fine] = await t.db.select().from(fines).where(eq(fines.userId, g1.user.id));
    expect(fine).toMatchObject({ status: 'paid', paidDate: '2025-07-20' });
    const [row] = await t.db
      .select()
      .from(payrollDeductions)
      .where(eq(payrollDeductions.userId, fola.user.id));
    expect(row).toMatchObject({
      kind: 'short',
      allocatedInstalment: instalment,
      allocatedSavings: 1_000_000,
      allocatedShares: 200_000,
      allocatedFines: 0,
      expectedInstalment: instalment,
    });
    await consistent(t);
  }, 120_000);
});

const serverUrl = requirePostgres('payroll actuals under concurrency');
describe.skipIf(!serverUrl)(
  'payroll actuals: two officers post the same month at once (PostgreSQL)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        now: NOW,
        handle: await createPostgresTestDatabase(serverUrl ?? ''),
      });
    }, 60_000);
    afterAll(() => t.close());

    it('posts each member once: one wins, the other finds the month posted', async () => {
      const call = calls(() => t);
      const chair = await person(t, 'chair@test.coop', { roles: ['president'] });
      const treasurer = await person(t, 'treasurer@test.coop', { roles: ['treasurer'] });
      const hq = await insertPayrollGroup(t.db, 'MOF-HQ');
      const members: Session[] = [];
      for (let i = 0; i < 4; i++) {
        const m = await person(t, `m${i}@test.coop`);
        await instruct(t, hq, m, 1_000, 500);
        members.push(m);
      }
      // m0 short, m1 and m2 matched, m3 missing.
      const text = `membershipId,month,deducted\r\n${members[0]?.membershipId},2025-05,1000\r\n${members[1]?.membershipId},2025-05,1500\r\n${members[2]?.membershipId},2025-05,1500\r\n`;
      const [a, b] = await Promise.all([
        call(chair, 'POST', '/admin/payroll', upload('may.csv', text), 'chair-may'),
        call(treasurer, 'POST', '/admin/payroll', upload('may.csv', text), 'treasurer-may'),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
      await runOfficerJobs(t);
      const jobs = [
        await readJob(t, String(a.headers.location), chair.token),
        await readJob(t, String(b.headers.location), treasurer.token),
      ];
      expect(jobs.map((job) => job.state)).toEqual(['succeeded', 'succeeded']);
      expect(
        jobs.map((job) => (job.kind === 'payroll.post' ? job.result?.posted : -1)).sort(),
      ).toEqual([0, 3]);
      const rows = await t.db.select({ kind: payrollDeductions.kind }).from(payrollDeductions);
      expect(rows.map((row) => row.kind).sort()).toEqual([
        'matched',
        'matched',
        'missing',
        'short',
      ]);
      expect(await t.db.select().from(payrollSchedules)).toHaveLength(1);
      await consistent(t);
      expect(await receivable(t)).toBe(400_000);
    });
  },
);
