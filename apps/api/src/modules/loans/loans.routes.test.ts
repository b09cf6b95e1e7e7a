import { formatNaira } from '@coop/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { GuarantorRequest } from '@coop/shared/guarantors';
import type { Loan, LoanCalculation } from '@coop/shared/loans';
import { auditLog, loanGuarantors, notifications } from '../../db/schema/index.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  readMemberBalance,
} from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { frozenMismatches, loanMember, type LoanTestMember } from '../../test/loan-members.js';
import { outbox } from '../../test/auth-helpers.js';

/**
 * The loans API through HTTP as the web app calls it (docs/member-portal.md §7, §8;
 * docs/business-rules.md): eligibility, the calculator, a request with three guarantors, accept /
 * reject / reassign, certification by two reviewers, the reject path, the IDOR matrix, the lists
 * and their filters. Ends with projection == ledger and frozen amounts == accepted guarantees.
 */

const NOW = '2025-06-15T09:00:00Z';
const API = '/api/v1/users';

describe('loans API', () => {
  let t: TestApp;
  let ada: LoanTestMember;
  let bayo: LoanTestMember;
  let chidi: LoanTestMember;
  let dayo: LoanTestMember;
  let efe: LoanTestMember;
  let femi: LoanTestMember;
  let rita: LoanTestMember;
  let remi: LoanTestMember;
  let newbie: LoanTestMember;
  let ginaMember: LoanTestMember | undefined;
  const gina = () => {
    if (!ginaMember) throw new Error('Gina is made by the reject path');
    return ginaMember;
  };
  let loan: Loan;

  const get = (who: LoanTestMember, url: string) =>
    t.app.inject({ method: 'GET', url: `${API}${url}`, headers: who.headers });
  const post = (who: LoanTestMember, url: string, payload: unknown, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}${url}`,
      headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as object,
    });
  const pendingRequestOf = async (who: LoanTestMember) => {
    const res = await get(who, '/guarantees');
    const [request] = res.json<{ data: GuarantorRequest[] }>().data;
    if (!request) throw new Error('no pending request');
    return request;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    ada = await loanMember(t, 'Ada Obi', { savingsNaira: 600_000 });
    bayo = await loanMember(t, 'Bayo Adeyemi', {
      savingsNaira: 1_000_000,
      isLoanReviewer: true,
      isExco: true,
    });
    chidi = await loanMember(t, 'Chidi Okafor', { savingsNaira: 600_000 });
    dayo = await loanMember(t, 'Dayo Bello', { savingsNaira: 90_000 });
    efe = await loanMember(t, 'Efe Eze', { savingsNaira: 500_000 });
    femi = await loanMember(t, 'Femi Ade', { savingsNaira: 500_000 });
    rita = await loanMember(t, 'Rita Reviewer', { isLoanReviewer: true });
    remi = await loanMember(t, 'Remi Reviewer', { isLoanReviewer: true });
    newbie = await loanMember(t, 'Nora New', {
      savingsNaira: 30_000,
      confirmed: false,
      joinedOn: '2025-05-02',
      months: ['2025-05', '2025-06'],
    });
  });
  afterAll(() => t.close());

  describe('eligibility', () => {
    it('is eligible with twice the confirmed savings as maximum', async () => {
      const res = await get(ada, '/loans/eligibility');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: { isEligible: true, maxLoanAmount: 1_200_000, reason: null, reasons: [] },
      });
    });

    it('lists every failing rule, the first as the reason', async () => {
      const res = await get(newbie, '/loans/eligibility');
      const data = res.json<{ data: { reasons: string[] } }>().data;
      expect(data).toEqual({
        isEligible: false,
        maxLoanAmount: 0,
        reason: 'Members can borrow after 6 months of membership; you can from Nov 02, 2025.',
        reasons: [
          'Members can borrow after 6 months of membership; you can from Nov 02, 2025.',
          'You have no confirmed savings yet. Only confirmed contributions count toward a loan.',
        ],
      });
    });

    it('answers 401 without a token', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${API}/loans/eligibility` });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('calculator', () => {
    it('prices ₦1,000,000 over 6 months: 5 % flat, ₦11,000 fees, ₦989,000 disbursed', async () => {
      const res = await post(ada, '/loans/calculate', {
        requestedAmount: 1_000_000,
        repaymentTermMonths: 6,
        deductProcessingFee: true,
      });
      expect(res.statusCode).toBe(200);
      const { calculation, bulletPayment } = res.json<{ data: LoanCalculation }>().data;
      expect(calculation).toMatchObject({
        requestedAmount: 1_000_000,
        disbursementAmount: 989_000,
        interestRate: 5,
        interestAmount: 50_000,
        insuranceFee: 10_000,
        formFee: 1_000,
        totalProcessingFees: 11_000,
        totalRepaymentAmount: 1_050_000,
        repaymentTermMonths: 6,
      });
      expect(calculation.repaymentSchedule).toHaveLength(6);
      expect(calculation.repaymentSchedule.reduce((sum, item) => sum + item.totalAmount, 0)).toBe(
        1_050_000,
      );
      expect(calculation.repaymentSchedule[0]?.dueDate).toBe('2025-07-15');
      expect(calculation.repaymentSchedule.at(-1)?.remainingBalance).toBe(0);
      expect(bulletPayment).toEqual({ totalRepaymentAmount: 1_050_000 });
    });

    it('adds the fees to the total when they are not deducted, and offers no bullet past 6 months', async () => {
      const res = await post(ada, '/loans/calculate', {
        requestedAmount: 1_000_000,
        repaymentTermMonths: 12,
        deductProcessingFee: false,
      });
      const { calculation, bulletPayment } = res.json<{ data: LoanCalculation }>().data;
      expect(calculation.disbursementAmount).toBe(1_000_000);
      expect(calculation.totalRepaymentAmount).toBe(1_111_000);
      expect(bulletPayment).toBeUndefined();
    });

    it.each([
      [{ requestedAmount: 0 }, 'Amount must be a positive number'],
      [{ requestedAmount: 50_000_001 }, 'Amount cannot exceed ₦50,000,000'],
      [{}, 'Amount is required'],
    ])('refuses %j with the spec message', async (body, message) => {
      const res = await post(ada, '/loans/calculate', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    });
  });

  describe('request', () => {
    it('refuses an amount above the member maximum with the spec message', async () => {
      const res = await post(ada, '/loans/request', {
        requestedAmount: 1_300_000,
        purpose: 'Shop stock for the new season',
        repaymentTermMonths: 6,
        guarantorUserIds: [bayo.user.id, chidi.user.id],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Amount cannot exceed your maximum eligible amount of ₦1,200,000',
      );
    });

    it.each([
      [() => [bayo.user.id], 'You must select at least 2 guarantors'],
      [
        () => [bayo.user.id, chidi.user.id, dayo.user.id, efe.user.id, femi.user.id],
        'You can select a maximum of 4 guarantors',
      ],
    ])('refuses a wrong number of guarantors (%#)', async (ids, message) => {
      const res = await post(ada, '/loans/request', {
        requestedAmount: 100_000,
        purpose: 'Shop stock for the new season',
        guarantorUserIds: ids(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('refuses the borrower as guarantor, and a purpose under 10 characters', async () => {
      const self = await post(ada, '/loans/request', {
        requestedAmount: 100_000,
        purpose: 'Shop stock for the new season',
        guarantorUserIds: [ada.user.id, bayo.user.id],
      });
      expect(self.statusCode).toBe(409);
      expect(self.json().message).toBe('You cannot be your own guarantor');
      const short = await post(ada, '/loans/request', {
        requestedAmount: 100_000,
        purpose: 'Stock',
        guarantorUserIds: [bayo.user.id, chidi.user.id],
      });
      expect(short.json().message).toBe('Purpose must be at least 10 characters');
    });

    it('creates the loan with one pending request per guarantor, amount split with the kobo to the first', async () => {
      const res = await post(
        ada,
        '/loans/request',
        {
          requestedAmount: 1_000_000,
          purpose: 'Shop stock for the new season',
          repaymentTermMonths: 6,
          deductProcessingFee: true,
          guarantorUserIds: [bayo.user.id, chidi.user.id, dayo.user.id],
        },
        'ada-loan-1',
      );
      expect(res.statusCode).toBe(201);
      loan = res.json<{ data: Loan }>().data;
      expect(loan).toMatchObject({
        loanId: 'LN-000001',
        status: 'pending',
        requestedAmount: 1_000_000,
        interestRate: 5,
        totalRepayment: 1_050_000,
        outstandingBalance: 0,
      });
      expect(loan.guarantors.map((g) => [g.firstName, g.guaranteeAmount, g.status])).toEqual([
        ['Bayo', 333_333.34, 'pending'],
        ['Chidi', 333_333.33, 'pending'],
        ['Dayo', 333_333.33, 'pending'],
      ]);
      expect(loan.repaymentSchedule.scheduleItems).toHaveLength(6);
      // Nothing is frozen until a guarantor accepts.
      const frozen = await readMemberBalance(t.db, bayo.user.id);
      expect(frozen?.frozen).toBe(0);
      const asked = await t.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, chidi.user.id), eq(notifications.type, 'guarantor_request')),
        );
      expect(asked[0]).toMatchObject({
        title: 'Guarantor request from Ada Obi',
        // The exact request: Guarantor Requests searched for the loan.
        actionUrl: '/loans?tab=guarantor-requests&search=LN-000001',
      });
      const mails = await outbox(t);
      expect(mails.some((mail) => mail.subject === 'Ada Obi asked you to guarantee a loan')).toBe(
        true,
      );
    });

    it('replays the same answer for a repeated Idempotency-Key', async () => {
      const again = await post(
        ada,
        '/loans/request',
        {
          requestedAmount: 1_000_000,
          purpose: 'Shop stock for the new season',
          repaymentTermMonths: 6,
          deductProcessingFee: true,
          guarantorUserIds: [bayo.user.id, chidi.user.id, dayo.user.id],
        },
        'ada-loan-1',
      );
      expect(again.statusCode).toBe(201);
      expect(again.json<{ data: Loan }>().data.id).toBe(loan.id);
    });

    it('refuses a second loan while one is in progress', async () => {
      const res = await post(ada, '/loans/request', {
        requestedAmount: 100_000,
        purpose: 'Another loan for school fees',
        guarantorUserIds: [efe.user.id, femi.user.id],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'LOAN_NOT_ELIGIBLE',
        message: 'You already have a loan in progress.',
      });
    });
  });

  describe('guarantor requests', () => {
    it('lists pending requests addressed to the member, in the spec shape', async () => {
      const res = await get(bayo, '/guarantees');
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: GuarantorRequest[]; pagination: { totalItems: number } }>();
      expect(body.pagination.totalItems).toBe(1);
      expect(body.data[0]).toMatchObject({
        status: 'pending',
        guaranteeAmount: 333_333.34,
        loanId: {
          loanId: 'LN-000001',
          requestedAmount: 1_000_000,
          status: 'pending',
          repaymentTermMonths: 6,
          userId: { firstName: 'Ada', lastName: 'Obi' },
        },
      });
      const accepted = await get(bayo, '/guarantees?status=accepted');
      expect(accepted.json<{ data: unknown[] }>().data).toEqual([]);
      const bySearch = await get(bayo, '/guarantees?search=ada%20obi');
      expect(bySearch.json<{ data: unknown[] }>().data).toHaveLength(1);
    });

    it('refuses a wrong token and another member’s request', async () => {
      const request = await pendingRequestOf(bayo);
      const wrong = await post(bayo, `/guarantees/${request.id}/accept`, { token: 'nope' });
      expect(wrong.statusCode).toBe(400);
      const other = await post(chidi, `/guarantees/${request.id}/accept`, {
        token: request.acceptanceToken,
      });
      expect(other.statusCode).toBe(404);
    });

    it('refuses to freeze more than the available balance (409, clear message)', async () => {
      const request = await pendingRequestOf(dayo);
      // The list says what is available, so the accept dialog shows it short before asking.
      const list = await get(dayo, '/guarantees');
      expect(list.json()).toMatchObject({ summary: { availableSavings: 90_000 } });
      const res = await post(dayo, `/guarantees/${request.id}/accept`, {
        token: request.acceptanceToken,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'Your available balance of ₦90,000 is below the guarantee amount of ₦333,333',
      );
    });

    it('accepts: freezes the guarantee, once, and the list’s available savings drop by it', async () => {
      const request = await pendingRequestOf(bayo);
      const availableOf = async () =>
        (await get(bayo, '/guarantees')).json<{ summary: { availableSavings: number } }>().summary
          .availableSavings;
      const before = await availableOf();
      const res = await post(bayo, `/guarantees/${request.id}/accept`, {
        token: request.acceptanceToken,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Guarantor request accepted successfully!',
        data: { status: 'accepted' },
      });
      const again = await post(bayo, `/guarantees/${request.id}/accept`, {
        token: request.acceptanceToken,
      });
      expect(again.statusCode).toBe(409);
      const balance = await readMemberBalance(t.db, bayo.user.id);
      expect(balance?.frozen).toBe(33_333_334);
      // In kobo: ₦333,333.34 less, to the kobo.
      expect(Math.round((await availableOf()) * 100)).toBe(Math.round(before * 100) - 33_333_334);
    });

    it('rejects with an optional reason', async () => {
      for (const who of [chidi, dayo]) {
        const request = await pendingRequestOf(who);
        const res = await post(who, `/guarantees/${request.id}/reject`, {
          token: request.acceptanceToken,
          reason: 'I am guaranteeing my brother this year',
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe('Guarantor request rejected successfully!');
      }
      const told = await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, ada.user.id));
      expect(told.map((n) => n.title)).toContain('Chidi Okafor declined to guarantee LN-000001');
    });

    it('asks the borrower on the dashboard, in one item, to replace the guarantors who declined', async () => {
      const res = await get(ada, '/dashboard');
      expect(res.statusCode).toBe(200);
      const { pendingActions } = res.json<{ data: { pendingActions: unknown[] } }>().data;
      expect(pendingActions).toEqual([
        {
          id: expect.any(String),
          type: 'guarantor_request',
          description: expect.stringMatching(
            /^(Chidi Okafor and Dayo Bello|Dayo Bello and Chidi Okafor) declined to guarantee your loan LN-000001$/,
          ),
          actionRequired: 'Choose other guarantors',
          deadline: null,
          actionUrl: '/guarantees/invite',
        },
      ]);
    });
  });

  describe('reassign', () => {
    it('is for the borrower only: another member gets 404', async () => {
      const slot = loanSlot('Chidi');
      const res = await post(bayo, `/guarantees/${slot}/reassign`, {
        newGuarantorUserId: efe.user.id,
      });
      expect(res.statusCode).toBe(404);
    });

    it('refuses a member already on the loan, a mismatched guarantorId and a pending slot', async () => {
      const chidiSlot = loanSlot('Chidi');
      const onLoan = await post(ada, `/guarantees/${chidiSlot}/reassign`, {
        newGuarantorUserId: bayo.user.id,
      });
      expect(onLoan.statusCode).toBe(409);
      expect(onLoan.json().message).toBe('This member is already a guarantor on this loan');
      const mismatch = await post(ada, `/guarantees/${chidiSlot}/reassign`, {
        newGuarantorUserId: efe.user.id,
        guarantorId: loanSlot('Dayo'),
      });
      expect(mismatch.statusCode).toBe(400);
      const accepted = await post(ada, `/guarantees/${loanSlot('Bayo')}/reassign`, {
        newGuarantorUserId: efe.user.id,
      });
      expect(accepted.statusCode).toBe(409);
      expect(accepted.json().message).toBe(
        'Only a guarantor who rejected the request can be reassigned',
      );
    });

    it('replaces a rejected guarantor once; the old request leaves every list', async () => {
      const chidiSlot = loanSlot('Chidi');
      const res = await post(ada, `/guarantees/${chidiSlot}/reassign`, {
        newGuarantorUserId: efe.user.id,
        guarantorId: chidiSlot,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Guarantor reassigned successfully',
        data: { firstName: 'Efe', status: 'pending', guaranteeAmount: 333_333.33 },
      });
      const chidiList = await get(chidi, '/guarantees?status=rejected');
      expect(chidiList.json<{ data: unknown[] }>().data).toEqual([]);
      const guarantors = await get(ada, `/loans/${loan.id}/guarantors`);
      expect(
        guarantors.json<{ data: { firstName: string }[] }>().data.map((g) => g.firstName),
      ).toEqual(['Bayo', 'Efe', 'Dayo']);
      // The web app offers 'Reassign' only on a place that was never reassigned.
      expect(
        guarantors
          .json<{ data: { firstName: string; isReplacement: boolean }[] }>()
          .data.map((g) => [g.firstName, g.isReplacement]),
      ).toEqual([
        ['Bayo', false],
        ['Efe', true],
        ['Dayo', false],
      ]);
      const twice = await post(ada, `/guarantees/${chidiSlot}/reassign`, {
        newGuarantorUserId: femi.user.id,
      });
      expect(twice.statusCode).toBe(409);
      await post(ada, `/guarantees/${loanSlot('Dayo')}/reassign`, {
        newGuarantorUserId: femi.user.id,
      });
    });

    it('moves the loan under review when every guarantor accepted, and tells the reviewers', async () => {
      for (const who of [efe, femi]) {
        const request = await pendingRequestOf(who);
        expect(
          (await post(who, `/guarantees/${request.id}/accept`, { token: request.acceptanceToken }))
            .statusCode,
        ).toBe(200);
      }
      const mine = await get(ada, '/loans');
      expect(mine.json<{ data: Loan[] }>().data[0]?.status).toBe('under_review');
      const reviewerNotes = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, 'loan_review')));
      // Rita and Remi; never Bayo, who guarantees it.
      expect(new Set(reviewerNotes.map((n) => n.userId))).toEqual(
        new Set([rita.user.id, remi.user.id]),
      );
    });
  });

  describe('on the dashboard', () => {
    it('shows loans to certify, guarantees frozen and the loan in recent activity', async () => {
      const dashboard = async (who: LoanTestMember) =>
        (await get(who, '/dashboard')).json<{
          data: {
            financialSummary: { frozenAmount: number; availableBalance: number };
            recentActivity: { type: string; description: string }[];
            pendingActions: { type: string; actionUrl: string }[];
          };
        }>().data;
      const forRita = await dashboard(rita);
      expect(forRita.pendingActions).toContainEqual(
        expect.objectContaining({ type: 'loan_review', actionUrl: '/loans?tab=loan-review' }),
      );
      // The same statement for everyone: the reviewer flag is read from the member's row.
      const forEfe = await dashboard(efe);
      expect(forEfe.pendingActions.map((action) => action.type)).not.toContain('loan_review');
      const forBayo = await dashboard(bayo);
      expect(forBayo.financialSummary.frozenAmount).toBe(333_333.34);
      expect(forBayo.financialSummary.availableBalance).toBe(666_666.66);
      const forAda = await dashboard(ada);
      expect(forAda.recentActivity[0]).toMatchObject({
        type: 'loan',
        description: 'Loan LN-000001 requested: Shop stock for the new season',
      });
    });
  });

  describe('certification', () => {
    it('is for reviewers only (403), and hides loans the reviewer guarantees', async () => {
      expect((await get(ada, '/loans/under-review')).statusCode).toBe(403);
      const bayoList = await get(bayo, '/loans/under-review');
      expect(bayoList.json<{ data: unknown[] }>().data).toEqual([]);
      // The total counts what the reviewer may certify, not every loan under review.
      expect(bayoList.json().pagination).toMatchObject({ totalItems: 0, totalPages: 1 });
      const res = await post(bayo, `/loans/${loan.id}/certify`, { decision: 'approve' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You cannot certify a loan you requested or guarantee');
    });

    it('lists the loan for other reviewers in the spec shape', async () => {
      const res = await get(rita, '/loans/under-review');
      expect(res.json().pagination).toMatchObject({ totalItems: 1, currentPage: 1 });
      expect(res.json<{ data: unknown[] }>().data[0]).toMatchObject({
        id: loan.id,
        loanId: 'LN-000001',
        applicant: { firstName: 'Ada', lastName: 'Obi' },
        requestedAmount: 1_000_000,
        requiredCertifications: 2,
        remainingCertifications: 2,
        certifications: [],
      });
    });

    it('needs a reason to reject', async () => {
      const res = await post(rita, `/loans/${loan.id}/certify`, { decision: 'reject' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A reason is required to reject a loan');
    });

    it('approves after two reviewers, once each', async () => {
      const first = await post(rita, `/loans/${loan.id}/certify`, {
        decision: 'approve',
        note: 'Savings history is steady',
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        message: 'Loan approved successfully!',
        data: { status: 'under_review', remainingCertifications: 1 },
      });
      const twice = await post(rita, `/loans/${loan.id}/certify`, { decision: 'approve' });
      expect(twice.statusCode).toBe(409);
      const second = await post(remi, `/loans/${loan.id}/certify`, { decision: 'approve' });
      expect(second.json()).toMatchObject({
        data: { status: 'approved', remainingCertifications: 0 },
      });
      const told = await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, ada.user.id));
      expect(told.map((n) => n.title)).toContain('Your loan LN-000001 was approved');
      const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'loan.approved'));
      expect(audits).toHaveLength(1);
    });
  });

  describe('the reject path', () => {
    it('rejecting releases every frozen guarantee', async () => {
      ginaMember = await loanMember(t, 'Gina Ike', { savingsNaira: 300_000 });
      const res = await post(gina(), '/loans/request', {
        requestedAmount: 200_000,
        purpose: 'Farm inputs for the rainy season',
        repaymentTermMonths: 12,
        guarantorUserIds: [chidi.user.id, efe.user.id],
      });
      expect(res.statusCode).toBe(201);
      const ginaLoan = res.json<{ data: Loan }>().data;
      for (const who of [chidi, efe]) {
        const request = await pendingRequestOf(who);
        await post(who, `/guarantees/${request.id}/accept`, { token: request.acceptanceToken });
      }
      const chidiBefore = await frozenOf(chidi);
      expect(chidiBefore).toBe(10_000_000);
      const rejected = await post(rita, `/loans/${ginaLoan.id}/certify`, {
        decision: 'reject',
        note: 'The farm has no water this season',
      });
      expect(rejected.json()).toMatchObject({
        message: 'Loan rejected successfully!',
        data: { status: 'rejected' },
      });
      expect(await frozenOf(chidi)).toBe(0);
      const late = await post(remi, `/loans/${ginaLoan.id}/certify`, { decision: 'approve' });
      expect(late.statusCode).toBe(409);
      // Gina reads why in My Loans; no one else sees her loan at all.
      const mine = await get(gina(), '/loans?status=rejected');
      expect(mine.json<{ data: Loan[] }>().data).toMatchObject([
        {
          loanId: ginaLoan.loanId,
          progress: { rejectionReason: 'The farm has no water this season' },
        },
      ]);
      expect((await get(chidi, `/loans/${ginaLoan.id}`)).statusCode).toBe(404);
    });
  });

  describe('my loans', () => {
    it('filters by status, search and amount; another member sees none of them', async () => {
      const byStatus = await get(ada, '/loans?status=approved');
      expect(byStatus.json<{ data: Loan[] }>().data.map((l) => l.loanId)).toEqual(['LN-000001']);
      expect((await get(ada, '/loans?status=rejected')).json<{ data: Loan[] }>().data).toEqual([]);
      expect(
        (await get(ada, '/loans?search=shop%20stock')).json<{ data: Loan[] }>().data,
      ).toHaveLength(1);
      const [byId] = (await get(ada, '/loans?search=LN-000001')).json<{ data: Loan[] }>().data;
      expect(byId?.loanId).toBe('LN-000001');
      // The top bar's search: a term that reads as an amount also finds the amount requested.
      const amount = encodeURIComponent(formatNaira(byId?.requestedAmount ?? 0));
      expect(
        (await get(ada, `/loans?search=${amount}`))
          .json<{ data: Loan[] }>()
          .data.map((l) => l.loanId),
      ).toEqual(['LN-000001']);
      expect((await get(ada, '/loans?minAmount=2000000')).json<{ data: Loan[] }>().data).toEqual(
        [],
      );
      expect(
        (await get(ada, '/loans?startDate=2025-06-15&endDate=2025-06-15')).json<{ data: Loan[] }>()
          .data,
      ).toHaveLength(1);
      expect((await get(bayo, '/loans')).json<{ data: Loan[] }>().data).toEqual([]);
    });

    it('answers 404 for another member’s loan guarantors', async () => {
      expect((await get(bayo, `/loans/${loan.id}/guarantors`)).statusCode).toBe(404);
      expect(
        (await get(bayo, '/loans/00000000-0000-4000-8000-000000000000/guarantors')).statusCode,
      ).toBe(404);
    });

    it('answers the spec defaults on a reset list: page 1, 10 a page, newest request first', async () => {
      const res = await get(ada, '/loans');
      expect(res.statusCode).toBe(200);
      expect(res.json<{ pagination: unknown }>().pagination).toEqual({
        currentPage: 1,
        totalPages: 1,
        totalItems: 1,
        hasNext: false,
        hasPrev: false,
        limit: 10,
      });
      t.clock.advance(60_000);
      const second = await post(gina(), '/loans/request', {
        requestedAmount: 50_000,
        purpose: 'Second loan to test the order of the list',
        repaymentTermMonths: 6,
        guarantorUserIds: [efe.user.id, femi.user.id],
      });
      expect(second.statusCode).toBe(201);
      const list = (await get(gina(), '/loans')).json<{ data: Loan[] }>().data;
      expect(list.map((l) => l.purpose)).toEqual([
        'Second loan to test the order of the list',
        'Farm inputs for the rainy season',
      ]);
      const oldestFirst = await get(gina(), '/loans?sortBy=requestDate&sortOrder=asc&limit=1');
      expect(oldestFirst.json<{ data: Loan[] }>().data.map((l) => l.purpose)).toEqual([
        'Farm inputs for the rainy season',
      ]);
      expect(oldestFirst.json<{ pagination: { totalPages: number } }>().pagination.totalPages).toBe(
        2,
      );
    });

    it('filters by amount range in naira and request date range, and refuses crossed ranges', async () => {
      const ids = async (url: string) =>
        (await get(gina(), url)).json<{ data: Loan[] }>().data.map((l) => l.requestedAmount);
      expect(await ids('/loans?minAmount=100000')).toEqual([200_000]);
      expect(await ids('/loans?maxAmount=50000')).toEqual([50_000]);
      expect(await ids('/loans?minAmount=50000&maxAmount=200000')).toEqual([50_000, 200_000]);
      expect(await ids('/loans?status=pending&minAmount=1')).toEqual([50_000]);
      expect(await ids('/loans?startDate=2025-06-16')).toEqual([]);
      expect(await ids('/loans?endDate=2025-06-14')).toEqual([]);
      const crossed = await get(gina(), '/loans?minAmount=10&maxAmount=5');
      expect(crossed.statusCode).toBe(400);
      expect(crossed.json().message).toBe('Minimum amount cannot exceed maximum amount');
      const dates = await get(gina(), '/loans?startDate=2025-06-20&endDate=2025-06-01');
      expect(dates.statusCode).toBe(400);
      expect(dates.json().message).toBe('Start date must be on or before end date');
      expect((await get(gina(), '/loans?status=unknown')).statusCode).toBe(400);
      expect((await get(gina(), '/loans?sortBy=password')).statusCode).toBe(400);
    });

    it('filters guarantor requests by status, invitation date and guarantee amount', async () => {
      const amounts = async (url: string) =>
        (await get(efe, url))
          .json<{ data: GuarantorRequest[] }>()
          .data.map((r) => [r.status, r.guaranteeAmount]);
      expect(await amounts('/guarantees')).toEqual([['pending', 25_000]]);
      expect(
        await amounts('/guarantees?status=accepted&sortBy=guaranteeAmount&sortOrder=asc'),
      ).toEqual([
        ['accepted', 100_000],
        ['accepted', 333_333.33],
      ]);
      expect(await amounts('/guarantees?status=accepted&minAmount=300000')).toEqual([
        ['accepted', 333_333.33],
      ]);
      expect(await amounts('/guarantees?status=accepted&maxAmount=300000')).toEqual([
        ['accepted', 100_000],
      ]);
      expect(await amounts('/guarantees?search=gina')).toEqual([['pending', 25_000]]);
      expect(await amounts('/guarantees?search=LN-000001&status=accepted')).toEqual([
        ['accepted', 333_333.33],
      ]);
      expect(await amounts('/guarantees?startDate=2025-06-16')).toEqual([]);
      expect(await amounts('/guarantees?startDate=2025-06-15&endDate=2025-06-15')).toEqual([
        ['pending', 25_000],
      ]);
      expect((await get(efe, '/guarantees?status=all')).statusCode).toBe(400);
    });

    it('the IDOR matrix: another member’s loan, guarantee and certification answer 404 or 403', async () => {
      // Femi takes no part in Ada's loan and is no reviewer.
      const slot = loanSlot('Bayo');
      const token = 'a'.repeat(32);
      expect((await get(femi, `/loans/${loan.id}/guarantors`)).statusCode).toBe(404);
      expect(
        (await get(femi, `/loans?search=${loan.loanId}`)).json<{ data: Loan[] }>().data,
      ).toEqual([]);
      for (const action of ['accept', 'reject'] as const) {
        const res = await post(femi, `/guarantees/${slot}/${action}`, { token });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false });
      }
      const reassign = await post(femi, `/guarantees/${slot}/reassign`, {
        newGuarantorUserId: chidi.user.id,
      });
      expect(reassign.statusCode).toBe(404);
      // A guarantor is not the borrower: reassigning a place on the loan they guarantee is 404.
      expect(
        (await post(bayo, `/guarantees/${slot}/reassign`, { newGuarantorUserId: chidi.user.id }))
          .statusCode,
      ).toBe(404);
      const certify = await post(femi, `/loans/${loan.id}/certify`, { decision: 'approve' });
      expect(certify.statusCode).toBe(403);
      expect((await get(femi, '/loans/under-review')).statusCode).toBe(403);
      // The borrower cannot certify their own loan, reviewer or not.
      const own = await post(ada, `/loans/${loan.id}/certify`, { decision: 'approve' });
      expect(own.statusCode).toBe(403);
      // Nothing was written by the refused requests.
      const after = await get(ada, `/loans/${loan.id}/guarantors`);
      expect(after.json<{ data: { firstName: string }[] }>().data.map((g) => g.firstName)).toEqual([
        'Bayo',
        'Efe',
        'Femi',
      ]);
    });

    it('finds guarantor candidates by name, never the member or inactive members', async () => {
      const res = await get(ada, '/guarantor-candidates?search=bayo');
      expect(res.json<{ data: unknown[] }>().data).toEqual([
        expect.objectContaining({ firstName: 'Bayo', isExco: true }),
      ]);
      const self = await get(ada, '/guarantor-candidates?search=ada');
      expect(self.json<{ data: unknown[] }>().data).toEqual([]);
      const all = await get(ada, '/guarantor-candidates?limit=100');
      expect(JSON.stringify(all.json())).not.toContain('passwordHash');
    });

    it('pages guarantor candidates like every list: past the last page, the total still counts', async () => {
      const first = await get(ada, '/guarantor-candidates?limit=1');
      const { totalItems } = first.json<{ pagination: { totalItems: number } }>().pagination;
      expect(totalItems).toBeGreaterThan(1);
      const past = await get(ada, `/guarantor-candidates?limit=1&page=${totalItems + 1}`);
      expect(past.json()).toMatchObject({ data: [], pagination: { totalItems } });
    });
  });

  it('keeps the projection equal to the ledger and frozen amounts equal to accepted guarantees', async () => {
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
    expect(await frozenMismatches(t)).toEqual([]);
  });

  it("finds a guarantor slot whose frozen amount is not its hold's (what check-ledger reports)", async () => {
    const slotId = loanSlot('Bayo');
    const [slot] = await t.db.select().from(loanGuarantors).where(eq(loanGuarantors.id, slotId));
    const held = slot?.frozenAmount ?? 0;
    // Off by one kobo, within the slot's own bounds (0 to the guarantee amount).
    const drifted = held > 0 ? held - 1 : 1;
    const setRecorded = (frozenAmount: number) =>
      t.db.update(loanGuarantors).set({ frozenAmount }).where(eq(loanGuarantors.id, slotId));
    await setRecorded(drifted);
    expect(await findHoldMismatches(t.db)).toEqual([
      { kind: 'guarantee', userId: bayo.user.id, slotId, recorded: drifted, held },
    ]);
    await setRecorded(held);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });

  function loanSlot(firstName: string): string {
    const slot = loan.guarantors.find((g) => g.firstName === firstName);
    if (!slot) throw new Error(`no slot for ${firstName}`);
    return slot.id;
  }

  async function frozenOf(who: LoanTestMember): Promise<number> {
    return (await readMemberBalance(t.db, who.user.id))?.frozen ?? -1;
  }
});
