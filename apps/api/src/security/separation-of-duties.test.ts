import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DEFAULT_POLICY } from '@coop/shared/policy';
import type { OfficerRole } from '@coop/shared/officers';
import {
  auditLog,
  loanCertifications,
  loanDisbursementRequests,
  loans,
  users,
} from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signIn, TEST_TWO_FACTOR_SECRET } from '../test/auth-helpers.js';
import { loanMember, loanThrough, type LoanTestMember } from '../test/loan-members.js';
import { enrolWithKnownSecret } from '../modules/two-factor/two-factor.service.js';
import { storePolicy } from '../modules/policy/policy.service.js';

/**
 * Separation of duties binds people (docs/officers.md "Separation of duties"): whoever disburses
 * a loan or approves its disbursement is not its borrower, a guarantor or a reviewer who certified
 * it; nobody flags themself a reviewer; nobody certifies a loan whose disbursement they made or
 * asked for. Every refusal writes nothing: no audit row, no request, no change to the loan.
 */

const NOW = '2025-06-15T09:00:00Z';
const THRESHOLD_KOBO = 50_000_000;

let keyCount = 0;
const newKey = () => `separation-${++keyCount}`;

function post(t: TestApp, who: LoanTestMember, url: string, payload?: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'idempotency-key': newKey() },
    ...(payload === undefined ? {} : { payload }),
  });
}

const disburse = { disbursementDate: '2025-06-15', method: 'bank_transfer' };

/** What a refused request must leave as it was. */
async function footprint(t: TestApp, loanId: string) {
  const [audit] = await t.db.select({ n: count() }).from(auditLog);
  const [requests] = await t.db.select({ n: count() }).from(loanDisbursementRequests);
  const [certifications] = await t.db.select({ n: count() }).from(loanCertifications);
  const [loan] = await t.db.select().from(loans).where(eq(loans.id, loanId));
  return {
    audit: audit?.n,
    requests: requests?.n,
    certifications: certifications?.n,
    status: loan?.status,
    remaining: loan?.remainingCertifications,
    disbursedBy: loan?.disbursedBy,
  };
}

describe('separation of duties between officers (every refusal writes nothing)', () => {
  let t: TestApp;

  /** A member with savings who also holds officer roles (roles are read on every request). */
  async function officer(name: string, roles: OfficerRole[], isLoanReviewer = false) {
    const person = await loanMember(t, name, { savingsNaira: 1_000_000, isLoanReviewer });
    return takeOffice(person, roles);
  }

  /** Gives a member officer roles, enrols their two-factor and signs them in with it. */
  async function takeOffice(person: LoanTestMember, roles: OfficerRole[]) {
    await t.db.update(users).set({ roles }).where(eq(users.id, person.user.id));
    await enrolWithKnownSecret(t.db, t.deps, {
      userId: person.user.id,
      secretBase32: TEST_TWO_FACTOR_SECRET,
      now: t.clock.now(),
    });
    const { accessToken } = await signIn(t, person.user.email);
    return { ...person, headers: bearer(accessToken) };
  }

  async function parties() {
    return {
      borrower: await loanMember(t, 'Ada Borrower', { savingsNaira: 600_000 }),
      guarantors: [
        await loanMember(t, 'Bayo Guarantor', { savingsNaira: 1_000_000 }),
        await loanMember(t, 'Chidi Guarantor', { savingsNaira: 1_000_000 }),
      ],
      reviewers: [
        await loanMember(t, 'Rita Reviewer', { isLoanReviewer: true }),
        await loanMember(t, 'Remi Reviewer', { isLoanReviewer: true }),
      ],
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await storePolicy(t.db, {
      settings: {
        ...DEFAULT_POLICY,
        loan: { ...DEFAULT_POLICY.loan, requiredCertifications: 2 },
        disbursement: { secondApprovalAboveKobo: THRESHOLD_KOBO },
      },
      updatedBy: null,
      now: new Date(NOW),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an officer cannot flag themself a reviewer, then certify, then disburse', async () => {
    const president = await officer('Ola President', ['president']);
    const before = await t.db.select({ n: count() }).from(auditLog);
    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${president.user.id}/flags`,
      headers: { ...president.headers, 'idempotency-key': newKey() },
      payload: { isLoanReviewer: true },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('CANNOT_CHANGE_OWN_FLAGS');
    const [row] = await t.db.select().from(users).where(eq(users.id, president.user.id));
    expect(row?.isLoanReviewer).toBe(false);
    expect(await t.db.select({ n: count() }).from(auditLog)).toEqual(before);

    // Even when another officer made them a reviewer, certifying a loan bars them from paying it.
    await t.db.update(users).set({ isLoanReviewer: true }).where(eq(users.id, president.user.id));
    const people = await parties();
    const loanId = await loanThrough(
      t,
      { ...people, reviewers: [people.reviewers[0]!] },
      { amountNaira: 300_000 },
      'under_review',
    );
    const certified = await post(t, president, `/users/loans/${loanId}/certify`, {
      decision: 'approve',
    });
    expect(certified.statusCode).toBe(200);
    await post(t, people.reviewers[1]!, `/users/loans/${loanId}/certify`, {
      decision: 'approve',
    });
    const approved = await footprint(t, loanId);
    expect(approved.status).toBe('approved');

    const paid = await post(t, president, `/admin/loans/${loanId}/disburse`, disburse);
    expect(paid.statusCode).toBe(403);
    expect(paid.json().code).toBe('DISBURSEMENT_NOT_INDEPENDENT');
    expect(await footprint(t, loanId)).toEqual(approved);

    // Another officer, independent of the loan, disburses it.
    const treasurer = await officer('Folake Treasurer', ['treasurer']);
    const ok = await post(t, treasurer, `/admin/loans/${loanId}/disburse`, disburse);
    expect(ok.statusCode).toBe(200);
  });

  it('the checker is never a certifier, a guarantor or the borrower of the loan', async () => {
    const maker = await officer('Chioma Maker', ['treasurer']);
    const certifier = await officer('Tunde Certifier', ['president'], true);
    // Officers are never chosen as guarantors: this one took office after guaranteeing.
    const guarantor = await loanMember(t, 'Gbenga Guarantor', { savingsNaira: 1_000_000 });
    const people = await parties();
    const loanId = await loanThrough(
      t,
      {
        ...people,
        guarantors: [people.guarantors[0]!, guarantor],
        reviewers: [certifier, people.reviewers[0]!],
      },
      { amountNaira: 1_000_000 },
      'approved',
    );
    const requested = await post(t, maker, `/admin/loans/${loanId}/disburse`, disburse);
    expect(requested.statusCode).toBe(200);
    expect(requested.json().data.disbursementRequests[0].status).toBe('pending');

    const officerGuarantor = await takeOffice(guarantor, ['president']);
    const officerBorrower = await takeOffice(people.borrower, ['president']);
    const pending = await footprint(t, loanId);
    for (const checker of [certifier, officerGuarantor, officerBorrower]) {
      const res = await post(t, checker, `/admin/loans/${loanId}/disbursement/approve`);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('DISBURSEMENT_NOT_INDEPENDENT');
      expect(await footprint(t, loanId)).toEqual(pending);
    }

    const independent = await officer('Ife Checker', ['treasurer']);
    const ok = await post(t, independent, `/admin/loans/${loanId}/disbursement/approve`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.loan.status).toBe('disbursed');
  });

  it('nobody certifies a loan whose disbursement they asked for', async () => {
    const people = await parties();
    const loanId = await loanThrough(t, people, { amountNaira: 1_000_000 }, 'under_review');
    const maker = await officer('Kemi Maker', ['treasurer'], true);
    // A disbursement asked for while the loan was still under review (as an old request would be).
    await t.db.insert(loanDisbursementRequests).values({
      loanId,
      amount: 100_000_000,
      disbursementDate: '2025-06-15',
      method: 'bank_transfer',
      status: 'rejected',
      requestedBy: maker.user.id,
      requestedAt: new Date(NOW),
    });
    const before = await footprint(t, loanId);
    const res = await post(t, maker, `/users/loans/${loanId}/certify`, { decision: 'approve' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('LOAN_CERTIFICATION_NOT_ALLOWED');
    expect(await footprint(t, loanId)).toEqual(before);
  });
});
