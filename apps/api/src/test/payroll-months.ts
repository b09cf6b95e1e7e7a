import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.js';
import { payrollDeductions } from '../db/schema/index.js';
import { postLedgerTransactions } from '../modules/ledger/ledger.service.js';

export interface PostedDeduction {
  userId: string;
  /** Kobo expected and deducted; all of the deduction goes to savings here. */
  expected: number;
  deducted: number;
}

/**
 * A posted payroll month of one group, written as posting writes it (decision 150): one
 * `payroll_deductions` row per member, and the deducted money owed by the employer, debited to
 * `coop_payroll_receivable` and credited to each member's savings. For tests of what comes after
 * the posting (remittances, reconciliation) that need no file and no schedule.
 */
export async function postPayrollMonthForTest(
  db: Database,
  month: string,
  groupId: string | null,
  rows: readonly PostedDeduction[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(payrollDeductions).values(
      rows.map((row) => ({
        id: randomUUID(),
        month,
        userId: row.userId,
        payrollGroupId: groupId,
        expectedSavings: row.expected,
        expectedShares: 0,
        expectedInstalment: 0,
        expectedFines: 0,
        expectedTotal: row.expected,
        deductedTotal: row.deducted,
        allocatedSavings: row.deducted,
        allocatedShares: 0,
        allocatedInstalment: 0,
        allocatedFines: 0,
        kind:
          row.expected === 0
            ? ('unexpected' as const)
            : row.deducted === 0
              ? ('missing' as const)
              : row.deducted < row.expected
                ? ('short' as const)
                : row.deducted > row.expected
                  ? ('over' as const)
                  : ('matched' as const),
      })),
    );
    await postLedgerTransactions(
      tx,
      rows
        .filter((row) => row.deducted > 0)
        .map((row) => ({
          kind: 'contribution' as const,
          description: `Payroll deduction for ${month}`,
          effectiveDate: `${month}-25`,
          entries: [
            { account: 'coop_payroll_receivable' as const, amount: row.deducted },
            { account: 'member_savings' as const, userId: row.userId, amount: -row.deducted },
          ],
        })),
    );
  });
}
