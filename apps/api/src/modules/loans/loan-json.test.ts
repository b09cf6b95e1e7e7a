import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import type { CurrentLoan } from '@coop/shared/dashboard';
import type { GuarantorRequest, GuarantorRequestListResponse } from '@coop/shared/guarantors';
import type { Loan, LoanGuarantor, ScheduleItem } from '@coop/shared/loans';
import { koboToNaira } from '@coop/shared/money';
import { queryRows } from '../../db/client.js';
import {
  loanCertifications,
  loanDisbursementRequests,
  loanGuarantors,
  loanRepayments,
  loans,
  loanScheduleItems,
  users,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { loanMember, type LoanTestMember } from '../../test/loan-members.js';
import { readMemberBalance } from '../ledger/ledger.service.js';
import { quotedScheduleJson } from './loan-json.js';
import { quoteOf, toGuarantorRequest } from './loan-shape.js';
import { loanById } from './loans.service.js';
import type { LoanRow } from './loans.repository.js';

/**
 * A loan as PostgreSQL writes it (decision 170) is the loan the API mapped in JavaScript before:
 * the quoted schedule against the shared loan maths for any loan, and every answer that shows a
 * loan (the member's list, a loan by id, its guarantors, the dashboard's current loan) for loans
 * in every state, against that mapping (`expectedLoan` below, the code it replaced). Under test
 * every list answer is also exactly the text zod writes for the route's schema (`sendJsonText`),
 * so equal values mean equal bytes. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const NOW = '2025-06-15T09:00:00Z';
const API = '/api/v1/users';

/** A loan's quoted schedule as `quotedSchedule` in loan-shape.ts wrote it (calculateLoan). */
function expectedQuote(loan: LoanRow): ScheduleItem[] {
  return quoteOf(loan, toIsoDateInTimeZone(loan.requestDate)).schedule.map((item) => ({
    month: item.month,
    totalAmount: koboToNaira(item.totalAmountKobo),
    principalAmount: koboToNaira(item.principalAmountKobo),
    interestAmount: koboToNaira(item.interestAmountKobo),
    remainingBalance: koboToNaira(item.remainingBalanceKobo),
    dueDate: item.dueDate,
    status: 'pending',
  }));
}

describe('a loan as PostgreSQL writes it', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(async () => {
    await t.close();
  });

  it('quotes the schedule of a loan not yet disbursed as the shared loan maths does', async () => {
    // Instants around Lagos midnight and month ends (the request's day starts the schedule).
    const edges = [
      '2025-01-30T23:00:00.000Z', // 00:00 on 31 January in Lagos: due 28 February, …
      '2025-01-30T22:59:59.999Z', // still 30 January in Lagos
      '2024-01-31T10:00:00.000Z', // 29 February in a leap year
      '2023-08-31T12:00:00.000Z',
      '2025-12-31T22:59:59.999Z', // 31 December in Lagos, the next year's months
    ].map((iso) => new Date(iso));
    const loanArb = fc
      .record({
        requestedAmount: fc.oneof(
          fc.integer({ min: 1, max: 500_000_000 }),
          fc.integer({ min: 1, max: 5_000 }).map((naira) => naira * 100 * 18),
        ),
        repaymentTermMonths: fc.constantFrom(6, 12, 18),
        interestRateBps: fc.integer({ min: 0, max: 5_000 }),
        insuranceFee: fc.integer({ min: 0, max: 5_000_000 }),
        formFee: fc.integer({ min: 0, max: 500_000 }),
        deductProcessingFee: fc.boolean(),
        requestDate: fc.oneof(
          fc.date({
            min: new Date('2020-01-01T00:00:00Z'),
            max: new Date('2035-12-31T23:59:59Z'),
            noInvalidDate: true,
          }),
          fc.constantFrom(...edges),
        ),
      })
      // A stored loan always disburses something (the request refuses the rest).
      .filter(
        (loan) =>
          !loan.deductProcessingFee || loan.requestedAmount > loan.insuranceFee + loan.formFee,
      );
    await fc.assert(
      fc.asyncProperty(loanArb, async (values) => {
        const loan = { ...values, requiredCertifications: 2 } as LoanRow;
        const [row] = await queryRows<{ quote: string }>(
          t.db,
          sql`select ${quotedScheduleJson()}::text as quote
            from (select ${loan.requestedAmount}::bigint as requested_amount,
              ${loan.interestRateBps}::integer as interest_rate_bps,
              ${loan.deductProcessingFee}::boolean as deduct_processing_fee,
              ${loan.insuranceFee}::bigint as insurance_fee, ${loan.formFee}::bigint as form_fee,
              ${loan.repaymentTermMonths}::integer as repayment_term_months,
              ${loan.requestDate.toISOString()}::timestamptz as request_date) as loans`,
        );
        expect(row?.quote).toBe(JSON.stringify(expectedQuote(loan)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('loans in every state, as every answer shows them', () => {
  let t: TestApp;
  let ada: LoanTestMember;
  let bayo: LoanTestMember;
  let chidi: LoanTestMember;
  let dayo: LoanTestMember;
  let efe: LoanTestMember;

  const get = (who: LoanTestMember, url: string) =>
    t.app.inject({ method: 'GET', url: `${API}${url}`, headers: who.headers });

  let loanCount = 0;
  /** A loan of Ada's as its row: priced as the request prices it, in `status`. */
  async function insertLoan(
    values: Partial<typeof loans.$inferInsert> & {
      requestedAmount: number;
      repaymentTermMonths: 6 | 12 | 18;
      requestDate: Date;
    },
  ): Promise<string> {
    loanCount += 1;
    const deduct = values.deductProcessingFee ?? true;
    const bps =
      values.interestRateBps ?? { 6: 500, 12: 1000, 18: 1500 }[values.repaymentTermMonths];
    const priced = quoteOf(
      {
        requestedAmount: values.requestedAmount,
        repaymentTermMonths: values.repaymentTermMonths,
        interestRateBps: bps,
        insuranceFee: Math.round(values.requestedAmount / 100),
        formFee: 100_000,
        deductProcessingFee: deduct,
        requiredCertifications: 2,
      } as LoanRow,
      '2025-01-01',
    );
    const [row] = await t.db
      .insert(loans)
      .values({
        loanNumber: `LN-JSON-${String(loanCount).padStart(3, '0')}`,
        userId: ada.user.id,
        purpose: 'School fees for the new term',
        interestRateBps: bps,
        interestAmount: priced.interestAmountKobo,
        insuranceFee: priced.insuranceFeeKobo,
        formFee: priced.formFeeKobo,
        deductProcessingFee: deduct,
        disbursementAmount: priced.disbursementAmountKobo,
        monthlyPayment: priced.monthlyRepaymentKobo,
        totalRepayment: priced.totalRepaymentAmountKobo,
        outstandingBalance: 0,
        status: 'pending',
        requiredCertifications: 2,
        remainingCertifications: 2,
        ...values,
      })
      .returning();
    if (!row) throw new Error('loan insert returned nothing');
    return row.id;
  }

  async function addGuarantor(
    loanId: string,
    who: LoanTestMember,
    values: Partial<typeof loanGuarantors.$inferInsert> = {},
  ) {
    const [row] = await t.db
      .insert(loanGuarantors)
      .values({
        loanId,
        guarantorUserId: who.user.id,
        guaranteeAmount: 5_000_000,
        acceptanceToken: `token-${loanId}-${who.user.id}`,
        invitationDate: new Date('2025-05-01T09:00:00Z'),
        ...values,
      })
      .returning();
    if (!row) throw new Error('guarantor insert returned nothing');
    return row;
  }

  /** Fixes the schedule as disbursement does, `paid` kobo paid of each month's instalment. */
  async function fixSchedule(
    loanId: string,
    start: string,
    paid: (
      month: number,
      total: number,
    ) => { paidAmount: number; status: 'pending' | 'partial' | 'paid' | 'overdue' },
  ) {
    const [loan] = await t.db.select().from(loans).where(eq(loans.id, loanId));
    if (!loan) throw new Error('no loan');
    const schedule = quoteOf(loan, start).schedule;
    await t.db.insert(loanScheduleItems).values(
      schedule.map((item) => ({
        loanId,
        month: item.month,
        dueDate: item.dueDate,
        principalAmount: item.principalAmountKobo,
        interestAmount: item.interestAmountKobo,
        totalAmount: item.totalAmountKobo,
        remainingBalance: item.remainingBalanceKobo,
        ...paid(item.month, item.totalAmountKobo),
      })),
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    ada = await loanMember(t, 'Ada Obi', { savingsNaira: 600_000 });
    bayo = await loanMember(t, 'Bayo Adeyemi', { savingsNaira: 900_000, isLoanReviewer: true });
    chidi = await loanMember(t, 'Chidi Okafor', { savingsNaira: 300_000, isLoanReviewer: true });
    dayo = await loanMember(t, 'Dayo "D" Bello', { savingsNaira: 100_000 });
    efe = await loanMember(t, 'Efe Eze', { savingsNaira: 100_000 });

    // Pending: the fees with the instalments, asked at 00:30 on 31 January in Lagos (the quote's
    // months end on the 28th, 31st, 30th …); one guarantor accepted, one waits, one declined and
    // was replaced (the replacement waits in their place), one declined and was not.
    const pending = await insertLoan({
      requestedAmount: 123_456_789,
      repaymentTermMonths: 12,
      deductProcessingFee: false,
      interestRateBps: 1_250,
      purpose: 'Rent — "two rooms" in Ikeja\nand a deposit',
      requestDate: new Date('2025-01-30T23:30:00.000Z'),
    });
    await addGuarantor(pending, bayo, {
      status: 'accepted',
      responseDate: new Date('2025-05-02T10:15:00.250Z'),
      guaranteeAmount: 3_000_050,
    });
    const declined = await addGuarantor(pending, chidi, {
      status: 'rejected',
      responseDate: new Date('2025-05-03T10:00:00Z'),
      invitationDate: new Date('2025-05-01T09:00:00Z'),
    });
    const replacement = await addGuarantor(pending, efe, {
      replacesId: declined.id,
      invitationDate: new Date('2025-05-04T09:00:00Z'),
    });
    await t.db
      .update(loanGuarantors)
      .set({ replacedById: replacement.id })
      .where(eq(loanGuarantors.id, declined.id));
    await addGuarantor(pending, dayo, { status: 'rejected', responseDate: new Date('2025-05-05') });
    // Microseconds are cut as `toISOString` cut the driver's Date.
    await t.db.execute(
      sql`update loans set request_date = request_date + interval '987 microseconds' where id = ${pending}`,
    );

    // Under review: one approval of two; a 6-month loan with kobo in its amount.
    const underReview = await insertLoan({
      requestedAmount: 20_000_001,
      repaymentTermMonths: 6,
      status: 'under_review',
      remainingCertifications: 1,
      requestDate: new Date('2025-05-10T08:00:00Z'),
      underReviewAt: new Date('2025-05-11T08:00:00.5Z'),
    });
    await addGuarantor(underReview, bayo, {
      status: 'accepted',
      responseDate: new Date('2025-05-11'),
    });
    await t.db.insert(loanCertifications).values({
      loanId: underReview,
      reviewerId: chidi.user.id,
      decision: 'approve',
      certifiedAt: new Date('2025-05-12T09:00:00Z'),
    });

    // Approved, its payout waiting for a second officer.
    const approved = await insertLoan({
      requestedAmount: 50_000_000,
      repaymentTermMonths: 18,
      status: 'approved',
      remainingCertifications: 0,
      requestDate: new Date('2025-04-01T08:00:00Z'),
      underReviewAt: new Date('2025-04-02T08:00:00Z'),
      decidedAt: new Date('2025-04-03T08:00:00Z'),
      approvedAmount: 50_000_000,
    });
    await t.db.insert(loanCertifications).values([
      {
        loanId: approved,
        reviewerId: bayo.user.id,
        decision: 'approve',
        certifiedAt: new Date('2025-04-03T07:00:00Z'),
      },
      {
        loanId: approved,
        reviewerId: chidi.user.id,
        decision: 'approve',
        certifiedAt: new Date('2025-04-03T08:00:00Z'),
      },
    ]);
    await t.db.insert(loanDisbursementRequests).values({
      loanId: approved,
      amount: 49_400_000,
      disbursementDate: '2025-06-14',
      method: 'bank_transfer',
      requestedBy: bayo.user.id,
      requestedAt: new Date('2025-06-14T11:00:00.123Z'),
    });

    // Rejected by a reviewer, with the reason.
    const rejected = await insertLoan({
      requestedAmount: 30_000_000,
      repaymentTermMonths: 12,
      status: 'rejected',
      requestDate: new Date('2025-02-01T08:00:00Z'),
      underReviewAt: new Date('2025-02-02T08:00:00Z'),
      decidedAt: new Date('2025-02-03T08:00:00Z'),
      rejectionReason: 'Savings too recent',
    });
    await t.db.insert(loanCertifications).values({
      loanId: rejected,
      reviewerId: bayo.user.id,
      decision: 'reject',
      certifiedAt: new Date('2025-02-03T08:00:00Z'),
    });

    // Running: month 1 paid, month 2 part-paid, month 3 overdue, the rest to come; repayments by
    // transfer (a bank), payroll (none) and cash (an empty bank name shows none).
    const running = await insertLoan({
      requestedAmount: 60_000_000,
      repaymentTermMonths: 6,
      status: 'disbursed',
      requestDate: new Date('2025-01-05T08:00:00Z'),
      decidedAt: new Date('2025-01-07T08:00:00Z'),
      disbursedAt: new Date('2025-01-08T08:00:00Z'),
      approvedAmount: 60_000_000,
      outstandingBalance: 45_000_000,
    });
    await fixSchedule(running, '2025-01-08', (month, total) =>
      month === 1
        ? { paidAmount: total, status: 'paid' }
        : month === 2
          ? { paidAmount: 1_000_050, status: 'partial' }
          : month <= 5
            ? { paidAmount: 0, status: 'overdue' }
            : { paidAmount: 0, status: 'pending' },
    );
    await t.db.insert(loanRepayments).values([
      {
        loanId: running,
        amount: 10_500_000,
        paymentDate: '2025-02-08',
        paymentMethod: 'bank_transfer',
        bankName: 'First Bank of Nigeria',
        repaymentType: 'regular',
        newBalance: 52_500_000,
        createdAt: new Date('2025-02-08T10:00:00Z'),
      },
      {
        loanId: running,
        amount: 1_000_050,
        paymentDate: '2025-03-08',
        paymentMethod: 'payroll',
        repaymentType: 'partial',
        newBalance: 51_499_950,
        createdAt: new Date('2025-03-08T10:00:00Z'),
      },
      {
        loanId: running,
        amount: 100,
        paymentDate: '2025-03-08',
        paymentMethod: 'cash',
        bankName: '',
        repaymentType: 'partial',
        isEarlyPayment: true,
        status: 'pending',
        newBalance: 45_000_000,
        createdAt: new Date('2025-03-08T11:00:00Z'),
      },
    ]);

    // Defaulted after one instalment.
    const defaulted = await insertLoan({
      requestedAmount: 12_000_000,
      repaymentTermMonths: 6,
      status: 'defaulted',
      requestDate: new Date('2024-10-05T08:00:00Z'),
      disbursedAt: new Date('2024-10-08T08:00:00Z'),
      outstandingBalance: 10_500_000,
    });
    await fixSchedule(defaulted, '2024-10-08', (month, total) =>
      month === 1 ? { paidAmount: total, status: 'paid' } : { paidAmount: 0, status: 'overdue' },
    );

    // Repaid early: every instalment paid, no next one.
    const repaid = await insertLoan({
      requestedAmount: 20_000_000,
      repaymentTermMonths: 6,
      status: 'repaid',
      requestDate: new Date('2024-06-05T08:00:00Z'),
      disbursedAt: new Date('2024-06-08T08:00:00Z'),
      repaidAt: new Date('2024-07-01T08:00:00Z'),
    });
    await fixSchedule(repaid, '2024-06-08', (_month, total) => ({
      paidAmount: total,
      status: 'paid',
    }));
  });
  afterAll(async () => {
    await t.close();
  });

  /** The loans as `toLoan` (loan-shape.ts) mapped them before decision 170, from their rows. */
  async function expectedLoans(): Promise<Loan[]> {
    const rows = await t.db
      .select()
      .from(loans)
      .where(eq(loans.userId, ada.user.id))
      .orderBy(desc(loans.requestDate), desc(loans.id));
    return Promise.all(rows.map(expectedLoan));
  }

  async function expectedGuarantors(loanId: string): Promise<LoanGuarantor[]> {
    const replaced = sql`coalesce((select r.created_at from loan_guarantors r where r.id = ${loanGuarantors.replacesId}), ${loanGuarantors.createdAt})`;
    const slots = await t.db
      .select({ slot: loanGuarantors, person: users })
      .from(loanGuarantors)
      .innerJoin(users, eq(users.id, loanGuarantors.guarantorUserId))
      .where(and(eq(loanGuarantors.loanId, loanId), isNull(loanGuarantors.replacedById)))
      .orderBy(asc(replaced), asc(loanGuarantors.id));
    return slots.map(({ slot, person }) => {
      const summary = {
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        membershipId: person.membershipId,
      };
      return {
        ...summary,
        id: slot.id,
        _id: slot.id,
        guarantorUserId: { ...summary, _id: person.id, id: person.id },
        guaranteeAmount: koboToNaira(slot.guaranteeAmount),
        status: slot.status,
        responseDate: slot.responseDate?.toISOString() ?? null,
        invitationDate: slot.invitationDate.toISOString(),
        isReplacement: slot.replacesId !== null,
      };
    });
  }

  async function expectedLoan(loan: LoanRow): Promise<Loan> {
    const schedule = await t.db
      .select()
      .from(loanScheduleItems)
      .where(eq(loanScheduleItems.loanId, loan.id))
      .orderBy(asc(loanScheduleItems.month));
    const repayments = await t.db
      .select()
      .from(loanRepayments)
      .where(eq(loanRepayments.loanId, loan.id))
      .orderBy(desc(loanRepayments.paymentDate), desc(loanRepayments.createdAt));
    const certifications = await t.db
      .select()
      .from(loanCertifications)
      .where(eq(loanCertifications.loanId, loan.id))
      .orderBy(asc(loanCertifications.certifiedAt), asc(loanCertifications.id));
    const payouts = await t.db
      .select()
      .from(loanDisbursementRequests)
      .where(
        and(
          eq(loanDisbursementRequests.loanId, loan.id),
          eq(loanDisbursementRequests.status, 'pending'),
        ),
      );
    const next = schedule.find((item) => item.status !== 'paid');
    return {
      id: loan.id,
      loanId: loan.loanNumber,
      purpose: loan.purpose,
      requestedAmount: koboToNaira(loan.requestedAmount),
      approvedAmount: loan.approvedAmount === null ? null : koboToNaira(loan.approvedAmount),
      repaymentTermMonths: loan.repaymentTermMonths,
      interestRate: loan.interestRateBps / 100,
      monthlyPayment: koboToNaira(loan.monthlyPayment),
      totalRepayment: koboToNaira(loan.totalRepayment),
      outstandingBalance: koboToNaira(loan.outstandingBalance),
      status: loan.status,
      requestDate: loan.requestDate.toISOString(),
      guarantors: await expectedGuarantors(loan.id),
      repaymentSchedule: {
        scheduleItems:
          schedule.length > 0
            ? schedule.map((item) => ({
                month: item.month,
                dueDate: item.dueDate,
                principalAmount: koboToNaira(item.principalAmount),
                interestAmount: koboToNaira(item.interestAmount),
                totalAmount: koboToNaira(item.totalAmount),
                remainingBalance: koboToNaira(item.remainingBalance),
                status: item.status,
              }))
            : expectedQuote(loan),
        totalRepaymentAmount: koboToNaira(loan.totalRepayment),
        monthlyPaymentAmount: koboToNaira(loan.monthlyPayment),
      },
      repaymentRecords: repayments.map((row) => ({
        id: row.id,
        amount: koboToNaira(row.amount),
        paymentDate: row.paymentDate,
        paymentMethod: row.paymentMethod,
        bankDetails: row.bankName ? { bankName: row.bankName } : null,
        repaymentType: row.repaymentType,
        isEarlyPayment: row.isEarlyPayment,
        status: row.status,
        newBalance: koboToNaira(row.newBalance),
      })),
      progress: {
        certificationsRequired: loan.requiredCertifications,
        certifications: certifications.map((c) => ({
          decision: c.decision,
          certifiedAt: c.certifiedAt.toISOString(),
        })),
        underReviewAt: loan.underReviewAt?.toISOString() ?? null,
        decidedAt: loan.decidedAt?.toISOString() ?? null,
        rejectionReason: loan.rejectionReason,
        disbursementRequestedAt: payouts[0]?.requestedAt.toISOString() ?? null,
        disbursedAt: loan.disbursedAt?.toISOString() ?? null,
        repaidAt: loan.repaidAt?.toISOString() ?? null,
        instalmentsPaid: schedule.filter((item) => item.status === 'paid').length,
        instalmentsTotal: schedule.length,
        nextInstalment:
          next && loan.repaidAt === null
            ? {
                month: next.month,
                dueDate: next.dueDate,
                amount: koboToNaira(next.totalAmount - next.paidAmount),
              }
            : null,
      },
    };
  }

  it('lists every loan as the mapping did, in every state', async () => {
    const expected = await expectedLoans();
    expect(expected.map((loan) => loan.status).sort()).toEqual([
      'approved',
      'defaulted',
      'disbursed',
      'pending',
      'rejected',
      'repaid',
      'under_review',
    ]);
    const res = await get(ada, '/loans?limit=50');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json<{ data: Loan[]; pagination: unknown }>();
    expect(body.data).toEqual(expected);
    expect(body.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalItems: 7,
      hasNext: false,
      hasPrev: false,
      limit: 50,
    });
    // The same loans one by one: a loan by id and its guarantors.
    for (const loan of expected) {
      expect(await loanById(t.db, loan.id)).toEqual(loan);
      const guarantors = await get(ada, `/loans/${loan.id}/guarantors`);
      expect(guarantors.json<{ data: LoanGuarantor[] }>().data).toEqual(loan.guarantors);
    }
  });

  it('pages, sorts and filters the same loans', async () => {
    const expected = await expectedLoans();
    const byAmount = [...expected].sort(
      (a, b) => a.requestedAmount - b.requestedAmount || (a.requestDate < b.requestDate ? -1 : 1),
    );
    const page2 = await get(ada, '/loans?limit=3&page=2&sortBy=requestedAmount&sortOrder=asc');
    expect(page2.json<{ data: Loan[] }>().data).toEqual(byAmount.slice(3, 6));
    const running = await get(ada, '/loans?status=disbursed');
    expect(running.json<{ data: Loan[] }>().data).toEqual(
      expected.filter((loan) => loan.status === 'disbursed'),
    );
    const none = await get(ada, '/loans?search=nothing-like-this');
    expect(none.body).toBe(
      '{"success":true,"data":[],"pagination":{"currentPage":1,"totalPages":1,"totalItems":0,"hasNext":false,"hasPrev":false,"limit":10}}',
    );
  });

  it("shows the current loan on the dashboard with the list's guarantors and progress", async () => {
    const [current] = (await expectedLoans()).filter((loan) =>
      ['pending', 'under_review', 'approved', 'disbursed', 'defaulted'].includes(loan.status),
    );
    if (!current) throw new Error('no current loan');
    const res = await get(ada, '/dashboard');
    const shown = res.json<{ data: { currentLoan: CurrentLoan } }>().data.currentLoan;
    expect(shown).toEqual({
      id: current.id,
      loanId: current.loanId,
      purpose: current.purpose,
      requestedAmount: current.requestedAmount,
      repaymentTermMonths: current.repaymentTermMonths,
      status: current.status,
      requestDate: current.requestDate,
      guarantors: current.guarantors.map((g) => ({
        firstName: g.firstName,
        lastName: g.lastName,
        status: g.status,
        invitationDate: g.invitationDate,
        responseDate: g.responseDate,
      })),
      progress: current.progress,
    });
  });

  it('lists a guarantor’s requests as the mapping did, with what accepting freezes from', async () => {
    const res = await get(bayo, '/guarantees?status=accepted');
    const body = res.json<GuarantorRequestListResponse>();
    const slots = await t.db
      .select({ slot: loanGuarantors, loan: loans, borrower: users })
      .from(loanGuarantors)
      .innerJoin(loans, eq(loans.id, loanGuarantors.loanId))
      .innerJoin(users, eq(users.id, loans.userId))
      .where(
        and(
          eq(loanGuarantors.guarantorUserId, bayo.user.id),
          eq(loanGuarantors.status, 'accepted'),
          isNull(loanGuarantors.replacedById),
        ),
      )
      .orderBy(desc(loanGuarantors.invitationDate), desc(loanGuarantors.id));
    const expected: GuarantorRequest[] = slots.map(toGuarantorRequest);
    expect(body.data).toEqual(expected);
    expect(body.data).toHaveLength(2);
    const balance = await readMemberBalance(t.db, bayo.user.id);
    expect(body.summary).toEqual({
      availableSavings: koboToNaira(Math.max(0, (balance?.savings ?? 0) - (balance?.frozen ?? 0))),
    });
    expect(body.summary.availableSavings).toBe(900_000);
  });
});
