import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { AdminOverview } from '@coop/shared/back-office';
import type { AdminDepositNoticeListResponse } from '@coop/shared/deposit-notices';
import type { AdminFine, AdminFineListResponse } from '@coop/shared/fines';
import type { AdminWithdrawal, AdminWithdrawalListResponse } from '@coop/shared/withdrawals';
import {
  auditLog,
  fines,
  ledgerTransactions,
  notifications,
  withdrawals,
} from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  postLedgerTransaction,
  readMemberBalance,
} from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { createPostgresTestDatabase, requirePostgres } from '../../test/database.js';
import { recordContributions } from '../contributions/contributions.service.js';

/**
 * The back office's money routines through HTTP
 * (docs/decisions/043-admin-money-and-late-repayment-fines.md): withdrawals approved (ledger debit,
 * balance re-checked under the member's lock) or rejected with a reason, deposit notices verified
 * (a contribution through the ledger) or rejected, fines issued to one member or many (all or
 * nothing), waived and paid. Members get 403, anonymous callers 401, repeated Idempotency-Keys the
 * first answer, and every money action keeps projection == ledger.
 */
const NOW = '2025-06-15T09:00:00Z';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Session {
  id: string;
  token: string;
  membershipId: string;
}

async function admin(t: TestApp, email = 'chair@test.coop'): Promise<Session> {
  const user = await createActiveMember(t, {
    email,
    firstName: 'Chioma',
    lastName: 'Admin',
    roles: ['president'],
    joinedOn: '2020-01-01',
  });
  return {
    id: user.id,
    token: (await signIn(t, email)).accessToken,
    membershipId: user.membershipId,
  };
}

/** A signed-in member with one payroll month of `savings` and `shares` naira. */
async function memberWith(
  t: TestApp,
  email: string,
  name: [string, string],
  savings: number,
  shares: number,
): Promise<Session> {
  const user = await createActiveMember(t, {
    email,
    firstName: name[0],
    lastName: name[1],
    joinedOn: '2024-01-10',
  });
  await recordContributions(t.deps, systemActor, {
    deductions: [
      {
        userId: user.id,
        month: '2025-05',
        contributionDate: '2025-05-25',
        savingsKobo: savings * 100,
        sharesKobo: shares * 100,
      },
    ],
  });
  return {
    id: user.id,
    token: (await signIn(t, email)).accessToken,
    membershipId: user.membershipId,
  };
}

function client(t: TestApp) {
  const call = (
    who: Session | null,
    method: 'GET' | 'POST',
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
  return {
    call,
    requestWithdrawal: async (member: Session, amount: number, type = 'savings') => {
      const res = await call(member, 'POST', `/users/withdrawals/${type}`, { amount });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ data: { id: string } }>().data.id;
    },
    submitNotice: async (
      member: Session,
      bankReference: string,
      savings = 5_000,
      shares = 1_000,
    ) => {
      const res = await call(member, 'POST', '/users/deposit-notices', {
        savingsAmount: savings,
        shareHoldingAmount: shares,
        transferDate: '2025-06-14',
        bankReference,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ data: { id: string } }>().data.id;
    },
  };
}

const balanceOf = async (t: TestApp, userId: string) => {
  const balance = await readMemberBalance(t.db, userId);
  if (!balance) throw new Error('no balance');
  return balance;
};

const auditRows = (t: TestApp, action: string, entityId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

const notificationsOf = (t: TestApp, userId: string) =>
  t.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('back office money API', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let chair: Session;
  let ada: Session;
  let bayo: Session;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    api = client(t);
    chair = await admin(t);
    ada = await memberWith(t, 'ada@test.coop', ['Ada', 'Obi'], 100_000, 50_000);
    bayo = await memberWith(t, 'bayo@test.coop', ['Bayo', 'Ade'], 20_000, 5_000);
  }, 60_000);
  afterAll(() => t.close());

  describe('access', () => {
    const routes: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/admin/withdrawals'],
      ['POST', `/admin/withdrawals/${UNKNOWN}/approve`],
      ['POST', `/admin/withdrawals/${UNKNOWN}/reject`, { reason: 'No funds' }],
      ['GET', '/admin/deposit-notices'],
      ['POST', `/admin/deposit-notices/${UNKNOWN}/verify`],
      ['POST', `/admin/deposit-notices/${UNKNOWN}/reject`, { reason: 'Not found' }],
      ['GET', '/admin/fines'],
      ['POST', '/admin/fines', { userIds: [UNKNOWN], reason: 'Late', amount: 100 }],
      ['POST', `/admin/fines/${UNKNOWN}/waive`, { note: 'First time' }],
      ['POST', `/admin/fines/${UNKNOWN}/pay`, { paidFrom: 'savings' }],
    ];

    it('answers 403 FORBIDDEN to a member on every route, and writes nothing', async () => {
      for (const [method, url, payload] of routes) {
        const res = await api.call(ada, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
      expect(await t.db.$count(fines)).toBe(0);
    });

    it('answers 401 to an anonymous caller on every route', async () => {
      for (const [method, url, payload] of routes) {
        const res = await api.call(null, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toMatchObject({ success: false });
      }
    });
  });

  describe('withdrawals', () => {
    let adaRequest: string;

    it('lists pending requests with the member, their membership ID and balance', async () => {
      adaRequest = await api.requestWithdrawal(ada, 30_000);
      const res = await api.call(chair, 'GET', '/admin/withdrawals?status=pending&search=obi');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<AdminWithdrawalListResponse>();
      expect(body.data).toEqual([
        expect.objectContaining({
          id: adaRequest,
          member: { id: ada.id, firstName: 'Ada', lastName: 'Obi', membershipId: ada.membershipId },
          withdrawalType: 'savings',
          requestedAmount: 30_000,
          status: 'pending',
          memberBalance: 100_000,
        }),
      ]);
      expect(body.pagination).toMatchObject({ totalItems: 1, currentPage: 1 });
      const none = await api.call(chair, 'GET', '/admin/withdrawals?status=approved');
      expect(none.json<AdminWithdrawalListResponse>().data).toEqual([]);
    });

    it('refuses a bad filter with 400 in the spec shape', async () => {
      const res = await api.call(chair, 'GET', '/admin/withdrawals?status=paid');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    });

    it('approves: debits the savings through the ledger, audits, tells the member', async () => {
      const res = await api.call(
        chair,
        'POST',
        `/admin/withdrawals/${adaRequest}/approve`,
        undefined,
        'w-approve-1',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Withdrawal approved and paid out. The member was notified.',
        data: { id: adaRequest, status: 'approved', memberBalance: 70_000 },
      });
      expect((await balanceOf(t, ada.id)).savings).toBe(7_000_000);
      expect(await auditRows(t, 'withdrawal.approved', adaRequest)).toHaveLength(1);
      expect((await notificationsOf(t, ada.id)).map((n) => n.type)).toContain(
        'withdrawal_decision',
      );
      expect(await findProjectionMismatches(t.db)).toEqual([]);
      expect(await findHoldMismatches(t.db)).toEqual([]);
    });

    it('replays the same Idempotency-Key: the same answer, one debit', async () => {
      const again = await api.call(
        chair,
        'POST',
        `/admin/withdrawals/${adaRequest}/approve`,
        undefined,
        'w-approve-1',
      );
      expect(again.statusCode).toBe(200);
      expect(again.json<{ data: AdminWithdrawal }>().data.status).toBe('approved');
      const [posted] = await t.db
        .select({ n: count() })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.referenceId, adaRequest));
      expect(posted?.n).toBe(1);
      expect((await balanceOf(t, ada.id)).savings).toBe(7_000_000);
    });

    it('refuses a second decision with 409 and changes nothing', async () => {
      const res = await api.call(
        chair,
        'POST',
        `/admin/withdrawals/${adaRequest}/reject`,
        { reason: 'Changed my mind' },
        'w-reject-late',
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'WITHDRAWAL_NOT_PENDING' });
      const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, adaRequest));
      expect(row?.status).toBe('approved');
    });

    it('holds a pending request: a fine cannot take it, and a shortfall is answered with 409', async () => {
      const request = await api.requestWithdrawal(bayo, 20_000);
      // Bayo's whole savings are held for the request: a fine paid from savings is refused.
      const issued = await api.call(
        chair,
        'POST',
        '/admin/fines',
        { userIds: [bayo.id], reason: 'Missed meeting', amount: 5_000 },
        'f-bayo',
      );
      const fineId = issued.json<{ data: { fines: AdminFine[] } }>().data.fines[0]?.id ?? '';
      const paid = await api.call(
        chair,
        'POST',
        `/admin/fines/${fineId}/pay`,
        { paidFrom: 'savings' },
        'f-bayo-pay',
      );
      expect(paid.statusCode, paid.body).toBe(409);
      expect(paid.json()).toMatchObject({
        message: "The member's available savings (₦0) cannot cover this fine",
      });
      // A correction the administrators decided takes ₦5,000 all the same (the ledger posts what
      // it is told; holds are the use cases' rule): the 20,000 are no longer all there.
      await t.db.transaction((tx) =>
        postLedgerTransaction(tx, {
          kind: 'adjustment',
          description: 'Correction of a double-counted deposit',
          effectiveDate: '2025-06-15',
          entries: [
            { account: 'member_savings', userId: bayo.id, amount: 500_000 },
            { account: 'coop_adjustments', amount: -500_000 },
          ],
        }),
      );

      const res = await api.call(
        chair,
        'POST',
        `/admin/withdrawals/${request}/approve`,
        undefined,
        'w-bayo',
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'WITHDRAWAL_INSUFFICIENT_BALANCE',
        message: "The member's available savings (₦15,000) no longer cover this request",
      });
      const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, request));
      expect(row?.status).toBe('pending');
      expect((await balanceOf(t, bayo.id)).savings).toBe(1_500_000);
      expect(await findProjectionMismatches(t.db)).toEqual([]);
      expect(await findHoldMismatches(t.db)).toEqual([]);
    });

    it('rejects with a reason (required), tells the member, moves no money', async () => {
      const [pending] = await t.db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, bayo.id), eq(withdrawals.status, 'pending')));
      const id = pending?.id ?? '';
      const blank = await api.call(chair, 'POST', `/admin/withdrawals/${id}/reject`, {
        reason: ' ',
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Say why it is rejected (at least 3 characters)',
      });
      const res = await api.call(
        chair,
        'POST',
        `/admin/withdrawals/${id}/reject`,
        { reason: 'Savings no longer cover it' },
        'w-bayo-reject',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Withdrawal rejected. The member was notified.',
        data: { status: 'rejected', rejectionReason: 'Savings no longer cover it' },
      });
      expect(await auditRows(t, 'withdrawal.rejected', id)).toHaveLength(1);
      expect((await balanceOf(t, bayo.id)).savings).toBe(1_500_000);
    });

    it('answers 404 for an unknown request and 400 for a malformed id', async () => {
      const unknown = await api.call(chair, 'POST', `/admin/withdrawals/${UNKNOWN}/approve`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      const bad = await api.call(chair, 'POST', '/admin/withdrawals/nope/approve');
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('deposit notices', () => {
    let notice: string;

    it('lists pending notices with the member and the bank reference, searchable', async () => {
      notice = await api.submitNotice(ada, 'TRF-ADA-001');
      const res = await api.call(
        chair,
        'GET',
        '/admin/deposit-notices?status=pending&search=TRF-ADA',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<AdminDepositNoticeListResponse>().data).toEqual([
        expect.objectContaining({
          id: notice,
          member: expect.objectContaining({ firstName: 'Ada', membershipId: ada.membershipId }),
          bankReference: 'TRF-ADA-001',
          totalAmount: 6_000,
          status: 'pending',
        }),
      ]);
    });

    it('verifies: posts the contribution through the ledger, once per key', async () => {
      const before = await balanceOf(t, ada.id);
      const res = await api.call(
        chair,
        'POST',
        `/admin/deposit-notices/${notice}/verify`,
        undefined,
        'd-verify',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Deposit verified and posted as a contribution. The member was notified.',
        data: { id: notice, status: 'verified' },
      });
      const again = await api.call(
        chair,
        'POST',
        `/admin/deposit-notices/${notice}/verify`,
        undefined,
        'd-verify',
      );
      expect(again.statusCode).toBe(200);
      const after = await balanceOf(t, ada.id);
      expect(after.savings - before.savings).toBe(500_000);
      expect(after.shares - before.shares).toBe(100_000);
      expect(await auditRows(t, 'deposit_notice.verified', notice)).toHaveLength(1);
      const other = await api.call(
        chair,
        'POST',
        `/admin/deposit-notices/${notice}/verify`,
        undefined,
        'd-verify-2',
      );
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ code: 'DEPOSIT_NOTICE_NOT_PENDING' });
      expect(await findProjectionMismatches(t.db)).toEqual([]);
      expect(await findHoldMismatches(t.db)).toEqual([]);
    });

    it('rejects with a reason (required); no money moves', async () => {
      const id = await api.submitNotice(bayo, 'TRF-BAYO-9');
      const before = await balanceOf(t, bayo.id);
      const blank = await api.call(chair, 'POST', `/admin/deposit-notices/${id}/reject`, {});
      expect(blank.statusCode).toBe(400);
      const res = await api.call(
        chair,
        'POST',
        `/admin/deposit-notices/${id}/reject`,
        { reason: 'Not on the June statement' },
        'd-reject',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Deposit notice rejected. The member was notified.',
        data: { status: 'rejected', rejectionReason: 'Not on the June statement' },
      });
      expect(await balanceOf(t, bayo.id)).toEqual(before);
    });
  });

  describe('fines', () => {
    let adaFine: string;
    let bayoFine: string;

    it('issues one fine each to several members in one request, and tells each', async () => {
      const finesBefore = await t.db.$count(fines);
      const res = await api.call(
        chair,
        'POST',
        '/admin/fines',
        { userIds: [ada.id, bayo.id], reason: 'Missed the AGM', amount: 2_000 },
        'f-agm',
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<{ data: { issued: number; fines: AdminFine[] }; message: string }>();
      expect(body.message).toBe('2 fines issued. The members were notified.');
      expect(body.data.issued).toBe(2);
      expect(
        body.data.fines.map((f) => [f.member.firstName, f.amount, f.status, f.dueDate]),
      ).toEqual([
        ['Ada', 2_000, 'pending', '2025-07-15'],
        ['Bayo', 2_000, 'pending', '2025-07-15'],
      ]);
      adaFine = body.data.fines[0]?.id ?? '';
      bayoFine = body.data.fines[1]?.id ?? '';
      const replay = await api.call(
        chair,
        'POST',
        '/admin/fines',
        { userIds: [ada.id, bayo.id], reason: 'Missed the AGM', amount: 2_000 },
        'f-agm',
      );
      expect(replay.statusCode).toBe(201);
      expect(replay.json<{ data: { fines: AdminFine[] } }>().data.fines.map((f) => f.id)).toEqual([
        adaFine,
        bayoFine,
      ]);
      expect(await t.db.$count(fines)).toBe(finesBefore + 2);
      expect(
        (await notificationsOf(t, bayo.id)).filter((n) => n.type === 'fine_issued').length,
      ).toBeGreaterThan(0);
    });

    it('issues none when one of the members does not exist (all or nothing)', async () => {
      const finesBefore = await t.db.$count(fines);
      const res = await api.call(chair, 'POST', '/admin/fines', {
        userIds: [ada.id, UNKNOWN],
        reason: 'Late',
        amount: 500,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Some of the chosen members do not exist',
      });
      const future = await api.call(chair, 'POST', '/admin/fines', {
        userIds: [ada.id, bayo.id],
        reason: 'Late',
        amount: 500,
        fineDate: '2025-07-01',
      });
      expect(future.statusCode).toBe(400);
      expect(future.json()).toMatchObject({ message: 'The fine date cannot be in the future' });
      expect(await t.db.$count(fines)).toBe(finesBefore);
    });

    it('refuses invalid input with the spec messages', async () => {
      const cases: Array<[unknown, string]> = [
        [{ userIds: [], reason: 'Late', amount: 500 }, 'Choose at least one member'],
        [{ userIds: [ada.id], reason: 'Late', amount: 0 }, 'Enter a valid amount greater than 0'],
        [{ userIds: [ada.id], reason: 'x', amount: 10 }, 'Reason must be at least 3 characters'],
      ];
      for (const [payload, message] of cases) {
        const res = await api.call(chair, 'POST', '/admin/fines', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
        expect(JSON.stringify(res.json())).toContain(message);
      }
    });

    it('lists fines with the member, by status and search', async () => {
      const res = await api.call(chair, 'GET', '/admin/fines?status=pending&search=AGM');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<AdminFineListResponse>();
      expect(body.data.map((f) => f.member.membershipId).sort()).toEqual(
        [ada.membershipId, bayo.membershipId].sort(),
      );
      expect(body.data.every((f) => !f.automatic)).toBe(true);
    });

    it('waives with a reason (required); a second waiver is refused', async () => {
      const blank = await api.call(chair, 'POST', `/admin/fines/${bayoFine}/waive`, { note: '' });
      expect(blank.statusCode).toBe(400);
      const res = await api.call(
        chair,
        'POST',
        `/admin/fines/${bayoFine}/waive`,
        { note: 'Was in hospital' },
        'f-waive',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Fine waived. The member was notified.',
        data: { status: 'waived', waiverNote: 'Was in hospital' },
      });
      const again = await api.call(
        chair,
        'POST',
        `/admin/fines/${bayoFine}/waive`,
        { note: 'Again' },
        'f-waive-2',
      );
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'FINE_NOT_PENDING' });
      expect(await auditRows(t, 'fine.waived', bayoFine)).toHaveLength(1);
    });

    it('marks paid from savings through the ledger, once per key', async () => {
      const before = await balanceOf(t, ada.id);
      const res = await api.call(
        chair,
        'POST',
        `/admin/fines/${adaFine}/pay`,
        { paidFrom: 'savings' },
        'f-pay',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Fine recorded as paid. The member was notified.',
        data: { status: 'paid', paidDate: '2025-06-15' },
      });
      await api.call(
        chair,
        'POST',
        `/admin/fines/${adaFine}/pay`,
        { paidFrom: 'savings' },
        'f-pay',
      );
      expect(before.savings - (await balanceOf(t, ada.id)).savings).toBe(200_000);
      const bad = await api.call(chair, 'POST', `/admin/fines/${adaFine}/pay`, {
        paidFrom: 'cash',
      });
      expect(bad.statusCode).toBe(400);
      expect(await findProjectionMismatches(t.db)).toEqual([]);
      expect(await findHoldMismatches(t.db)).toEqual([]);
    });
  });

  it('the overview queues count withdrawals to decide and deposit notices to verify', async () => {
    await api.requestWithdrawal(ada, 1_000);
    await api.submitNotice(ada, 'TRF-ADA-002');
    const res = await api.call(chair, 'GET', '/admin/overview');
    const queues = res.json<{ data: AdminOverview }>().data.queues;
    expect(queues).toEqual(
      expect.arrayContaining([
        { key: 'withdrawals', label: 'Withdrawals to decide', count: 1 },
        { key: 'depositNotices', label: 'Deposit notices to verify', count: 1 },
      ]),
    );
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});

const serverUrl = requirePostgres('back office money concurrency');
describe.skipIf(!serverUrl)('back office money under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let chair: Session;
  let second: Session;

  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      handle: await createPostgresTestDatabase(serverUrl ?? ''),
    });
    api = client(t);
    chair = await admin(t);
    second = await admin(t, 'treasurer@test.coop');
  }, 60_000);
  afterAll(() => t.close());

  it('two administrators approving the same withdrawal approve it once', async () => {
    const ada = await memberWith(t, 'ada@test.coop', ['Ada', 'Obi'], 100_000, 0);
    const id = await api.requestWithdrawal(ada, 40_000);
    const results = await Promise.all(
      [chair, second, chair, second].map((who, i) =>
        api.call(who, 'POST', `/admin/withdrawals/${id}/approve`, undefined, `race-${i}`),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await balanceOf(t, ada.id)).savings).toBe(6_000_000);
    expect(await auditRows(t, 'withdrawal.approved', id)).toHaveLength(1);
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });

  it('two debits that together exceed the balance: the re-check under the lock refuses one', async () => {
    // The member asks to withdraw 30,000 of 40,000 savings; meanwhile another administrator
    // takes a 15,000 fine from the same savings. Whichever comes second no longer fits.
    const bola = await memberWith(t, 'bola@test.coop', ['Bola', 'Ige'], 40_000, 0);
    const withdrawal = await api.requestWithdrawal(bola, 30_000);
    const issued = await api.call(chair, 'POST', '/admin/fines', {
      userIds: [bola.id],
      reason: 'Missed meeting',
      amount: 15_000,
    });
    const fineId = issued.json<{ data: { fines: AdminFine[] } }>().data.fines[0]?.id ?? '';
    const [approve, pay] = await Promise.all([
      api.call(chair, 'POST', `/admin/withdrawals/${withdrawal}/approve`, undefined, 'x-approve'),
      api.call(second, 'POST', `/admin/fines/${fineId}/pay`, { paidFrom: 'savings' }, 'x-pay'),
    ]);
    expect([approve.statusCode, pay.statusCode].sort()).toEqual([200, 409]);
    const savings = (await balanceOf(t, bola.id)).savings;
    expect(savings === 1_000_000 || savings === 2_500_000).toBe(true);
    expect(savings).toBeGreaterThanOrEqual(0);
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });

  it('many fines at once to several members: every one or none, and one per key', async () => {
    const m1 = await memberWith(t, 'm1@test.coop', ['Musa', 'One'], 1_000, 0);
    const m2 = await memberWith(t, 'm2@test.coop', ['Musa', 'Two'], 1_000, 0);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        api.call(
          chair,
          'POST',
          '/admin/fines',
          { userIds: [m1.id, m2.id], reason: 'Late dues', amount: 100 },
          'same-batch',
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([201, 409]).toContain(r.statusCode);
    const issued = await t.db.select().from(fines).where(eq(fines.reason, 'Late dues'));
    expect(issued).toHaveLength(2);
    const [answered] = results.filter((r) => r.statusCode === 201);
    expect(answered?.json<{ data: { issued: number } }>().data.issued).toBe(2);
  });
});
