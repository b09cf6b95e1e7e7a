/**
 * Payroll groups and deduction instructions written straight into their tables, for the tests of
 * what reads them (the expected deductions, the schedule). Test support only.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.js';
import { deductionInstructions, payrollGroups } from '../db/schema/index.js';

export async function insertPayrollGroup(db: Database, code: string, name = `${code} payroll`) {
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
) {
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
