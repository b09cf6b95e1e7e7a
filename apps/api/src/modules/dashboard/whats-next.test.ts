import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@coop/shared/dashboard';
import type { Loan } from '@coop/shared/loans';
import { systemActor } from '../../lib/actor.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signIn } from '../../test/auth-helpers.js';
import { findProjectionMismatches } from '../ledger/ledger.service.js';
import { loanMember, loanThrough, type LoanTestMember } from '../../test/loan-members.js';
import { disburseLoan, recordRepayment } from '../loans/loan-servicing.service.js';
import { rejectGuarantorRequest, pendingGuarantorRequests } from '../loans/guarantees.service.js';
import { certifyLoan } from '../loans/loans.service.js';

/**
 * What's next, the current loan's timeline and the savings chart (docs/business-rules.md "What's
 * next", "A loan's timeline"; decision 160): read in the dashboard's one statement, for the
 * member only; a loan's path in My Loans' shape.
 */
const NOW = '2025-06-15T09:00:00Z';

describe("the dashboard's what's next and a loan's timeline", () => {
  let t: TestApp;
  let ada: LoanTestMember;
  let bayo: LoanTestMember;
  let chidi: LoanTestMember;
  let gina: LoanTestMember;
  let rita: LoanTestMember;
  let remi: LoanTestMember;
  let adaLoan: string;
  let ginaLoan: string;

  const tokenOf = async (member: LoanTestMember) =>
    (await signIn(t, member.user.email)).accessToken;
  const dashboardOf = async (member: LoanTestMember) => {
    const res = await t.app.inject({
      url: '/api/v1/users/dashboard',
      headers: bearer(await tokenOf(member)),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Dashboard }>().data;
  };
  const loansOf = async (member: LoanTestMember) => {
    const res = await t.app.inject({
      url: '/api/v1/users/loans?limit=100',
      headers: bearer(await tokenOf(member)),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Loan[] }>().data;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: '2025-04-01T09:00:00Z' });
    ada = await loanMember(t, 'Ada Obi', { savingsNaira: 600_000 });
    bayo = await loanMember(t, 'Bayo Adeyemi', { savingsNaira: 1_000_000 });
    chidi = await loanMember(t, 'Chidi Okafor', { savingsNaira: 1_000_000 });
    gina = await loanMember(t, 'Gina Ike', { savingsNaira: 300_000 });
    rita = await loanMember(t, 'Rita Reviewer', { isLoanReviewer: true });
    remi = await loanMember(t, 'Remi Reviewer', { isLoanReviewer: true });
    // Ada's loan, disbursed on April 1st: instalments due on the 1st of May, June, July…
    adaLoan = await loanThrough(
      t,
      { borrower: ada, guarantors: [bayo, chidi], reviewers: [rita, remi] },
      { amountNaira: 120_000, term: 6 },
      'approved',
    );
    await disburseLoan(t.deps, systemActor, { loanId: adaLoan, method: 'bank_transfer' });
    // Gina asks Ada and Bayo to guarantee her loan on June 10th; Bayo declines.
    t.clock.set('2025-06-10T09:00:00Z');
    ginaLoan = await loanThrough(
      t,
      { borrower: gina, guarantors: [ada, bayo], reviewers: [] },
      { amountNaira: 100_000, term: 6 },
      'pending',
    );
    const bayoAsk = (await pendingGuarantorRequests(t.deps, bayo.actor)).find(
      (item) => item.loanId.id === ginaLoan,
    );
    if (!bayoAsk) throw new Error('no request for Bayo');
    t.clock.set('2025-06-11T09:00:00Z');
    await rejectGuarantorRequest(t.deps, bayo.actor, {
      id: bayoAsk.id,
      token: bayoAsk.acceptanceToken,
    });
    t.clock.set(NOW);
  }, 120_000);
  afterAll(() => t.close());

  it('leads with money already late and its age, the next instalment, and a guarantee to answer with its deadline', async () => {
    const { nextUp } = await dashboardOf(ada);
    expect(nextUp).toEqual({
      // May's and June's instalments (₦21,000 each: ₦126,000 over six months) are unpaid on
      // June 15th, the oldest 45 days late.
      overdue: {
        loanId: expect.stringMatching(/^LN-\d{6}$/),
        amount: 42_000,
        instalments: 2,
        since: '2025-05-01',
        daysOverdue: 45,
      },
      nextInstalment: {
        loanId: expect.stringMatching(/^LN-\d{6}$/),
        month: 3,
        ofMonths: 6,
        dueDate: '2025-07-01',
        amount: 21_000,
      },
      guarantorRequest: {
        count: 1,
        loanId: expect.stringMatching(/^LN-\d{6}$/),
        borrower: 'Gina Ike',
        amount: 50_000,
        deadline: '2025-06-17',
      },
    });
    // Pending Actions gives the request the same deadline.
    const { pendingActions } = await dashboardOf(ada);
    expect(pendingActions.find((a) => a.type === 'guarantor_request')).toMatchObject({
      description: expect.stringMatching(/^Gina Ike asked you to guarantee loan LN-\d{6}$/),
      deadline: '2025-06-17',
    });
  });

  it('counts a part-paid instalment by what is left of it, and drops one paid in full', async () => {
    await recordRepayment(t.deps, systemActor, {
      loanId: adaLoan,
      amountKobo: 30_000_00,
      paymentMethod: 'payroll',
    });
    const { nextUp } = await dashboardOf(ada);
    // ₦30,000 pays May's ₦21,000 and ₦9,000 of June's.
    expect(nextUp.overdue).toMatchObject({
      amount: 12_000,
      instalments: 1,
      since: '2025-06-01',
      daysOverdue: 14,
    });
    expect(await findProjectionMismatches(t.db)).toEqual([]);
  });

  it("shows the running loan's path: who guaranteed, the certifications, the payout, instalments paid of total", async () => {
    const { currentLoan } = await dashboardOf(ada);
    expect(currentLoan).toMatchObject({
      id: adaLoan,
      status: 'disbursed',
      requestedAmount: 120_000,
      guarantors: [
        { firstName: 'Bayo', lastName: 'Adeyemi', status: 'accepted' },
        { firstName: 'Chidi', lastName: 'Okafor', status: 'accepted' },
      ],
      progress: {
        certificationsRequired: 2,
        certifications: [
          { decision: 'approve', certifiedAt: '2025-04-01T09:00:00.000Z' },
          { decision: 'approve', certifiedAt: '2025-04-01T09:00:00.000Z' },
        ],
        underReviewAt: '2025-04-01T09:00:00.000Z',
        decidedAt: '2025-04-01T09:00:00.000Z',
        disbursedAt: '2025-04-01T09:00:00.000Z',
        disbursementRequestedAt: null,
        repaidAt: null,
        rejectionReason: null,
        instalmentsPaid: 1,
        instalmentsTotal: 6,
        nextInstalment: { month: 2, dueDate: '2025-06-01', amount: 12_000 },
      },
    });
    // My Loans carries the same path in the loan's shape.
    const [mine] = await loansOf(ada);
    expect(mine?.progress).toEqual(currentLoan?.progress);
    expect(mine?.guarantors[0]?.invitationDate).toBe('2025-04-01T09:00:00.000Z');
  });

  it("shows an open request's path with each guarantor's answer", async () => {
    const { currentLoan, nextUp } = await dashboardOf(gina);
    expect(currentLoan).toMatchObject({
      id: ginaLoan,
      status: 'pending',
      guarantors: [
        {
          firstName: 'Ada',
          status: 'pending',
          invitationDate: '2025-06-10T09:00:00.000Z',
          responseDate: null,
        },
        {
          firstName: 'Bayo',
          status: 'rejected',
          responseDate: '2025-06-11T09:00:00.000Z',
        },
      ],
      progress: { certifications: [], underReviewAt: null, instalmentsTotal: 0 },
    });
    expect(nextUp).toEqual({ overdue: null, nextInstalment: null, guarantorRequest: null });
  });

  it("never shows another member's loan: the dashboard reads the member's own, and another's answers 404", async () => {
    expect((await dashboardOf(bayo)).currentLoan).toBeNull();
    expect((await dashboardOf(rita)).nextUp).toEqual({
      overdue: null,
      nextInstalment: null,
      guarantorRequest: null,
    });
    expect((await loansOf(bayo)).map((loan) => loan.id)).not.toContain(adaLoan);
    const res = await t.app.inject({
      url: `/api/v1/users/loans/${adaLoan}/guarantors`,
      headers: bearer(await tokenOf(gina)),
    });
    expect(res.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: '/api/v1/users/dashboard/savings-history' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a rejected loan leaves the dashboard and keeps its reason on its path', async () => {
    const chidiLoan = await loanThrough(
      t,
      { borrower: chidi, guarantors: [bayo, gina], reviewers: [] },
      { amountNaira: 50_000 },
      'under_review',
    );
    await certifyLoan(t.deps, rita.actor, {
      id: chidiLoan,
      decision: 'reject',
      note: 'Apply again with a business plan',
    });
    expect((await dashboardOf(chidi)).currentLoan).toBeNull();
    const [rejected] = await loansOf(chidi);
    expect(rejected?.progress).toMatchObject({
      certifications: [{ decision: 'reject' }],
      rejectionReason: 'Apply again with a business plan',
    });
  });
});
