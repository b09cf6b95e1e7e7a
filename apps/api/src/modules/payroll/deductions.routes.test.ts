import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminChangeRequest,
  AdminInstructionDetail,
  ChangeRequest,
  DeductionMonth,
  InstructionListItem,
  MyDeductions,
  PayrollGroup,
} from '@coop/shared/deductions';
import { DEFAULT_POLICY } from '@coop/shared/policy';
import type { AdminOverview } from '@coop/shared/back-office';
import type { MemberImportPreview } from '@coop/shared/members';
import {
  auditLog,
  deductionChangeRequests,
  deductionInstructions,
  notifications,
  payrollDeductions,
  payrollGroups,
  payrollRemittances,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { finishedJob } from '../../test/officer-jobs.js';
import { storePolicy } from '../policy/policy.service.js';
import { instructionsInEffect } from './deductions.service.js';

/**
 * Payroll groups, deduction instructions and members' change requests
 * (docs/decisions/150-payroll-cycle.md; docs/business-rules.md "Payroll deductions"): the rules
 * and their abuses, on the database the suite runs on (PostgreSQL with TEST_DATABASE_URL).
 */
const NOW = '2025-06-10T09:00:00Z'; // the 10th: before the default cut-off (the 15th)
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Session {
  id: string;
  token: string;
}

describe('payroll deductions', () => {
  let t: TestApp;
  let chair: Session;
  let treasurer: Session;
  let auditor: Session;
  let ada: Session;
  let bayo: Session;
  let hq: PayrollGroup;
  let edu: PayrollGroup;

  async function session(email: string, extra: Record<string, unknown> = {}): Promise<Session> {
    const user = await createActiveMember(t, { email, joinedOn: '2024-01-10', ...extra });
    return { id: user.id, token: (await signIn(t, email)).accessToken };
  }

  const call = (
    who: Session | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    key?: string,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        ...(who ? bearer(who.token) : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const setInstruction = (who: Session, userId: string, body: Record<string, unknown>) =>
    call(who, 'PUT', `/admin/payroll/instructions/${userId}`, {
      payrollGroupId: hq.id,
      staffNumber: 'FMF/1001',
      savingsAmount: 20_000,
      shareAmount: 5_000,
      effectiveMonth: '2025-06',
      ...body,
    });

  const myDeductions = async (who: Session) => {
    const res = await call(who, 'GET', '/users/deductions');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: MyDeductions }>().data;
  };

  const ask = (who: Session, savingsAmount: number, shareAmount: number, key?: string) =>
    call(who, 'POST', '/users/deductions/change-requests', { savingsAmount, shareAmount }, key);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    chair = await session('chair@test.coop', { roles: ['president'], firstName: 'Chioma' });
    treasurer = await session('treasurer@test.coop', { roles: ['treasurer'] });
    auditor = await session('auditor@test.coop', { roles: ['auditor'] });
    ada = await session('ada@test.coop', { firstName: 'Ada', lastName: 'Obi' });
    bayo = await session('bayo@test.coop', { firstName: 'Bayo', lastName: 'Adeyemi' });
  }, 120_000);
  afterAll(() => t.close());

  describe('payroll groups', () => {
    it('are added with a unique code, renamed, and listed with their members', async () => {
      const created = await call(chair, 'POST', '/admin/payroll/groups', {
        code: ' mof-hq ',
        name: 'Ministry of Finance, Headquarters',
      });
      expect(created.statusCode, created.body).toBe(201);
      hq = created.json<{ data: PayrollGroup }>().data;
      expect(hq).toMatchObject({ code: 'MOF-HQ', members: 0 });
      expect(created.json().message).toBe('Payroll group added');

      const again = await call(chair, 'POST', '/admin/payroll/groups', {
        code: 'MOF-HQ',
        name: 'Another',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'PAYROLL_GROUP_EXISTS',
        message: 'A payroll group with this code already exists',
      });

      edu = (
        await call(treasurer, 'POST', '/admin/payroll/groups', { code: 'TSC', name: 'Teachers' })
      ).json<{ data: PayrollGroup }>().data;
      const renamed = await call(treasurer, 'PUT', `/admin/payroll/groups/${edu.id}`, {
        name: 'Teaching Service Commission',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json<{ data: PayrollGroup }>().data.name).toBe('Teaching Service Commission');

      const list = await call(auditor, 'GET', '/admin/payroll/groups');
      expect(list.json<{ data: PayrollGroup[] }>().data.map((g) => g.code)).toEqual([
        'MOF-HQ',
        'TSC',
      ]);
      const audited = await t.db
        .select({ n: count() })
        .from(auditLog)
        .where(eq(auditLog.entityType, 'payroll_group'));
      expect(audited[0]?.n).toBe(3);
    });

    it('refuse members, anonymous callers, officers without the duty, and bad input', async () => {
      expect((await call(null, 'POST', '/admin/payroll/groups', {})).statusCode).toBe(401);
      expect((await call(ada, 'GET', '/admin/payroll/groups')).statusCode).toBe(403);
      expect(
        (await call(auditor, 'POST', '/admin/payroll/groups', { code: 'X', name: 'Xx' }))
          .statusCode,
      ).toBe(403);
      const bad = await call(chair, 'POST', '/admin/payroll/groups', { code: 'a b', name: '' });
      expect(bad.statusCode).toBe(400);
      expect(
        (await call(chair, 'PUT', `/admin/payroll/groups/${UNKNOWN}`, { name: 'Name' })).statusCode,
      ).toBe(404);
      expect(
        (await call(chair, 'PUT', '/admin/payroll/groups/nope', { name: 'Name' })).statusCode,
      ).toBe(400);
    });
  });

  describe('instructions', () => {
    it('an officer sets a member’s instruction from a month; each change is a new row', async () => {
      const res = await setInstruction(treasurer, ada.id, {});
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json<{ data: AdminInstructionDetail }>().data;
      expect(detail.current).toMatchObject({
        payrollGroup: { code: 'MOF-HQ' },
        staffNumber: 'FMF/1001',
        savingsAmount: 20_000,
        shareAmount: 5_000,
        totalAmount: 25_000,
        effectiveMonth: '2025-06',
        source: 'officer',
        createdBy: treasurer.id,
      });
      expect(detail.defaultEffectiveMonth).toBe('2025-06');

      const later = await setInstruction(treasurer, ada.id, {
        savingsAmount: 22_000,
        effectiveMonth: '2025-08',
      });
      const next = later.json<{ data: AdminInstructionDetail }>().data;
      expect(next.current?.savingsAmount).toBe(20_000);
      expect(next.upcoming).toMatchObject({ savingsAmount: 22_000, effectiveMonth: '2025-08' });
      expect(next.history.map((row) => row.effectiveMonth)).toEqual(['2025-08', '2025-06']);

      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'deduction_instruction.set'), eq(auditLog.entityId, ada.id)),
        );
      expect(audit?.actorId).toBe(treasurer.id);
    });

    it('refuses a past month, an unknown group, a member and an unknown member', async () => {
      const past = await setInstruction(chair, bayo.id, { effectiveMonth: '2025-05' });
      expect(past.statusCode).toBe(400);
      expect(past.json().message).toBe('The instruction cannot start in a past month');
      const unknown = await setInstruction(chair, bayo.id, { payrollGroupId: UNKNOWN });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('Choose a payroll group');

      const member = await setInstruction(ada, bayo.id, {});
      expect(member.statusCode).toBe(403);
      expect((await setInstruction(chair, UNKNOWN, {})).statusCode).toBe(404);
      const rows = await t.db
        .select({ n: count() })
        .from(deductionInstructions)
        .where(eq(deductionInstructions.userId, bayo.id));
      expect(rows[0]?.n).toBe(0);
    });

    it('lists members with this month’s instruction, by group, with or without one, and search', async () => {
      await setInstruction(chair, bayo.id, {
        payrollGroupId: edu.id,
        staffNumber: 'TSC/77',
        effectiveMonth: '2025-06',
      });
      const list = async (query: string) => {
        const res = await call(auditor, 'GET', `/admin/payroll/instructions${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ data: InstructionListItem[]; pagination: { totalItems: number } }>();
      };
      const byGroup = await list(`?payrollGroupId=${edu.id}`);
      expect(byGroup.data.map((item) => item.member.id)).toEqual([bayo.id]);
      expect((await list('?search=TSC/77')).data.map((item) => item.member.id)).toEqual([bayo.id]);
      expect((await list('?search=obi')).data[0]?.instruction?.staffNumber).toBe('FMF/1001');
      const without = await list('?hasInstruction=false');
      expect(without.data.map((item) => item.member.id)).not.toContain(ada.id);
      expect(without.data.every((item) => item.instruction === null)).toBe(true);
      expect((await call(auditor, 'GET', '/admin/payroll/instructions?sortBy=x')).statusCode).toBe(
        400,
      );
    });

    it('instructionsInEffect answers the row in effect for a month, set-based, by group', async () => {
      const june = await instructionsInEffect(t.db, '2025-06', { userIds: [ada.id, bayo.id] });
      expect(june.map((row) => [row.userId, row.savingsAmount]).sort()).toEqual(
        [
          [ada.id, 20_000_00],
          [bayo.id, 20_000_00],
        ].sort(),
      );
      const august = await instructionsInEffect(t.db, '2025-08', { payrollGroupId: hq.id });
      expect(august.map((row) => [row.userId, row.savingsAmount, row.groupCode])).toEqual([
        [ada.id, 22_000_00, 'MOF-HQ'],
      ]);
      expect(await instructionsInEffect(t.db, '2025-05')).toEqual([]);
    });
  });

  describe('a member’s change request', () => {
    let cara: Session;
    let dayo: Session;

    beforeAll(async () => {
      cara = await session('cara@test.coop', { firstName: 'Cara', lastName: 'Nwosu' });
      dayo = await session('dayo@test.coop', { firstName: 'Dayo', lastName: 'Ola' });
      for (const who of [cara, dayo]) {
        await setInstruction(chair, who.id, { staffNumber: `FMF/${who.id.slice(0, 4)}` });
      }
    });

    it('without an instruction is refused, and the page shows none', async () => {
      const eve = await session('eve@test.coop');
      const page = await myDeductions(eve);
      expect(page).toMatchObject({ current: null, upcoming: null, history: [], requests: [] });
      expect(page.policy).toEqual({
        minSavings: 5_000,
        minShares: 1_000,
        changeCutOffDay: 15,
        nextChangeMonth: '2025-06',
      });
      const res = await ask(eve, 10_000, 2_000);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'You have no payroll deduction instruction to change. Ask the cooperative’s office to set one up.',
      );
    });

    it('is refused below the minimums, naming each amount, and when nothing changes', async () => {
      const low = await ask(cara, 4_000, 500);
      expect(low.statusCode).toBe(400);
      expect(low.json().details).toEqual([
        { field: 'savingsAmount', message: 'Savings must be at least ₦5,000 a month' },
        { field: 'shareAmount', message: 'Shares must be at least ₦1,000 a month' },
      ]);
      const same = await ask(cara, 20_000, 5_000);
      expect(same.statusCode).toBe(409);
      expect(same.json().message).toBe(
        'Your request is the same as your instruction: change an amount',
      );
      expect((await ask(cara, -1, 5_000)).statusCode).toBe(400);
      expect((await ask(cara, 1.005, 5_000)).statusCode).toBe(400);
      expect((await call(null, 'POST', '/users/deductions/change-requests', {})).statusCode).toBe(
        401,
      );
    });

    it('waits for an officer (limit 0); a retry with its key replays; a second is refused', async () => {
      const first = await ask(cara, 25_000, 5_000, 'cara-1');
      expect(first.statusCode, first.body).toBe(201);
      const request = first.json<{ data: ChangeRequest }>().data;
      expect(request).toMatchObject({ status: 'pending', autoApproved: false });
      expect(request.effectiveMonth).toBe('2025-06');
      expect(first.json().message).toBe('Your change request was sent. An officer will decide it.');

      const replay = await ask(cara, 25_000, 5_000, 'cara-1');
      expect(replay.statusCode).toBe(201);
      expect(replay.json().data.id).toBe(request.id);

      const second = await ask(cara, 30_000, 5_000, 'cara-2');
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({
        code: 'DEDUCTION_CHANGE_OPEN',
        message: 'You already have a change request waiting for a decision',
      });
      const page = await myDeductions(cara);
      expect(page.requests.map((r) => r.status)).toEqual(['pending']);
      expect(page.current?.savingsAmount).toBe(20_000);
    });

    it('sent twice at once leaves one open request', async () => {
      const answers = await Promise.all([
        ask(dayo, 30_000, 5_000, 'dayo-a'),
        ask(dayo, 31_000, 5_000, 'dayo-b'),
        ask(dayo, 32_000, 5_000, 'dayo-c'),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
      const open = await t.db
        .select({ n: count() })
        .from(deductionChangeRequests)
        .where(
          and(
            eq(deductionChangeRequests.userId, dayo.id),
            eq(deductionChangeRequests.status, 'pending'),
          ),
        );
      expect(open[0]?.n).toBe(1);
    });

    it('after the cut-off day takes effect a month later', async () => {
      const fola = await session('fola@test.coop');
      await setInstruction(chair, fola.id, {});
      t.clock.set('2025-06-16T09:00:00Z');
      try {
        fola.token = (await signIn(t, 'fola@test.coop')).accessToken;
        expect((await myDeductions(fola)).policy.nextChangeMonth).toBe('2025-07');
        const res = await ask(fola, 21_000, 5_000);
        expect(res.json<{ data: ChangeRequest }>().data.effectiveMonth).toBe('2025-07');
      } finally {
        t.clock.set(NOW);
      }
    });

    it('only its member cancels it: another member’s answers 404', async () => {
      const [open] = await t.db
        .select()
        .from(deductionChangeRequests)
        .where(eq(deductionChangeRequests.userId, dayo.id));
      const url = `/users/deductions/change-requests/${open!.id}/cancel`;
      expect((await call(cara, 'POST', url)).statusCode).toBe(404);
      const cancelled = await call(dayo, 'POST', url);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({
        data: { status: 'cancelled' },
        message: 'Your change request was cancelled',
      });
      expect((await call(dayo, 'POST', url)).statusCode).toBe(409);
      expect(
        (await call(dayo, 'POST', `/users/deductions/change-requests/${UNKNOWN}/cancel`))
          .statusCode,
      ).toBe(404);
    });

    it('within the policy’s limit is approved at once and the new instruction written', async () => {
      await storePolicy(t.db, {
        settings: {
          ...DEFAULT_POLICY,
          payroll: { ...DEFAULT_POLICY.payroll, autoApproveLimitKobo: 5_000_00 },
        },
        updatedBy: chair.id,
        now: new Date(NOW),
      });
      try {
        const over = await ask(dayo, 26_000, 5_000);
        expect(over.json<{ data: ChangeRequest }>().data.status).toBe('pending');
        await call(dayo, 'POST', `/users/deductions/change-requests/${over.json().data.id}/cancel`);

        const res = await ask(dayo, 23_000, 7_000);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({
          data: { status: 'approved', autoApproved: true, effectiveMonth: '2025-06' },
          message: 'Your change was approved and takes effect as shown.',
        });
        const page = await myDeductions(dayo);
        expect(page.current).toMatchObject({
          savingsAmount: 23_000,
          shareAmount: 7_000,
          source: 'policy',
          createdBy: null,
        });
      } finally {
        await storePolicy(t.db, {
          settings: DEFAULT_POLICY,
          updatedBy: chair.id,
          now: new Date(NOW),
        });
      }
    });
  });

  describe('the officers’ queue', () => {
    let gina: Session;
    let requestId: string;

    beforeAll(async () => {
      gina = await session('gina@test.coop', { firstName: 'Gina', lastName: 'Eze' });
      await setInstruction(chair, gina.id, { staffNumber: 'FMF/9' });
      requestId = (await ask(gina, 30_000, 6_000)).json<{ data: ChangeRequest }>().data.id;
    });

    it('lists pending requests with the instruction they would change', async () => {
      const res = await call(
        auditor,
        'GET',
        '/admin/payroll/change-requests?status=pending&search=gina',
      );
      expect(res.statusCode, res.body).toBe(200);
      const [item] = res.json<{ data: AdminChangeRequest[] }>().data;
      expect(item).toMatchObject({
        id: requestId,
        member: { id: gina.id, firstName: 'Gina' },
        current: { savingsAmount: 20_000, shareAmount: 5_000 },
        savingsAmount: 30_000,
        shareAmount: 6_000,
        decidedBy: null,
      });
    });

    it('an officer cannot decide their own request; the auditor has no duty to', async () => {
      await setInstruction(chair, treasurer.id, { staffNumber: 'FMF/T' });
      const own = (await ask(treasurer, 40_000, 5_000)).json<{ data: ChangeRequest }>().data;
      const res = await call(treasurer, 'POST', `/admin/payroll/change-requests/${own.id}/approve`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'DEDUCTION_CHANGE_SELF_DECISION',
        message: 'You cannot decide your own change request: another officer must',
      });
      const rejectOwn = await call(
        treasurer,
        'POST',
        `/admin/payroll/change-requests/${own.id}/reject`,
        { reason: 'Mine' },
      );
      expect(rejectOwn.statusCode).toBe(403);
      expect(
        (await call(auditor, 'POST', `/admin/payroll/change-requests/${requestId}/approve`))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(chair, 'POST', `/admin/payroll/change-requests/${UNKNOWN}/approve`)).statusCode,
      ).toBe(404);
    });

    it('approval writes the instruction, tells the member and is audited; it is decided once', async () => {
      const res = await call(
        treasurer,
        'POST',
        `/admin/payroll/change-requests/${requestId}/approve`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        data: { status: 'approved', decidedBy: { id: treasurer.id } },
        message: 'Change approved: the new instruction is recorded',
      });
      const page = await myDeductions(gina);
      expect(page.current).toMatchObject({
        savingsAmount: 30_000,
        shareAmount: 6_000,
        staffNumber: 'FMF/9',
        source: 'member',
        createdBy: treasurer.id,
      });
      const [note] = await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, gina.id));
      expect(note).toMatchObject({
        type: 'deduction_change_decision',
        title: 'Deduction change approved',
        message:
          'Your payroll deduction changes to savings ₦30,000 and shares ₦6,000 a month from June 2025.',
        actionUrl: '/deductions',
      });
      const again = await call(
        chair,
        'POST',
        `/admin/payroll/change-requests/${requestId}/reject`,
        {
          reason: 'Too late',
        },
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('DEDUCTION_CHANGE_NOT_PENDING');
    });

    it('rejection needs a reason, which the member is told; nothing changes', async () => {
      // A minute later, so the page orders the two requests by when they were made.
      t.clock.set('2025-06-10T09:01:00Z');
      const id = (await ask(gina, 35_000, 6_000)).json<{ data: ChangeRequest }>().data.id;
      t.clock.set(NOW);
      const empty = await call(chair, 'POST', `/admin/payroll/change-requests/${id}/reject`, {
        reason: ' ',
      });
      expect(empty.statusCode).toBe(400);
      const res = await call(chair, 'POST', `/admin/payroll/change-requests/${id}/reject`, {
        reason: 'Your loan instalment leaves too little of your salary',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'rejected',
        rejectionReason: 'Your loan instalment leaves too little of your salary',
      });
      const page = await myDeductions(gina);
      expect(page.current?.savingsAmount).toBe(30_000);
      expect(page.requests.map((r) => r.status)).toEqual(['rejected', 'approved']);
      const notes = await t.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, gina.id),
            eq(notifications.title, 'Deduction change rejected'),
          ),
        );
      expect(notes[0]?.message).toBe(
        'Your request to change your payroll deduction to savings ₦35,000 and shares ₦6,000 a month was rejected: Your loan instalment leaves too little of your salary',
      );
    });

    it('counts the requests waiting in the overview, the queue the sidebar shows', async () => {
      const waiting = async () => {
        const overview = (await call(auditor, 'GET', '/admin/overview')).json<{
          data: AdminOverview;
        }>().data;
        const list = (
          await call(auditor, 'GET', '/admin/payroll/change-requests?status=pending')
        ).json<{ pagination: { totalItems: number } }>();
        const queue = overview.queues.find((q) => q.key === 'deductionChanges');
        expect(queue?.label).toBe('Deduction changes to decide');
        expect(queue?.count).toBe(list.pagination.totalItems);
        return queue?.count ?? -1;
      };
      const before = await waiting();
      const hana = await session('hana@test.coop', { firstName: 'Hana', lastName: 'Umar' });
      await setInstruction(chair, hana.id, { staffNumber: 'FMF/H' });
      const id = (await ask(hana, 31_000, 6_000)).json<{ data: ChangeRequest }>().data.id;
      expect(await waiting()).toBe(before + 1);
      const rejected = await call(chair, 'POST', `/admin/payroll/change-requests/${id}/reject`, {
        reason: 'Ask again after your loan',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(await waiting()).toBe(before);
    });

    it('an approval after the cut-off moves the change to the month the cut-off allows', async () => {
      const id = (await ask(gina, 36_000, 6_000)).json<{ data: ChangeRequest }>().data.id;
      t.clock.set('2025-06-20T09:00:00Z');
      const later = { ...chair, token: (await signIn(t, 'chair@test.coop')).accessToken };
      gina.token = (await signIn(t, 'gina@test.coop')).accessToken;
      try {
        const res = await call(later, 'POST', `/admin/payroll/change-requests/${id}/approve`);
        expect(res.json<{ data: AdminChangeRequest }>().data.effectiveMonth).toBe('2025-07');
        const page = await myDeductions(gina);
        expect(page.current?.savingsAmount).toBe(30_000);
        expect(page.upcoming).toMatchObject({ savingsAmount: 36_000, effectiveMonth: '2025-07' });
      } finally {
        t.clock.set(NOW);
        gina.token = (await signIn(t, 'gina@test.coop')).accessToken;
      }
    });
  });

  describe('the member’s posted months', () => {
    it('show expected, deducted, difference, variance and the group’s remittance', async () => {
      const kemi = await session('kemi@test.coop');
      const deduction = (
        userId: string,
        month: string,
        groupId: string | null,
        expected: number,
        deducted: number,
        kind: 'matched' | 'short' | 'missing' | 'unexpected',
      ) => ({
        month,
        userId,
        payrollGroupId: groupId,
        expectedSavings: expected,
        expectedShares: 0,
        expectedInstalment: 0,
        expectedFines: 0,
        expectedTotal: expected,
        deductedTotal: deducted,
        allocatedSavings: deducted,
        allocatedShares: 0,
        allocatedInstalment: 0,
        allocatedFines: 0,
        kind,
      });
      await t.db.insert(payrollDeductions).values([
        deduction(kemi.id, '2025-03', hq.id, 25_000_00, 25_000_00, 'matched'),
        deduction(kemi.id, '2025-04', hq.id, 25_000_00, 20_000_00, 'short'),
        deduction(kemi.id, '2025-05', hq.id, 25_000_00, 0, 'missing'),
        deduction(kemi.id, '2025-02', null, 0, 3_000_00, 'unexpected'),
        // The rest of the group's months, which the remittances are measured against.
        deduction(ada.id, '2025-03', hq.id, 25_000_00, 25_000_00, 'matched'),
        deduction(ada.id, '2025-04', hq.id, 25_000_00, 25_000_00, 'matched'),
      ]);
      await t.db.insert(payrollRemittances).values([
        {
          month: '2025-03',
          payrollGroupId: hq.id,
          amount: 50_000_00,
          receivedOn: '2025-04-05',
          reference: 'TRF-03',
          recordedBy: chair.id,
        },
        {
          month: '2025-04',
          payrollGroupId: hq.id,
          amount: 20_000_00,
          receivedOn: '2025-05-05',
          reference: 'TRF-04',
          recordedBy: chair.id,
        },
      ]);
      const res = await call(kemi, 'GET', '/users/deductions/months');
      expect(res.statusCode, res.body).toBe(200);
      const months = res.json<{ data: DeductionMonth[] }>().data;
      expect(
        months.map((m) => [
          m.month,
          m.expectedAmount,
          m.deductedAmount,
          m.difference,
          m.kind,
          m.remittance,
        ]),
      ).toEqual([
        ['2025-05', 25_000, 0, -25_000, 'missing', 'remitted'],
        ['2025-04', 25_000, 20_000, -5_000, 'short', 'partly_remitted'],
        ['2025-03', 25_000, 25_000, 0, 'matched', 'remitted'],
        ['2025-02', 0, 3_000, 3_000, 'unexpected', 'not_remitted'],
      ]);
      // Another member sees only their own months.
      const theirs = await call(bayo, 'GET', '/users/deductions/months');
      expect(theirs.json<{ data: DeductionMonth[] }>().data).toEqual([]);
      expect((await call(kemi, 'GET', '/users/deductions/months?sortBy=amount')).statusCode).toBe(
        400,
      );
    });
  });

  describe('the members import', () => {
    const csv = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const upload = (fileName: string, text: string) => ({ fileName, content: csv(text) });
    const base = 'firstName,lastName,email,phoneNumber,membershipId,joinedOn';

    it('reads the instruction columns, checks them, and writes instructions from the cut-off month', async () => {
      const file = `${base},payrollGroup,staffNumber,savings,shares\r\nIfe,Ade,ife@test.coop,,,2025-01-15,MOF-HQ,FMF/555,"25,000",5000\r\nJide,Ola,jide@test.coop,,,,,,,\r\n`;
      const bad = `${base},payrollGroup,staffNumber,savings,shares\r\nKola,Ade,kola@test.coop,,,,NOPE,X1,100,10\r\nLara,Ade,lara@test.coop,,,,MOF-HQ,,100,10\r\nMimi,Ade,mimi@test.coop,,,,MOF-HQ,X2,ten,10\r\n`;
      const preview = await call(
        chair,
        'POST',
        '/admin/users/import/preview',
        upload('bad.csv', bad),
      );
      expect(preview.statusCode, preview.body).toBe(200);
      expect(
        preview.json<{ data: MemberImportPreview }>().data.rows.map((row) => row.errors),
      ).toEqual([
        ['There is no payroll group NOPE: add it on the Payroll page'],
        ['Give all four of payrollGroup, staffNumber, savings and shares, or leave all four blank'],
        ['savings must be an amount in naira, like 25000'],
      ]);

      const job = await finishedJob(
        t,
        await call(chair, 'POST', '/admin/users/import', upload('members.csv', file)),
        chair.token,
      );
      expect(job.state, JSON.stringify(job)).toBe('succeeded');
      const rows = await t.db
        .select({
          savings: deductionInstructions.savingsAmount,
          staff: deductionInstructions.staffNumber,
          month: deductionInstructions.effectiveMonth,
          source: deductionInstructions.source,
          group: payrollGroups.code,
        })
        .from(deductionInstructions)
        .innerJoin(payrollGroups, eq(payrollGroups.id, deductionInstructions.payrollGroupId))
        .where(eq(deductionInstructions.staffNumber, 'FMF/555'));
      expect(rows).toEqual([
        {
          savings: 25_000_00,
          staff: 'FMF/555',
          month: '2025-06',
          source: 'import',
          group: 'MOF-HQ',
        },
      ]);
    });

    it('still imports a file without the instruction columns', async () => {
      const file = `${base}\r\nNed,Ude,ned@test.coop,,,\r\n`;
      const job = await finishedJob(
        t,
        await call(chair, 'POST', '/admin/users/import', upload('old.csv', file)),
        chair.token,
      );
      expect(job.state, JSON.stringify(job)).toBe('succeeded');
    });
  });
});
