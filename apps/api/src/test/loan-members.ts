/**
 * Members for the loans tests: activated, signed in (through POST /auth/login), with the
 * confirmed savings a loan needs. Test support only (imported by *.test.ts files).
 */
import type { User } from '@coop/shared/auth';
import { actorFor, systemActor, type MemberActor } from '../lib/actor.js';
import type { TestApp } from './app.js';
import { bearer, createActiveMember, signIn } from './auth-helpers.js';
import {
  confirmContributions,
  recordContributions,
} from '../modules/contributions/contributions.service.js';
import {
  acceptGuarantorRequest,
  pendingGuarantorRequests,
} from '../modules/loans/guarantees.service.js';
import { certifyLoan, requestLoan } from '../modules/loans/loans.service.js';
import { findHoldMismatches } from '../modules/ledger/ledger.service.js';

export interface LoanTestMember {
  user: User;
  actor: MemberActor;
  headers: { authorization: string };
}

let counter = 0;

/**
 * A member who joined in 2024 with `savingsNaira` of savings over three months of 2025, all
 * confirmed unless `confirmed` is false.
 */
export async function loanMember(
  t: TestApp,
  name: string,
  options: {
    savingsNaira?: number;
    confirmed?: boolean;
    isLoanReviewer?: boolean;
    isExco?: boolean;
    joinedOn?: string;
    /** The payroll months the savings come in (three months of early 2025 by default). */
    months?: string[];
  } = {},
): Promise<LoanTestMember> {
  counter += 1;
  const [firstName = name, lastName = 'Tester'] = name.split(' ');
  const user = await createActiveMember(t, {
    email: `${firstName.toLowerCase()}.${counter}@loans.test`,
    firstName,
    lastName,
    joinedOn: options.joinedOn ?? '2024-01-10',
    isLoanReviewer: options.isLoanReviewer ?? false,
    isExco: options.isExco ?? false,
  });
  const actor = actorFor({
    id: user.id,
    email: user.email,
    phoneNumber: user.phoneNumber ?? null,
    membershipId: user.membershipId,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: user.roles,
    isActive: user.isActive,
    isLoanReviewer: user.isLoanReviewer,
    isExco: user.isExco,
  });
  const savings = options.savingsNaira ?? 0;
  if (savings > 0) {
    const months = options.months ?? ['2025-01', '2025-02', '2025-03'];
    const perMonth = Math.floor(savings / months.length);
    const rows = await recordContributions(t.deps, systemActor, {
      deductions: months.map((month, index) => ({
        userId: user.id,
        month,
        contributionDate: `${month}-${month === '2025-06' ? '10' : '25'}`,
        savingsKobo: (index === 0 ? savings - perMonth * (months.length - 1) : perMonth) * 100,
        sharesKobo: 0,
      })),
    });
    if (options.confirmed !== false) {
      await confirmContributions(t.deps, actor, { contributionIds: rows.map((row) => row.id) });
    }
  }
  // A real sign-in: access tokens name their session, which every request checks.
  const { accessToken } = await signIn(t, user.email);
  return { user, actor, headers: bearer(accessToken) };
}

/**
 * A loan taken through the real use cases up to `until`: requested by `borrower` with
 * `guarantors` (who all accept), then certified by `reviewers` (who all approve).
 */
export async function loanThrough(
  t: TestApp,
  parties: { borrower: LoanTestMember; guarantors: LoanTestMember[]; reviewers: LoanTestMember[] },
  loan: { amountNaira: number; term?: 6 | 12 | 18; deductProcessingFee?: boolean },
  until: 'pending' | 'under_review' | 'approved',
): Promise<string> {
  const requested = await requestLoan(t.deps, parties.borrower.actor, {
    requestedAmount: loan.amountNaira,
    purpose: 'A loan for the tests of loans',
    repaymentTermMonths: loan.term ?? 6,
    deductProcessingFee: loan.deductProcessingFee ?? true,
    guarantorUserIds: parties.guarantors.map((g) => g.user.id),
  });
  if (until === 'pending') return requested.id;
  for (const guarantor of parties.guarantors) {
    const requests = await pendingGuarantorRequests(t.deps, guarantor.actor);
    const request = requests.find((item) => item.loanId.id === requested.id);
    if (!request) throw new Error('guarantor request missing');
    await acceptGuarantorRequest(t.deps, guarantor.actor, {
      id: request.id,
      token: request.acceptanceToken,
    });
  }
  if (until === 'under_review') return requested.id;
  for (const reviewer of parties.reviewers) {
    await certifyLoan(t.deps, reviewer.actor, { id: requested.id, decision: 'approve' });
  }
  return requested.id;
}

/**
 * Where holds disagree with the frozen amounts, outlive their cause, or differ from a guarantor
 * slot's frozen amount: the ledger's own check, which check-ledger runs too.
 */
export function frozenMismatches(t: { db: TestApp['db'] }) {
  return findHoldMismatches(t.db);
}
