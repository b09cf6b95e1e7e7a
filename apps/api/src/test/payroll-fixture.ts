/**
 * The payroll tests' one seeded fixture (docs/decisions/150-payroll-cycle.md): payroll groups, and
 * members with a deduction instruction in one, written straight into their tables for the tests
 * of what reads them (the expected deductions, the schedule, the actuals, the remittances). Each
 * test file seeds its own on its own database, so the files run in any order. Test support only.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { deductionInstructions, payrollGroups, users } from '../db/schema/index.js';
import { systemActor } from '../lib/actor.js';
import { disburseLoan } from '../modules/loans/loan-servicing.service.js';
import type { TestApp } from './app.js';
import { insertLedgerTestMember } from './ledger-members.js';
import { loanMember, loanThrough, type LoanTestMember } from './loan-members.js';

/** A payroll group as the groups' page registers one; its id. */
export async function insertPayrollGroup(
  db: Database,
  code: string,
  name = `${code} payroll`,
): Promise<string> {
  const [group] = await db
    .insert(payrollGroups)
    .values({ code, name })
    .returning({ id: payrollGroups.id });
  if (!group) throw new Error('payroll group insert returned no row');
  return group.id;
}

let written = 0;

/**
 * One instruction row (amounts in naira). Rows are written a second apart, in call order, so the
 * "latest written" tie-break is deterministic.
 */
export async function insertInstruction(
  db: Database,
  input: {
    userId: string;
    payrollGroupId: string;
    effectiveMonth: string;
    savings: number;
    shares: number;
    staffNumber?: string;
  },
): Promise<string> {
  written += 1;
  const id = randomUUID();
  await db.insert(deductionInstructions).values({
    id,
    userId: input.userId,
    payrollGroupId: input.payrollGroupId,
    staffNumber: input.staffNumber ?? `S-${input.userId.slice(0, 6).toUpperCase()}`,
    savingsAmount: Math.round(input.savings * 100),
    shareAmount: Math.round(input.shares * 100),
    effectiveMonth: input.effectiveMonth,
    source: 'officer',
    createdAt: new Date(Date.UTC(2025, 0, 1) + written * 1000),
  });
  return id;
}

/** A member of the fixture and their standing instruction (naira). */
export interface InstructedMember {
  /** The key of the member in the answer, and a new member's first name, capitalised. */
  name: string;
  /** An existing member (a borrower, a signed-in member), else a new one is added. */
  userId?: string;
  /** A new member's joining day; 2024-02-01 unless told. */
  joinedOn?: string;
  /** The group's code, one of the fixture's groups. */
  group: string;
  savings: number;
  shares: number;
  /** From 2025-01 unless told. */
  effectiveMonth?: string;
  staffNumber?: string;
}

export interface SeededPayroll {
  /** Each group's id by its code. */
  groups: Record<string, string>;
  /** Each member by name. */
  members: Record<string, { id: string; membershipId: string }>;
}

/**
 * Payroll groups (code → name) and members with an instruction in one of them, in the order
 * given (so the instructions' written order is theirs).
 */
export async function seedPayroll(
  db: Database,
  spec: { groups: Record<string, string>; members?: readonly InstructedMember[] },
): Promise<SeededPayroll> {
  const groups: Record<string, string> = {};
  for (const [code, name] of Object.entries(spec.groups)) {
    groups[code] = await insertPayrollGroup(db, code, name);
  }
  const members: SeededPayroll['members'] = {};
  for (const member of spec.members ?? []) {
    members[member.name] = await addInstructedMember(db, groups, member);
  }
  return { groups, members };
}

/**
 * One more member of the fixture with their instruction, in a group seeded already (a member who
 * joins between two versions of a schedule).
 */
export async function addInstructedMember(
  db: Database,
  groups: SeededPayroll['groups'],
  member: InstructedMember,
): Promise<SeededPayroll['members'][string]> {
  const payrollGroupId = groups[member.group];
  if (!payrollGroupId) throw new Error(`no payroll group ${member.group} in the fixture`);
  const id =
    member.userId ??
    (await insertLedgerTestMember(
      db,
      // 'bola' is Bola Test.
      `${member.name.charAt(0).toUpperCase()}${member.name.slice(1)}`,
      member.joinedOn ?? '2024-02-01',
    ));
  const [row] = await db
    .select({ membershipId: users.membershipId })
    .from(users)
    .where(eq(users.id, id));
  await insertInstruction(db, {
    userId: id,
    payrollGroupId,
    effectiveMonth: member.effectiveMonth ?? '2025-01',
    savings: member.savings,
    shares: member.shares,
    ...(member.staffNumber ? { staffNumber: member.staffNumber } : {}),
  });
  return { id, membershipId: row?.membershipId ?? '' };
}

/**
 * The payroll tests' borrower: Ada Obi's ₦600,000 loan over six months (guaranteed by Bayo and
 * Chidi, approved by two reviewers) disbursed on `disbursementDate`, so an instalment falls due on
 * the 15th of each of the next six months.
 */
export async function seedDisbursedLoan(
  t: TestApp,
  disbursementDate: string,
): Promise<{ borrower: LoanTestMember; loanId: string }> {
  const borrower = await loanMember(t, 'Ada Obi', { savingsNaira: 600_000 });
  const bayo = await loanMember(t, 'Bayo Adeyemi', { savingsNaira: 1_000_000 });
  const chidi = await loanMember(t, 'Chidi Okafor', { savingsNaira: 1_000_000 });
  const rita = await loanMember(t, 'Rita Reviewer', { isLoanReviewer: true });
  const remi = await loanMember(t, 'Remi Reviewer', { isLoanReviewer: true });
  const loanId = await loanThrough(
    t,
    { borrower, guarantors: [bayo, chidi], reviewers: [rita, remi] },
    { amountNaira: 600_000 },
    'approved',
  );
  await disburseLoan(t.deps, systemActor, { loanId, method: 'bank_transfer', disbursementDate });
  return { borrower, loanId };
}
