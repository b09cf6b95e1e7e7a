import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  contributions,
  deductionInstructions,
  ledgerEntries,
  payrollDeductions,
  userSettings,
  users,
} from '../../db/schema/index.js';
import type { DatabaseHandle } from '../../db/client.js';
import { fixedClock } from '../../lib/clock.js';
import { testDeps } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { insertLedgerTestMember, memberActor } from '../../test/ledger-members.js';
import { insertPayrollGroup } from '../../test/payroll-fixture.js';
import { recordContributions } from '../contributions/contributions.service.js';
import { findProjectionMismatches } from '../ledger/ledger.service.js';
import { PAYROLL_BATCH, postPayrollBatch, type PayrollRunMemory } from './payroll.service.js';

/**
 * A posting job of more members than one batch (docs/decisions/152-payroll-posting-in-sets.md):
 * the run reads the file once, and each later batch asks its own members again, so a member
 * posted by another upload between two batches is left alone, as a new reading of the file
 * would leave them.
 */
describe('a payroll posting job over several batches', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('posts every member once, and leaves one posted elsewhere between batches alone', async () => {
    const db = handle.db;
    const clock = fixedClock('2025-06-15T09:00:00Z');
    const deps = testDeps(db, clock);
    const groupId = await insertPayrollGroup(db, 'MOF-HQ');
    const officer = memberActor(await insertLedgerTestMember(db, 'Treasurer'), ['treasurer']);
    const size = PAYROLL_BATCH + 5;
    const ids: string[] = [];
    for (let i = 0; i < size + 1; i++) ids.push(await insertLedgerTestMember(db, `Member${i}`));
    await db.insert(userSettings).values(ids.map((userId) => ({ userId })));
    // ₦200 savings and ₦50 shares a month each.
    await db.insert(deductionInstructions).values(
      ids.map((userId, i) => ({
        userId,
        payrollGroupId: groupId,
        staffNumber: `HQ-${i}`,
        savingsAmount: 20_000,
        shareAmount: 5_000,
        effectiveMonth: '2025-01',
        source: 'import' as const,
      })),
    );
    const ordered = await db
      .select({ id: users.id, membership_id: users.membershipId })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(asc(users.membershipId));
    // Every member but the last in the file (the last is missing), the first short by ₦50.
    const lines = ordered
      .slice(0, size)
      .map((row, i) => `${row.membership_id},2025-05,${i === 0 ? '200.00' : '250.00'}`);
    const input = {
      fileName: 'may.csv',
      content: Buffer.from(`membershipId,month,deducted\n${lines.join('\n')}\n`).toString('base64'),
    };
    const memory: PayrollRunMemory = {};
    const job = { input, plan: null, createdAt: clock.now() };

    const first = await db.transaction((tx) =>
      postPayrollBatch({ ...deps, db: tx }, officer, job, memory),
    );
    expect(first).toMatchObject({ done: PAYROLL_BATCH, total: size + 1 });
    expect(first.finished).toBeUndefined();

    // Between the batches, a member of the second batch is posted by another upload.
    const late = ordered[PAYROLL_BATCH + 2];
    if (!late) throw new Error('no member for the second batch');
    await recordContributions(deps, officer, {
      deductions: [
        {
          userId: late.id,
          month: '2025-05',
          contributionDate: '2025-05-31',
          savingsKobo: 30_000,
          sharesKobo: 0,
        },
      ],
    });

    const second = await db.transaction((tx) =>
      postPayrollBatch({ ...deps, db: tx }, officer, { ...job, plan: first.plan }, memory),
    );
    expect(second).toMatchObject({ done: size + 1, total: size + 1 });
    expect(second.finished).toMatchObject({
      posted: size,
      savings: size * 200,
      shares: (size - 1) * 50,
    });

    const rows = await db.select().from(payrollDeductions);
    // Everyone once: the file's members but the one posted elsewhere, and the missing one.
    expect(rows).toHaveLength(size);
    expect(rows.some((row) => row.userId === late.id)).toBe(false);
    expect(rows.filter((row) => row.kind === 'missing').map((row) => row.userId)).toEqual([
      ordered[size]?.id,
    ]);
    expect(rows.filter((row) => row.kind === 'short')).toHaveLength(1);
    const [lateContribution] = await db
      .select()
      .from(contributions)
      .where(eq(contributions.userId, late.id));
    expect(lateContribution?.savingsAmount).toBe(30_000);
    expect(await findProjectionMismatches(db)).toEqual([]);
    const [receivable] = await db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, 'coop_payroll_receivable'));
    const deducted = rows.reduce((sum, row) => sum + row.deductedTotal, 0);
    expect(Number(receivable?.sum)).toBe(deducted);
    expect(deducted).toBe((size - 2) * 25_000 + 20_000);
  });
});
