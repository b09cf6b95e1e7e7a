import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type {
  ScheduleDetailResponse,
  ScheduleLineListResponse,
  ScheduleListResponse,
  ScheduleSummary,
} from '@coop/shared/payroll-schedules';
import {
  auditLog,
  loanScheduleItems,
  payrollDeductions,
  payrollSchedules,
} from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import {
  addInstructedMember,
  insertInstruction,
  seedDisbursedLoan,
  seedPayroll,
  type SeededPayroll,
} from '../../test/payroll-fixture.js';
import { pdfText } from '../../test/pdf-text.js';
import { issueFine } from '../fines/fines.service.js';
import { recordRepayment } from '../loans/loan-servicing.service.js';
import { setMemberActive } from '../members/members.service.js';

/**
 * The deduction schedule out through HTTP (docs/business-rules.md "The deduction schedule"):
 * generated per group as versions until the month is posted, listed with totals, read with its
 * changes in words and its lines, and downloaded as the CSV the import reads back and as a PDF.
 */
const NOW = '2025-06-20T09:00:00Z';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('deduction schedules', () => {
  let t: TestApp;
  let officer: { authorization: string };
  let member: { authorization: string };
  let groups: SeededPayroll['groups'];
  let hq: string;
  let field: string;
  const ids: Record<string, string> = {};
  let loanId: string;
  let mayInstalment: number;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await createActiveMember(t, {
      email: 'treasurer@test.coop',
      firstName: 'Tola',
      lastName: 'Treasurer',
      roles: ['treasurer'],
      joinedOn: '2020-01-01',
    });
    officer = bearer((await signIn(t, 'treasurer@test.coop')).accessToken);
    await createActiveMember(t, { email: 'plain@test.coop', joinedOn: '2020-01-01' });
    member = bearer((await signIn(t, 'plain@test.coop')).accessToken);

    const { borrower: ada, loanId: disbursed } = await seedDisbursedLoan(t, '2025-04-15');
    loanId = disbursed;
    const [item] = await t.db
      .select({ totalAmount: loanScheduleItems.totalAmount })
      .from(loanScheduleItems)
      .where(and(eq(loanScheduleItems.loanId, loanId), eq(loanScheduleItems.month, 1)));
    mayInstalment = item?.totalAmount ?? 0;
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
          savings: 15_000,
          shares: 2_000,
          staffNumber: 'HQ-001',
        },
        { name: 'bola', group: 'MOF-HQ', savings: 20_000, shares: 5_000, staffNumber: 'HQ-002' },
        { name: 'sule', group: 'MOF-HQ', savings: 8_000, shares: 0, staffNumber: 'HQ-003' },
        {
          name: 'femi',
          group: 'MOF-FLD',
          savings: 10_000.5,
          shares: 1_000,
          staffNumber: 'FLD-007',
        },
      ],
    });
    groups = seeded.groups;
    hq = seeded.groups['MOF-HQ']!;
    field = seeded.groups['MOF-FLD']!;
    for (const [name, member] of Object.entries(seeded.members)) ids[name] = member.id;
  }, 180_000);
  afterAll(() => t.close());

  const generate = (body: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/payroll/schedules',
      headers: { ...officer, ...headers },
      payload: body,
    });
  const list = async (month: string) => {
    const res = await t.app.inject({
      url: `/api/v1/admin/payroll/schedules?month=${month}`,
      headers: officer,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ScheduleListResponse>().data.schedules;
  };
  const detail = async (id: string) => {
    const res = await t.app.inject({
      url: `/api/v1/admin/payroll/schedules/${id}`,
      headers: officer,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ScheduleDetailResponse>().data;
  };
  const byCode = (schedules: ScheduleSummary[], code: string) => {
    const found = schedules.find((schedule) => schedule.payrollGroup.code === code);
    if (!found) throw new Error(`no schedule for ${code}`);
    return found;
  };

  it('answers 401 to the anonymous, 403 to a member, 400 to a month that is not one', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/payroll/schedules',
      payload: { month: 'nonsense' },
    });
    expect(anonymous.statusCode).toBe(401);
    const asMember = await t.app.inject({
      url: '/api/v1/admin/payroll/schedules?month=2025-05',
      headers: member,
    });
    expect(asMember.statusCode).toBe(403);
    const bad = await generate({ month: '2025-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect((await generate({ month: '2025-05', payrollGroupId: UNKNOWN })).statusCode).toBe(404);
    const nothing = await generate({ month: '2024-06' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({
      code: 'NOTHING_TO_SCHEDULE',
      message:
        'No member has a deduction instruction in effect for June 2024: there is nothing to schedule',
    });
    expect((await t.db.select({ n: count() }).from(payrollSchedules))[0]?.n).toBe(0);
  });

  it('generates version 1 per group with totals, once per Idempotency-Key, audited', async () => {
    const first = await generate({ month: '2025-05' }, { 'idempotency-key': 'schedule-may-1' });
    expect(first.statusCode, first.body).toBe(201);
    const body = first.json<{ data: { schedules: ScheduleSummary[] }; message: string }>();
    expect(body.message).toBe('Schedules for May 2025 generated');
    const hqSchedule = byCode(body.data.schedules, 'MOF-HQ');
    expect(hqSchedule).toMatchObject({
      month: '2025-05',
      version: 1,
      members: 3,
      savings: 43_000,
      shares: 7_000,
      instalments: mayInstalment / 100,
      fines: 0,
      total: 50_000 + mayInstalment / 100,
      generatedBy: 'Tola Treasurer',
      postedAt: null,
      changeCount: 0,
    });
    expect(byCode(body.data.schedules, 'MOF-FLD')).toMatchObject({
      version: 1,
      members: 1,
      savings: 10_000.5,
      total: 11_000.5,
    });
    const again = await generate({ month: '2025-05' }, { 'idempotency-key': 'schedule-may-1' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await t.db.select({ n: count() }).from(payrollSchedules))[0]?.n).toBe(2);
    const audited = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'payroll.schedule_generated'));
    expect(audited[0]?.n).toBe(2);
    ids.mayHqV1 = hqSchedule.id;
  });

  it('a first version with nothing earlier lists no changes and says so by its baseline', async () => {
    const first = await detail(ids.mayHqV1!);
    expect(first.baseline).toBeNull();
    expect(first.changes).toEqual([]);
  });

  it('regenerates as version 2 and lists each change since version 1 in words', async () => {
    await insertInstruction(t.db, {
      userId: ids.bola!,
      payrollGroupId: hq,
      effectiveMonth: '2025-05',
      savings: 25_000,
      shares: 4_000,
      staffNumber: 'HQ-002',
    });
    await setMemberActive(t.deps, systemActor, { userId: ids.sule!, isActive: false });
    ids.gina = (
      await addInstructedMember(t.db, groups, {
        name: 'gina',
        group: 'MOF-HQ',
        savings: 5_000,
        shares: 0,
        effectiveMonth: '2025-05',
        staffNumber: 'HQ-004',
      })
    ).id;
    await issueFine(t.deps, systemActor, {
      userId: ids.ada!,
      reason: 'Absent from the general meeting',
      amount: 2_000,
      fineDate: '2025-05-02',
      dueDate: '2025-05-30',
    });
    // The May instalment paid by hand: nothing of it is left to deduct.
    await recordRepayment(t.deps, systemActor, {
      loanId,
      amountKobo: mayInstalment,
      paymentMethod: 'bank_transfer',
      paymentDate: '2025-05-10',
    });

    const res = await generate({ month: '2025-05', payrollGroupId: hq });
    expect(res.statusCode, res.body).toBe(201);
    const [v2] = res.json<{ data: { schedules: ScheduleSummary[] } }>().data.schedules;
    expect(v2).toMatchObject({ version: 2, members: 3, instalments: 0, fines: 2_000 });
    const read = await detail(v2!.id);
    expect(read.baseline).toEqual({ id: ids.mayHqV1, month: '2025-05', version: 1 });
    const lines = read.changes.map((change) => `${change.memberName}: ${change.text}`);
    expect(lines.sort()).toEqual(
      [
        'Ada Obi: Instalment ended',
        'Ada Obi: Fines due: ₦2,000',
        'Bola Test: Savings raised from ₦20,000 to ₦25,000',
        'Bola Test: Shares lowered from ₦5,000 to ₦4,000',
        'Gina Test: New member',
        'Sule Test: Left the group',
      ].sort(),
    );
    expect(read.schedule.changeCount).toBe(6);
    // The list shows each group's latest version only.
    const schedules = await list('2025-05');
    expect(schedules.map((s) => [s.payrollGroup.code, s.version])).toEqual([
      ['MOF-FLD', 1],
      ['MOF-HQ', 2],
    ]);
    expect(byCode(schedules, 'MOF-HQ').changeCount).toBe(6);
    ids.mayHqV2 = v2!.id;
    ids.mayField = byCode(schedules, 'MOF-FLD').id;
  });

  it('pages the lines, sorted and searched', async () => {
    const res = await t.app.inject({
      url: `/api/v1/admin/payroll/schedules/${ids.mayHqV2}/lines?limit=2&sortBy=total&sortOrder=desc`,
      headers: officer,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<ScheduleLineListResponse>();
    expect(page.pagination).toMatchObject({ totalItems: 3, totalPages: 2, currentPage: 1 });
    expect(page.data.map((line) => [line.memberName, line.total])).toEqual([
      ['Bola Test', 29_000],
      ['Ada Obi', 19_000],
    ]);
    const searched = await t.app.inject({
      url: `/api/v1/admin/payroll/schedules/${ids.mayHqV2}/lines?search=hq-004`,
      headers: officer,
    });
    expect(searched.json<ScheduleLineListResponse>().data).toEqual([
      expect.objectContaining({
        memberName: 'Gina Test',
        staffNumber: 'HQ-004',
        savings: 5_000,
        total: 5_000,
      }),
    ]);
    const unknown = await t.app.inject({
      url: `/api/v1/admin/payroll/schedules/${UNKNOWN}/lines`,
      headers: officer,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('downloads the CSV the payroll import reads back', async () => {
    const res = await t.app.inject({
      url: `/api/v1/admin/payroll/schedules/${ids.mayHqV2}/export.csv`,
      headers: officer,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="deduction-schedule-2025-05-MOF-HQ.csv"',
    );
    const [header, ...rows] = res.body.trimEnd().split('\r\n');
    expect(header).toBe(
      'membershipId,month,savings,shares,repayment,fines,payrollGroup,staffNumber,memberName',
    );
    const [ada, bola, gina] = await Promise.all(
      [ids.ada, ids.bola, ids.gina].map(async (id) => {
        const found = await t.app.inject({
          url: `/api/v1/admin/payroll/schedules/${ids.mayHqV2}/lines?limit=100`,
          headers: officer,
        });
        return found.json<ScheduleLineListResponse>().data.find((line) => line.id === id);
      }),
    );
    expect(rows.sort()).toEqual(
      [
        `${ada?.membershipId},2025-05,15000.00,2000.00,0.00,2000.00,MOF-HQ,HQ-001,Ada Obi`,
        `${bola?.membershipId},2025-05,25000.00,4000.00,0.00,0.00,MOF-HQ,HQ-002,Bola Test`,
        `${gina?.membershipId},2025-05,5000.00,0.00,0.00,0.00,MOF-HQ,HQ-004,Gina Test`,
      ].sort(),
    );
    const field = await t.app.inject({
      url: `/api/v1/admin/payroll/schedules/${ids.mayField}/export.csv`,
      headers: officer,
    });
    expect(field.body).toContain(
      ',2025-05,10000.50,1000.00,0.00,0.00,MOF-FLD,FLD-007,Femi Test\r\n',
    );
  });

  it('downloads a PDF with the cooperative, month, group, lines, totals and signatures', async () => {
    const res = await t.app.inject({
      url: `/api/v1/admin/payroll/schedules/${ids.mayHqV2}/export.pdf`,
      headers: officer,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="deduction-schedule-2025-05-MOF-HQ.pdf"',
    );
    const text = pdfText(res.rawPayload).replace(/[ \t]+/g, ' ');
    expect(text).toContain(t.config.cooperative.name);
    expect(text).toContain('Deduction schedule: May 2025');
    expect(text).toContain('Payroll group MOF-HQ, Ministry of Finance, headquarters');
    expect(text).toContain('Version 2, generated on 2025-06-20 09:00 UTC');
    expect(text).toMatch(/Bola Test \(\S+\) HQ-002 ₦25,000 ₦4,000 ₦0 ₦0 ₦29,000/);
    expect(text).toMatch(/Total: 3 members ₦45,000 ₦6,000 ₦0 ₦2,000 ₦53,000/);
    expect(text).toContain('Prepared by');
    expect(text).toContain('Approved by');
    expect(text).toContain('Signature');
    const exported = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.exported'), eq(auditLog.entityId, ids.mayHqV2!)));
    expect(exported[0]?.n).toBe(2);
  });

  it('refuses to generate a posted month for the group, and skips it among all groups', async () => {
    // Posting (the payroll import) freezes the latest version; here the state is written directly.
    await t.db
      .update(payrollSchedules)
      .set({ postedAt: new Date('2025-06-01T10:00:00Z') })
      .where(eq(payrollSchedules.id, ids.mayHqV2!));
    const before = (await t.db.select({ n: count() }).from(payrollSchedules))[0]?.n;
    const refused = await generate({ month: '2025-05', payrollGroupId: hq });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'PAYROLL_MONTH_POSTED',
      message: 'May 2025 is posted for MOF-HQ: its schedule is final and cannot be generated again',
    });
    const all = await generate({ month: '2025-05' });
    expect(all.statusCode, all.body).toBe(201);
    const result = all.json<{
      data: { schedules: ScheduleSummary[]; skipped: { payrollGroup: { code: string } }[] };
    }>().data;
    expect(result.schedules.map((s) => [s.payrollGroup.code, s.version])).toEqual([['MOF-FLD', 2]]);
    expect(result.skipped.map((s) => s.payrollGroup.code)).toEqual(['MOF-HQ']);
    expect((await t.db.select({ n: count() }).from(payrollSchedules))[0]?.n).toBe(before! + 1);

    // Deductions recorded for a group post its month too.
    await t.db.insert(payrollDeductions).values({
      month: '2025-05',
      userId: ids.femi!,
      payrollGroupId: field,
      expectedSavings: 1_000_050,
      expectedShares: 100_000,
      expectedInstalment: 0,
      expectedFines: 0,
      expectedTotal: 1_100_050,
      deductedTotal: 1_100_050,
      allocatedSavings: 1_000_050,
      allocatedShares: 100_000,
      allocatedInstalment: 0,
      allocatedFines: 0,
      kind: 'matched',
    });
    const none = await generate({ month: '2025-05' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      code: 'PAYROLL_MONTH_POSTED',
      message:
        'May 2025 is posted for every payroll group: its schedules are final and cannot be generated again',
    });
  });

  it('compares a month’s first version with the group’s last posted month', async () => {
    await insertInstruction(t.db, {
      userId: ids.gina!,
      payrollGroupId: hq,
      effectiveMonth: '2025-06',
      savings: 6_000,
      shares: 0,
      staffNumber: 'HQ-040',
    });
    const res = await generate({ month: '2025-06', payrollGroupId: hq });
    expect(res.statusCode, res.body).toBe(201);
    const [june] = res.json<{ data: { schedules: ScheduleSummary[] } }>().data.schedules;
    const read = await detail(june!.id);
    expect(read.baseline).toEqual({ id: ids.mayHqV2, month: '2025-05', version: 2 });
    expect(read.changes.map((change) => `${change.memberName}: ${change.text}`)).toEqual(
      expect.arrayContaining([
        'Gina Test: Staff number changed from HQ-004 to HQ-040',
        'Gina Test: Savings raised from ₦5,000 to ₦6,000',
      ]),
    );
  });
});
