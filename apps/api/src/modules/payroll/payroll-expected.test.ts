import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loanScheduleItems } from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertLedgerTestMember } from '../../test/ledger-members.js';
import type { LoanTestMember } from '../../test/loan-members.js';
import { insertInstruction, seedDisbursedLoan, seedPayroll } from '../../test/payroll-fixture.js';
import { issueFine, markFinePaid, waiveFine } from '../fines/fines.service.js';
import { recordRepayment } from '../loans/loan-servicing.service.js';
import { setMemberActive } from '../members/members.service.js';
import { currentPolicy, storePolicy } from '../policy/policy.service.js';
import { expectedDeductions, monthBounds } from './payroll-expected.js';

/**
 * The expected deductions of a payroll month (docs/business-rules.md "The deduction schedule"):
 * the instruction in effect, the instalment due in the month only, fines due by the month's end,
 * and only members who can be deducted.
 */
const NOW = '2025-06-20T09:00:00Z';

describe('expected deductions', () => {
  let t: TestApp;
  let hq: string;
  let field: string;
  let ada: LoanTestMember;
  let loanId: string;
  const members: Record<string, string> = {};
  let items: { dueDate: string; totalAmount: number }[];

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    // Ada: a loan disbursed in March, instalments due on the 15th from April.
    ({ borrower: ada, loanId } = await seedDisbursedLoan(t, '2025-03-15'));
    items = await t.db
      .select({ dueDate: loanScheduleItems.dueDate, totalAmount: loanScheduleItems.totalAmount })
      .from(loanScheduleItems)
      .where(eq(loanScheduleItems.loanId, loanId))
      .orderBy(loanScheduleItems.month);

    const seeded = await seedPayroll(t.db, {
      groups: {
        'MOF-HQ': 'Ministry of Finance, headquarters',
        'MOF-FLD': 'Ministry of Finance, field offices',
      },
      members: [
        {
          name: 'ada',
          userId: ada.user.id,
          group: 'MOF-HQ',
          savings: 20_000,
          shares: 5_000,
          staffNumber: 'HQ-001',
        },
        // Femi: fines only (below).
        {
          name: 'femi',
          group: 'MOF-FLD',
          savings: 0,
          shares: 0,
          effectiveMonth: '2025-03',
          staffNumber: 'FLD-007',
        },
        // Left out: suspended (below); joined after the month; nothing to deduct.
        { name: 'sule', group: 'MOF-HQ', savings: 10_000, shares: 0 },
        {
          name: 'june',
          joinedOn: '2025-06-02',
          group: 'MOF-HQ',
          savings: 10_000,
          shares: 0,
          effectiveMonth: '2025-05',
        },
        // Late joined on the 20th of June, after the cut-off day (the 15th); his instruction (set
        // before he joined, on the import of new members) is from June all the same.
        {
          name: 'late',
          joinedOn: '2025-06-20',
          group: 'MOF-HQ',
          savings: 10_000,
          shares: 0,
          effectiveMonth: '2025-06',
        },
        { name: 'zero', group: 'MOF-FLD', savings: 0, shares: 0 },
      ],
    });
    hq = seeded.groups['MOF-HQ']!;
    field = seeded.groups['MOF-FLD']!;
    for (const [name, member] of Object.entries(seeded.members)) members[name] = member.id;

    // Bola: her instruction history has a tie in May and a row for a later month.
    members.bola = await insertLedgerTestMember(t.db, 'Bola', '2024-02-01');
    for (const [effectiveMonth, savings] of [
      ['2025-01', 10_000],
      ['2025-05', 20_000],
      ['2025-05', 25_000],
      ['2025-06', 30_000],
      ['2024-12', 5_000],
    ] as const) {
      await insertInstruction(t.db, {
        userId: members.bola,
        payrollGroupId: hq,
        effectiveMonth,
        savings,
        shares: 1_000,
        staffNumber: 'HQ-002',
      });
    }

    const fine = (reason: string, amount: number, fineDate: string, dueDate: string) =>
      issueFine(t.deps, systemActor, { userId: members.femi!, reason, amount, fineDate, dueDate });
    await fine('Absent from the general meeting', 2_000, '2025-05-01', '2025-05-31');
    await fine('Late to the general meeting', 500, '2025-04-01', '2025-04-30');
    await fine('Disorder at the meeting', 1_500, '2025-05-10', '2025-06-01');
    const waived = await fine('Waived fine', 700, '2025-04-01', '2025-05-01');
    await waiveFine(t.deps, systemActor, { id: waived.id, note: 'Excused by the chair' });
    const paid = await fine('Paid fine', 300, '2025-04-01', '2025-05-01');
    await markFinePaid(t.deps, systemActor, { id: paid.id, paidFrom: 'bank_transfer' });

    // Gina has no instruction; Sule is suspended.
    members.gina = await insertLedgerTestMember(t.db, 'Gina', '2024-02-01');
    await issueFine(t.deps, systemActor, {
      userId: members.gina,
      reason: 'A fine for a member with no instruction',
      amount: 1_000,
      fineDate: '2025-04-01',
      dueDate: '2025-05-01',
    });
    await setMemberActive(t.deps, systemActor, { userId: members.sule!, isActive: false });
  }, 120_000);
  afterAll(() => t.close());

  const byUser = async (month: string, options = {}) =>
    new Map((await expectedDeductions(t.db, month, options)).map((row) => [row.userId, row]));

  it('knows each month’s first and last day', () => {
    expect(monthBounds('2024-02')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(monthBounds('2025-12')).toEqual({ first: '2025-12-01', last: '2025-12-31' });
  });

  it('takes the instruction in effect: latest effective month up to the month, ties the latest written', async () => {
    const may = await byUser('2025-05');
    expect(may.get(members.bola!)).toMatchObject({
      payrollGroupCode: 'MOF-HQ',
      staffNumber: 'HQ-002',
      savings: 25_000_00,
      shares: 1_000_00,
      instalment: 0,
      loanId: null,
      fines: 0,
      total: 26_000_00,
    });
    expect((await byUser('2025-04')).get(members.bola!)?.savings).toBe(10_000_00);
    expect((await byUser('2025-06')).get(members.bola!)?.savings).toBe(30_000_00);
    expect((await byUser('2024-12')).get(members.bola!)?.savings).toBe(5_000_00);
    expect((await byUser('2024-11')).has(members.bola!)).toBe(false);
  });

  it('asks for the instalment due in the month only, at what is unpaid of it', async () => {
    expect(items.map((item) => item.dueDate).slice(0, 3)).toEqual([
      '2025-04-15',
      '2025-05-15',
      '2025-06-15',
    ]);
    const [april, may] = items as [(typeof items)[0], (typeof items)[0]];
    // April is unpaid, yet May asks for May's instalment only: arrears are not asked for again.
    expect((await byUser('2025-05')).get(ada.user.id)).toMatchObject({
      membershipId: ada.user.membershipId,
      memberName: 'Ada Obi',
      savings: 20_000_00,
      shares: 5_000_00,
      instalment: may.totalAmount,
      loanId,
      total: 25_000_00 + may.totalAmount,
    });
    expect((await byUser('2025-03')).get(ada.user.id)).toMatchObject({ instalment: 0 });
    // April in full and ₦1,000 of May paid: May asks for the rest.
    await recordRepayment(t.deps, systemActor, {
      loanId,
      amountKobo: april.totalAmount + 1_000_00,
      paymentMethod: 'payroll',
      paymentDate: '2025-04-28',
    });
    expect((await byUser('2025-04')).get(ada.user.id)).toMatchObject({
      instalment: 0,
      loanId: null,
    });
    expect((await byUser('2025-05')).get(ada.user.id)).toMatchObject({
      instalment: may.totalAmount - 1_000_00,
      loanId,
    });
  });

  it('adds the pending fines due by the month’s end, not waived or paid ones', async () => {
    expect((await byUser('2025-05')).get(members.femi!)).toMatchObject({
      payrollGroupCode: 'MOF-FLD',
      staffNumber: 'FLD-007',
      savings: 0,
      shares: 0,
      fines: 2_500_00,
      total: 2_500_00,
    });
    expect((await byUser('2025-06')).get(members.femi!)?.fines).toBe(4_000_00);
    expect((await byUser('2025-03')).has(members.femi!)).toBe(false);
  });

  it('leaves out members with no instruction, suspended, not yet joined or owing nothing', async () => {
    const may = await byUser('2025-05');
    for (const name of ['gina', 'sule', 'june', 'zero']) {
      expect(may.has(members[name]!), name).toBe(false);
    }
    expect([...may.keys()].sort()).toEqual([members.ada!, members.bola!, members.femi!].sort());
  });

  it('expects a member who joined by the cut-off day from that month, after it from the next', async () => {
    // June joined on the 2nd, Late on the 20th; the policy's cut-off day is the 15th.
    const june = await byUser('2025-06');
    expect(june.get(members.june!)?.savings).toBe(10_000_00);
    expect(june.has(members.late!)).toBe(false);
    expect((await byUser('2025-07')).get(members.late!)?.savings).toBe(10_000_00);
    // A later cut-off day reaches him in his joining month.
    const policy = await currentPolicy(t.db);
    const store = (settings: typeof policy) =>
      storePolicy(t.db, { settings, updatedBy: null, now: new Date(NOW) });
    await store({ ...policy, payroll: { ...policy.payroll, changeCutOffDay: 20 } });
    try {
      expect((await byUser('2025-06')).has(members.late!)).toBe(true);
    } finally {
      await store(policy);
    }
  });

  it('answers for one group or some members, ordered by group code and membership ID', async () => {
    const rows = await expectedDeductions(t.db, '2025-05');
    const keys = rows.map((row) => `${row.payrollGroupCode}|${row.membershipId}`);
    expect(keys).toEqual([...keys].sort());
    expect(
      (await expectedDeductions(t.db, '2025-05', { payrollGroupId: field })).map((r) => r.userId),
    ).toEqual([members.femi]);
    expect(
      (await expectedDeductions(t.db, '2025-05', { userIds: [members.bola!] })).map(
        (r) => r.userId,
      ),
    ).toEqual([members.bola]);
    expect(await expectedDeductions(t.db, '2025-05', { userIds: [] })).toEqual([]);
  });
});
