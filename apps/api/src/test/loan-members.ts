/**
 * Members for the loans tests: activated, signed in (a token from the app's signer), with the
 * confirmed savings a loan needs. Test support only (imported by *.test.ts files).
 */
import type { User } from '@coop/shared/auth';
import { actorFor, systemActor, type MemberActor } from '../lib/actor.js';
import type { TestApp } from './app.js';
import { bearer, createActiveMember } from './auth-helpers.js';
import {
  confirmContributions,
  recordContributions,
} from '../modules/contributions/contributions.service.js';

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
    role: user.role,
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
  const token = await t.deps.tokens.sign(user.id);
  return { user, actor, headers: bearer(token) };
}
