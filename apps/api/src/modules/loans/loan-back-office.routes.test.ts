import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedJob } from '../../test/officer-jobs.js';
import { and, eq } from 'drizzle-orm';
import type { AdminLoanDetail, AdminLoanListItem } from '@coop/shared/loans';
import { DEFAULT_POLICY } from '@coop/shared/policy';
import { auditLog, loanDisbursementRequests, loans, users } from '../../db/schema/index.js';
import { findHoldMismatches, findProjectionMismatches } from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { createPostgresTestDatabase, requirePostgres } from '../../test/database.js';
import {
  frozenMismatches,
  loanMember,
  loanThrough,
  type LoanTestMember,
} from '../../test/loan-members.js';
import { storePolicy } from '../policy/policy.service.js';

/**
 * Loans in the back office through HTTP (docs/decisions/062-loan-back-office.md): the pipeline, the
 * history, disbursement with maker-checker above the policy threshold (₦500,000 here), manual
 * repayments and default. Members get 403, anonymous callers 401; writes replay their
 * Idempotency-Key; every money action keeps projection == ledger and frozen == guarantees.
 */

const NOW = '2025-06-15T09:00:00Z';
const THRESHOLD_KOBO = 50_000_000;

interface Admin {
  id: string;
  headers: { authorization: string };
}

let adminCount = 0;
async function admin(t: TestApp, firstName: string): Promise<Admin> {
  adminCount += 1;
  const email = `${firstName.toLowerCase()}.${adminCount}@admin.test`;
  const user = await createActiveMember(t, {
    email,
    firstName,
    lastName: 'Admin',
    roles: ['president'],
    joinedOn: '2020-01-01',
  });
  return { id: user.id, headers: bearer((await signIn(t, email)).accessToken) };
}

async function consistent(t: TestApp) {
  expect(await findProjectionMismatches(t.db)).toEqual([]);
  expect(await findHoldMismatches(t.db)).toEqual([]);
  expect(await frozenMismatches(t)).toEqual([]);
}

let keyCount = 0;
const newKey = () => `admin-loans-${++keyCount}`;

function post(
  t: TestApp,
  who: { headers: { authorization: string } } | null,
  url: string,
  payload?: Record<string, unknown>,
  key: string | null = newKey(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/loans${url}`,
    headers: { ...(who ? who.headers : {}), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function setThreshold(t: TestApp, kobo: number) {
  await storePolicy(t.db, {
    settings: { ...DEFAULT_POLICY, disbursement: { secondApprovalAboveKobo: kobo } },
    updatedBy: null,
    now: new Date(NOW),
  });
}

/** Two fresh guarantors with savings enough for one more loan. */
async function freshGuarantors(t: TestApp) {
  return [
    await loanMember(t, 'Dayo Guarantor', { savingsNaira: 1_000_000 }),
    await loanMember(t, 'Ebi Guarantor', { savingsNaira: 1_000_000 }),
  ];
}

async function parties(t: TestApp) {
  const borrower = await loanMember(t, 'Ada Obi', { savingsNaira: 600_000 });
  const g1 = await loanMember(t, 'Bayo Adeyemi', { savingsNaira: 1_000_000 });
  const g2 = await loanMember(t, 'Chidi Okafor', { savingsNaira: 1_000_000 });
  const r1 = await loanMember(t, 'Rita Reviewer', { isLoanReviewer: true });
  const r2 = await loanMember(t, 'Remi Reviewer', { isLoanReviewer: true });
  return { borrower, guarantors: [g1, g2], reviewers: [r1, r2] };
}

describe('back office loans API', () => {
  let t: TestApp;
  let maker: Admin;
  let checker: Admin;
  let people: Awaited<ReturnType<typeof parties>>;
  let member: LoanTestMember;
  let small: string;
  let large: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await setThreshold(t, THRESHOLD_KOBO);
    maker = await admin(t, 'Chioma');
    checker = await admin(t, 'Tunde');
    people = await parties(t);
    member = people.borrower;
    // ₦300,000 pays out below the threshold; ₦1,000,000 above it.
    small = await loanThrough(t, people, { amountNaira: 300_000 }, 'approved');
    const other = await loanMember(t, 'Efe Borrower', { savingsNaira: 600_000 });
    large = await loanThrough(
      t,
      { ...people, borrower: other, guarantors: await freshGuarantors(t) },
      { amountNaira: 1_000_000 },
      'approved',
    );
  });
  afterAll(() => t.close());

  it('answers 401 to an anonymous caller and 403 FORBIDDEN to a member on every route', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/admin/loans' });
    expect(anon.statusCode).toBe(401);
    const routes: Array<[string, string]> = [
      ['GET', '/api/v1/admin/loans'],
      ['GET', `/api/v1/admin/loans/${small}`],
      ['POST', `/api/v1/admin/loans/${small}/disburse`],
      ['POST', `/api/v1/admin/loans/${small}/disbursement/approve`],
      ['POST', `/api/v1/admin/loans/${small}/disbursement/reject`],
      ['POST', `/api/v1/admin/loans/${small}/repayments`],
      ['POST', `/api/v1/admin/loans/${small}/default`],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: { ...member.headers, 'idempotency-key': newKey() },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    const [row] = await t.db.select().from(loans).where(eq(loans.id, small));
    expect(row?.status).toBe('approved');
  });

  it('lists the pipeline by status, with the borrower and a search', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/loans?status=approved',
      headers: maker.headers,
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().data as AdminLoanListItem[];
    expect(items.map((item) => item.id).sort()).toEqual([small, large].sort());
    expect(items.find((item) => item.id === small)).toMatchObject({
      requestedAmount: 300_000,
      member: { firstName: 'Ada', lastName: 'Obi' },
      awaitingSecondApproval: false,
    });
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/loans?search=Efe',
      headers: maker.headers,
    });
    expect((search.json().data as AdminLoanListItem[]).map((item) => item.id)).toEqual([large]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/loans?status=lent',
      headers: maker.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a disbursement without a method or with a future date, writing nothing', async () => {
    const noMethod = await post(t, maker, `/${small}/disburse`, { disbursementDate: '2025-06-15' });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().code).toBe('VALIDATION_ERROR');
    const future = await post(t, maker, `/${small}/disburse`, {
      disbursementDate: '2025-07-01',
      method: 'bank_transfer',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('Disbursement date cannot be in the future');
    const [row] = await t.db.select().from(loans).where(eq(loans.id, small));
    expect(row?.status).toBe('approved');
  });

  it('disburses below the threshold at once, once per Idempotency-Key', async () => {
    const key = newKey();
    const body = { disbursementDate: '2025-06-14', method: 'cheque' };
    const res = await post(t, maker, `/${small}/disburse`, body, key);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data as AdminLoanDetail;
    expect(res.json().message).toBe(`Loan ${detail.loan.loanId} was disbursed`);
    expect(detail.loan.status).toBe('disbursed');
    expect(detail.disbursement).toMatchObject({ method: 'cheque', disbursedBy: { id: maker.id } });
    expect(detail.loan.repaymentSchedule.scheduleItems[0]?.dueDate).toBe('2025-07-14');
    const replay = await post(t, maker, `/${small}/disburse`, body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(res.json());
    const again = await post(t, maker, `/${small}/disburse`, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_TRANSITION');
    await consistent(t);
  });

  it('above the threshold: the maker requests, cannot approve their own, the checker disburses', async () => {
    const res = await post(t, maker, `/${large}/disburse`, {
      disbursementDate: '2025-06-15',
      method: 'bank_transfer',
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data as AdminLoanDetail;
    expect(res.json().message).toBe(
      `Loan ${detail.loan.loanId} is above the two-signature limit: another administrator must approve the disbursement`,
    );
    expect(detail.loan.status).toBe('approved');
    expect(detail.needsSecondApproval).toBe(true);
    expect(detail.disbursementRequests[0]).toMatchObject({
      status: 'pending',
      method: 'bank_transfer',
      requestedBy: { id: maker.id },
    });

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/loans?status=awaiting_second_approval',
      headers: maker.headers,
    });
    expect((listed.json().data as AdminLoanListItem[]).map((item) => item.id)).toEqual([large]);

    const twice = await post(t, checker, `/${large}/disburse`, {
      disbursementDate: '2025-06-15',
      method: 'cash',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('DISBURSEMENT_AWAITING_APPROVAL');

    const own = await post(t, maker, `/${large}/disbursement/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      code: 'DISBURSEMENT_SELF_APPROVAL',
      message:
        'You requested this disbursement: another administrator must approve it (maker-checker)',
    });
    const [still] = await t.db.select().from(loans).where(eq(loans.id, large));
    expect(still?.status).toBe('approved');

    const key = newKey();
    const approved = await post(t, checker, `/${large}/disbursement/approve`, undefined, key);
    expect(approved.statusCode).toBe(200);
    const after = approved.json().data as AdminLoanDetail;
    expect(after.loan.status).toBe('disbursed');
    expect(after.disbursement).toMatchObject({
      method: 'bank_transfer',
      disbursedBy: { id: checker.id },
    });
    expect(after.disbursementRequests[0]).toMatchObject({
      status: 'approved',
      decidedBy: { id: checker.id },
    });
    expect(after.audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['loan.disbursement_requested', 'loan.disbursed']),
    );
    const replay = await post(t, checker, `/${large}/disbursement/approve`, undefined, key);
    expect(replay.json()).toEqual(approved.json());
    const again = await post(t, checker, `/${large}/disbursement/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DISBURSEMENT_NOT_PENDING');
    await consistent(t);
  });

  it('tells each officer who may approve a pending disbursement, in the bell and on the overview', async () => {
    const auditorEmail = 'ayo.auditor@admin.test';
    await createActiveMember(t, {
      email: auditorEmail,
      firstName: 'Ayo',
      lastName: 'Auditor',
      roles: ['auditor'],
      joinedOn: '2020-01-01',
    });
    const auditor = { headers: bearer((await signIn(t, auditorEmail)).accessToken) };
    const get = (who: { headers: { authorization: string } }, url: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.headers });
    const awaiting = async (who: { headers: { authorization: string } }) => {
      const queues = (await get(who, '/admin/overview')).json().data.queues as {
        key: string;
        label: string;
        count: number;
      }[];
      return queues.find((queue) => queue.key === 'disbursementsToApprove');
    };
    const bell = async (who: { headers: { authorization: string } }, loanNumber: string) =>
      (
        (await get(who, '/users/notifications?limit=100')).json().data as {
          type: string;
          title: string;
          read: boolean;
          actionUrl: string;
        }[]
      ).filter((n) => n.type === 'disbursement_approval' && n.title.includes(loanNumber));

    const before = (await awaiting(checker))?.count ?? -1;
    const borrower = await loanMember(t, 'Ify Borrower', { savingsNaira: 600_000 });
    const id = await loanThrough(
      t,
      { ...people, borrower, guarantors: await freshGuarantors(t) },
      { amountNaira: 800_000 },
      'approved',
    );
    const [loan] = await t.db.select().from(loans).where(eq(loans.id, id));
    const loanNumber = loan?.loanNumber ?? '';
    await post(t, maker, `/${id}/disburse`, { disbursementDate: '2025-06-15', method: 'cash' });

    // The checker: one item more on the overview, and one in the bell opening the loan.
    expect(await awaiting(checker)).toEqual({
      key: 'disbursementsToApprove',
      label: 'Disbursements awaiting your approval',
      count: before + 1,
    });
    const told = await bell(checker, loanNumber);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: `Disbursement of loan ${loanNumber} awaits your approval`,
      read: false,
      actionUrl: `/admin/loans/${id}`,
    });
    // Not the maker (their own request), nor an officer who cannot approve.
    expect(await bell(maker, loanNumber)).toEqual([]);
    expect(await bell(auditor, loanNumber)).toEqual([]);
    expect(await awaiting(auditor)).toBeUndefined();

    // Decided: the item leaves the overview and the notification is read.
    await post(t, checker, `/${id}/disbursement/reject`, {
      reason: 'Wrong method for this amount',
    });
    expect((await awaiting(checker))?.count).toBe(before);
    expect((await bell(checker, loanNumber))[0]?.read).toBe(true);
  });

  it('a checker rejects a pending disbursement with a reason; the loan stays approved', async () => {
    const borrower = await loanMember(t, 'Gozie Borrower', { savingsNaira: 600_000 });
    const id = await loanThrough(
      t,
      { ...people, borrower, guarantors: await freshGuarantors(t) },
      { amountNaira: 900_000 },
      'approved',
    );
    await post(t, maker, `/${id}/disburse`, { disbursementDate: '2025-06-15', method: 'cash' });
    const short = await post(t, checker, `/${id}/disbursement/reject`, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    const res = await post(t, checker, `/${id}/disbursement/reject`, {
      reason: 'The bank details do not match the member',
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data as AdminLoanDetail;
    expect(detail.loan.status).toBe('approved');
    expect(detail.disbursementRequests[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The bank details do not match the member',
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'loan.disbursement_rejected'), eq(auditLog.entityId, id)));
    expect(audit?.actorId).toBe(checker.id);
    // A corrected request can be made again.
    const again = await post(t, maker, `/${id}/disburse`, {
      disbursementDate: '2025-06-15',
      method: 'bank_transfer',
    });
    expect(again.statusCode).toBe(200);
  });

  it('records a manual repayment with its reference; refuses more than the balance', async () => {
    const body = {
      amount: 10_000,
      paymentDate: '2025-06-15',
      method: 'bank_transfer',
      reference: 'GTB-88812',
    };
    const key = newKey();
    const res = await post(t, maker, `/${small}/repayments`, body, key);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data as AdminLoanDetail;
    expect(detail.repayments[0]).toMatchObject({
      amount: 10_000,
      reference: 'GTB-88812',
      paymentMethod: 'bank_transfer',
      recordedBy: { id: maker.id },
    });
    const replay = await post(t, maker, `/${small}/repayments`, body, key);
    expect(replay.json()).toEqual(res.json());
    const [row] = await t.db.select().from(loans).where(eq(loans.id, small));
    expect(detail.loan.outstandingBalance).toBe((row?.outstandingBalance ?? 0) / 100);
    expect(detail.repayments).toHaveLength(1);

    const tooMuch = await post(t, maker, `/${small}/repayments`, { ...body, amount: 5_000_000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe('REPAYMENT_EXCEEDS_BALANCE');
    const noRef = await post(t, maker, `/${small}/repayments`, { ...body, reference: ' ' });
    expect(noRef.statusCode).toBe(400);
    const onApproved = await loanMember(t, 'Ife Borrower', { savingsNaira: 600_000 });
    const approvedId = await loanThrough(
      t,
      { ...people, borrower: onApproved, guarantors: await freshGuarantors(t) },
      { amountNaira: 100_000 },
      'approved',
    );
    const notDisbursed = await post(t, maker, `/${approvedId}/repayments`, body);
    expect(notDisbursed.statusCode).toBe(409);
    await consistent(t);
  });

  it('marks a disbursed loan defaulted with a reason; the guarantees stay frozen', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/loans/${small}`,
      headers: maker.headers,
    });
    const frozenBefore = (before.json().data as AdminLoanDetail).guarantors.map(
      (g) => g.frozenAmount,
    );
    const short = await post(t, maker, `/${small}/default`, { reason: 'late' });
    expect(short.statusCode).toBe(400);
    const res = await post(t, maker, `/${small}/default`, {
      reason: 'No payment for three months after reminders',
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data as AdminLoanDetail;
    expect(detail.loan.status).toBe('defaulted');
    expect(detail.guarantors.map((g) => g.frozenAmount)).toEqual(frozenBefore);
    const again = await post(t, maker, `/${small}/default`, {
      reason: 'No payment for three months after reminders',
    });
    expect(again.statusCode).toBe(409);
    // Repayments are still recorded on a defaulted loan.
    const repay = await post(t, maker, `/${small}/repayments`, {
      amount: 5_000,
      paymentDate: '2025-06-15',
      method: 'cash',
      reference: 'RCPT-1',
    });
    expect(repay.statusCode).toBe(200);
    await consistent(t);
  });

  it("shows one loan's full history: guarantors, certifications, schedule, ledger, audit", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/loans/${small}`,
      headers: maker.headers,
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data as AdminLoanDetail;
    expect(detail.member).toMatchObject({ firstName: 'Ada', lastName: 'Obi' });
    expect(detail.guarantors.every((g) => g.status === 'accepted')).toBe(true);
    expect(detail.certifications).toHaveLength(2);
    expect(detail.loan.repaymentSchedule.scheduleItems.length).toBe(6);
    expect(detail.ledger.map((entry) => entry.kind)).toEqual([
      'loan_disbursement',
      'loan_repayment',
      'loan_repayment',
    ]);
    expect(detail.audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'loan.requested',
        'loan.approved',
        'loan.disbursed',
        'loan.repayment_recorded',
        'loan.defaulted',
      ]),
    );
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/loans/00000000-0000-4000-8000-000000000000',
      headers: maker.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('payroll: a repayment column repays the running loan once, in the posting', async () => {
    // `large` is disbursed (by the checker above); its borrower is on the payroll with a repayment.
    const [loan] = await t.db.select().from(loans).where(eq(loans.id, large));
    const borrowerId = loan?.userId ?? '';
    const [borrower] = await t.db.select().from(users).where(eq(users.id, borrowerId));
    const noLoan = await loanMember(t, 'Kunle Saver', { savingsNaira: 1_000 });
    const [saver] = await t.db.select().from(users).where(eq(users.id, noLoan.user.id));
    const csv = (text: string) => ({
      fileName: 'june.csv',
      content: Buffer.from(text).toString('base64'),
    });
    const bad = csv(
      `membershipId,month,savings,shares,repayment\r\n${borrower?.membershipId},2025-06,1000,0,49999999\r\n${saver?.membershipId},2025-06,1000,0,500\r\n`,
    );
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/payroll/preview',
      headers: maker.headers,
      payload: bad,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().data.rows as { errors: string[]; loanNumber: string | null }[];
    expect(rows[0]?.errors[0]).toMatch(
      /^The repayment of ₦49,999,999 is more than the ₦[\d,.]+ outstanding on loan LN-\d+$/,
    );
    expect(rows[1]?.errors).toEqual(['Kunle Saver has no running loan to repay']);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/payroll',
      headers: { ...maker.headers, 'idempotency-key': newKey() },
      payload: bad,
    });
    expect(refused.statusCode).toBe(400);

    const good = csv(
      `membershipId,month,savings,shares,repayment\r\n${borrower?.membershipId},2025-06,1000,0,25000.50\r\n`,
    );
    const shown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/payroll/preview',
      headers: maker.headers,
      payload: good,
    });
    expect(shown.json().data.rows[0]).toMatchObject({
      repayment: 25_000.5,
      loanNumber: loan?.loanNumber,
      status: 'new',
    });
    expect(shown.json().data.totals.repayments).toBe(25_000.5);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/payroll',
      headers: { ...maker.headers, 'idempotency-key': newKey() },
      payload: good,
    });
    const token = String(maker.headers.authorization).replace('Bearer ', '');
    expect((await finishedJob(t, posted, token)).message).toBe(
      // No deduction instruction was given, so the month is unexpected (decision 155).
      'Posted 1 contribution for June 2025. The members were asked to confirm. Loan repayments of ₦25,001 were recorded. Variances: 1 unexpected; each member was told what was deducted against what was expected.',
    );
    const [after] = await t.db.select().from(loans).where(eq(loans.id, large));
    expect(after?.outstandingBalance).toBe((loan?.outstandingBalance ?? 0) - 2_500_050);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/loans/${large}`,
      headers: maker.headers,
    });
    expect((history.json().data as AdminLoanDetail).repayments[0]).toMatchObject({
      amount: 25_000.5,
      paymentMethod: 'payroll',
      paymentDate: '2025-06-15',
    });
    // The same month again: nothing changes, the repayment included.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/payroll',
      headers: { ...maker.headers, 'idempotency-key': newKey() },
      payload: good,
    });
    expect((await finishedJob(t, again, token)).message).toBe(
      'Nothing was posted: every row for June 2025 was already posted',
    );
    const [same] = await t.db.select().from(loans).where(eq(loans.id, large));
    expect(same?.outstandingBalance).toBe(after?.outstandingBalance);
    await consistent(t);
  });

  it("counts the overview's queues: loans to disburse and overdue instalments", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/overview',
      headers: maker.headers,
    });
    const queues = (res.json().data as { queues: { key: string; count: number }[] }).queues;
    const approved = await t.db.$count(loans, eq(loans.status, 'approved'));
    expect(approved).toBeGreaterThan(0);
    expect(queues).toEqual(
      expect.arrayContaining([
        { key: 'loansToDisburse', label: 'Loans to disburse', count: approved },
        { key: 'overdueInstalments', label: 'Overdue instalments', count: 0 },
      ]),
    );
  });

  it('keeps the balance projection equal to the ledger', async () => {
    await consistent(t);
  });
});

const serverUrl = requirePostgres('back office loans concurrency');
describe.skipIf(!serverUrl)('back office loans under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      handle: await createPostgresTestDatabase(serverUrl ?? ''),
    });
    await setThreshold(t, THRESHOLD_KOBO);
  });
  afterAll(() => t.close());

  it('two admins disbursing the same loan at once disburse it once', async () => {
    const a = await admin(t, 'Chioma');
    const b = await admin(t, 'Tunde');
    const people = await parties(t);
    const id = await loanThrough(t, people, { amountNaira: 300_000 }, 'approved');
    const body = { disbursementDate: '2025-06-15', method: 'bank_transfer' };
    const answers = await Promise.all([
      post(t, a, `/${id}/disburse`, body),
      post(t, b, `/${id}/disburse`, body),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const disbursed = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'loan.disbursed'), eq(auditLog.entityId, id)));
    expect(disbursed).toHaveLength(1);
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });

  it('two checkers approving the same request at once disburse it once', async () => {
    const maker = await admin(t, 'Ngozi');
    const c1 = await admin(t, 'Emeka');
    const c2 = await admin(t, 'Kemi');
    const people = await parties(t);
    const id = await loanThrough(t, people, { amountNaira: 1_000_000 }, 'approved');
    const requests = await Promise.all([
      post(t, maker, `/${id}/disburse`, { disbursementDate: '2025-06-15', method: 'cash' }),
      post(t, c1, `/${id}/disburse`, { disbursementDate: '2025-06-15', method: 'cash' }),
    ]);
    expect(requests.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const pending = await t.db
      .select()
      .from(loanDisbursementRequests)
      .where(eq(loanDisbursementRequests.loanId, id));
    expect(pending).toHaveLength(1);
    const checkers = [maker, c1, c2].filter((who) => who.id !== pending[0]?.requestedBy);
    const answers = await Promise.all(
      checkers.map((who) => post(t, who, `/${id}/disbursement/approve`)),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    const disbursed = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'loan.disbursed'), eq(auditLog.entityId, id)));
    expect(disbursed).toHaveLength(1);
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});
