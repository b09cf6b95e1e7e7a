import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import type {
  Withdrawal,
  WithdrawalEligibility,
  WithdrawalListResponse,
} from '@coop/shared/withdrawals';
import { WITHDRAWAL_RESTRICTIONS } from '@coop/shared/withdrawal-rules';
import type { Dashboard } from '@coop/shared/dashboard';
import { heldText } from '@coop/shared/hold-rules';
import {
  auditLog,
  idempotencyKeys,
  loans,
  notifications,
  withdrawals,
} from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  readMemberBalance,
} from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { createPostgresTestDatabase, requirePostgres } from '../../test/database.js';
import { recordContributions } from '../contributions/contributions.service.js';
import { setMemberActive } from '../members/members.service.js';
import { approveWithdrawal, rejectWithdrawal } from './withdrawals.service.js';

/**
 * /users/withdrawals through HTTP (docs/member-portal.md §2, §5, §7, §8; docs/business-rules.md;
 * decision 041): eligibility, requests with their messages and Idempotency-Key, one pending per
 * type, changing and cancelling, another member's request answering 404, a suspended member 403,
 * and the administrator's approval debiting the ledger. Ends with projection == ledger.
 */
const NOW = '2025-06-15T09:00:00Z';

interface Member {
  id: string;
  token: string;
}

/** A signed-in member with one payroll month of `savings` and `shares` naira. */
async function memberWith(t: TestApp, email: string, savings: number, shares: number) {
  const user = await createActiveMember(t, { email, joinedOn: '2024-01-10' });
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
  const { accessToken } = await signIn(t, email);
  return { id: user.id, token: accessToken };
}

const api = (t: TestApp) => ({
  eligibility: async (member: Member) => {
    const res = await t.app.inject({
      url: '/api/v1/users/withdrawals/eligibility',
      headers: bearer(member.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: WithdrawalEligibility }>().data;
  },
  request: (member: Member, type: 'savings' | 'share-holding', payload: unknown, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/users/withdrawals/${type}`,
      headers: { ...bearer(member.token), ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as object,
    }),
  update: (member: Member, id: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/withdrawals/${id}`,
      headers: bearer(member.token),
      payload: payload as object,
    }),
  list: async (member: Member, query = '') => {
    const res = await t.app.inject({
      url: `/api/v1/users/withdrawals${query}`,
      headers: bearer(member.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WithdrawalListResponse>();
  },
});

describe('withdrawals API', () => {
  let t: TestApp;
  let ada: Member;
  let bayo: Member;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    call = api(t);
    ada = await memberWith(t, 'ada@test.coop', 100_000, 20_000);
    bayo = await memberWith(t, 'bayo@test.coop', 50_000, 10_000);
  }, 60_000);
  afterAll(() => t.close());

  it('shows what the member may withdraw, each refusal in plain words', async () => {
    expect(await call.eligibility(ada)).toEqual({
      availableSavings: 100_000,
      availableShares: 20_000,
      canWithdrawSavings: true,
      canWithdrawShares: true,
      restrictions: [],
      held: [],
    });
  });

  it("refuses bad amounts with the spec's messages and writes nothing", async () => {
    for (const amount of [0, -5, 'ten', undefined]) {
      const res = await call.request(ada, 'savings', { amount });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Enter a valid amount greater than 0',
      });
    }
    const over = await call.request(ada, 'savings', { amount: 100_000.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: 'Amount exceeds available balance',
      details: [{ field: 'amount', message: 'Amount exceeds available balance' }],
    });
    const [{ n } = { n: -1 }] = await t.db.select({ n: count() }).from(withdrawals);
    expect(n).toBe(0);
  });

  let savingsRequest: Withdrawal;

  it('records a pending request once per Idempotency-Key, and reserves its amount', async () => {
    const first = await call.request(ada, 'savings', { amount: 60_000, reason: ' Rent ' }, 'k-1');
    expect(first.statusCode, first.body).toBe(201);
    const body = first.json<{ data: Withdrawal; message: string }>();
    expect(body.message).toBe('Withdrawal request submitted');
    expect(body.data).toMatchObject({
      withdrawalType: 'savings',
      requestedAmount: 60_000,
      status: 'pending',
      processedDate: null,
      reason: 'Rent',
    });
    savingsRequest = body.data;
    const replay = await call.request(ada, 'savings', { amount: 60_000, reason: ' Rent ' }, 'k-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.json<{ data: Withdrawal }>().data.id).toBe(savingsRequest.id);

    expect(await call.eligibility(ada)).toEqual({
      availableSavings: 40_000,
      availableShares: 20_000,
      canWithdrawSavings: false,
      canWithdrawShares: true,
      restrictions: [WITHDRAWAL_RESTRICTIONS.pendingSavings],
      held: [{ account: 'savings', reason: 'withdrawal', amount: 60_000 }],
    });
  });

  it('shows one available figure on the dashboard and on Withdrawals, and says what is held', async () => {
    const res = await t.app.inject({ url: '/api/v1/users/dashboard', headers: bearer(ada.token) });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<{ data: Dashboard }>().data.financialSummary;
    const eligibility = await call.eligibility(ada);
    expect(summary.availableBalance).toBe(eligibility.availableSavings);
    expect(summary).toMatchObject({ totalSavings: 100_000, frozenAmount: 60_000 });
    expect(summary.held.map(heldText)).toEqual(['₦60,000 held for your pending withdrawal']);
    expect(eligibility.held.map(heldText)).toEqual(['₦60,000 held for your pending withdrawal']);
  });

  it('allows one pending request per type', async () => {
    const second = await call.request(ada, 'savings', { amount: 1_000 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'WITHDRAWAL_PENDING_EXISTS',
      message: WITHDRAWAL_RESTRICTIONS.pendingSavings,
    });
    t.clock.advance(60_000);
    const shares = await call.request(ada, 'share-holding', { amount: 20_000 });
    expect(shares.statusCode, shares.body).toBe(201);
  });

  it('lists the own requests newest first, by status and type', async () => {
    const all = await call.list(ada);
    expect(all.data.map((w) => w.withdrawalType)).toEqual(['share_holding', 'savings']);
    expect(all.pagination).toMatchObject({ totalItems: 2, limit: 10 });
    expect((await call.list(ada, '?requestType=savings')).data).toHaveLength(1);
    expect((await call.list(ada, '?status=approved')).data).toEqual([]);
    expect((await call.list(bayo)).data).toEqual([]);
  });

  it('lets the member change the amount or reason, never above what is available', async () => {
    const over = await call.update(ada, savingsRequest.id, { amount: 100_001 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ message: 'Amount exceeds available balance' });
    const res = await call.update(ada, savingsRequest.id, { amount: 100_000, reason: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Withdrawal request updated',
      data: { requestedAmount: 100_000, reason: null, status: 'pending' },
    });
    // The hold moved with the amount: all of Ada's savings are held for it now.
    expect((await call.eligibility(ada)).availableSavings).toBe(0);
    expect(await findHoldMismatches(t.db)).toEqual([]);
    const empty = await call.update(ada, savingsRequest.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Nothing to update' });
  });

  it("answers 404 for another member's request and changes nothing", async () => {
    const res = await call.update(bayo, savingsRequest.id, { status: 'cancelled' });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, savingsRequest.id));
    expect(row?.status).toBe('pending');
  });

  it('lets the member cancel a pending request, and not a decided one', async () => {
    const res = await call.update(ada, savingsRequest.id, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Withdrawal request cancelled',
      data: { status: 'cancelled', processedDate: expect.any(String) },
    });
    const again = await call.update(ada, savingsRequest.id, { reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'WITHDRAWAL_NOT_PENDING' });
    expect((await call.eligibility(ada)).canWithdrawSavings).toBe(true);
  });

  it('debits the ledger when the administrator approves, and tells the member', async () => {
    const res = await call.request(bayo, 'savings', { amount: 30_000 });
    const request = res.json<{ data: Withdrawal }>().data;
    await approveWithdrawal(t.deps, systemActor, { id: request.id });
    expect((await readMemberBalance(t.db, bayo.id))?.savings).toBe(20_000 * 100);
    await expect(approveWithdrawal(t.deps, systemActor, { id: request.id })).rejects.toMatchObject({
      code: 'WITHDRAWAL_NOT_PENDING',
    });
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, bayo.id), eq(notifications.subjectId, request.id)));
    expect(notice).toMatchObject({
      title: 'Withdrawal approved',
      actionUrl: `/withdrawals?status=approved&request=${request.id}`,
    });
    const [audit] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.approved'), eq(auditLog.entityId, request.id)));
    expect(audit?.n).toBe(1);
    expect((await call.list(bayo, '?status=approved')).data[0]?.processedDate).not.toBeNull();
  });

  it('lets the administrator reject with a reason; no money moves', async () => {
    const res = await call.request(bayo, 'share-holding', { amount: 5_000 });
    const request = res.json<{ data: Withdrawal }>().data;
    await rejectWithdrawal(t.deps, systemActor, { id: request.id, reason: 'Shares are locked' });
    expect((await readMemberBalance(t.db, bayo.id))?.shares).toBe(10_000 * 100);
    // The member's list answers why, so the row can say it.
    expect((await call.list(bayo, '?status=rejected')).data).toEqual([
      expect.objectContaining({
        id: request.id,
        status: 'rejected',
        rejectionReason: 'Shares are locked',
      }),
    ]);
  });

  it('keeps shares while the member has a running loan, and says so', async () => {
    await t.db.insert(loans).values({
      loanNumber: 'LN-TEST-1',
      userId: bayo.id,
      purpose: 'School fees for the new term',
      requestedAmount: 100_000_00,
      repaymentTermMonths: 6,
      interestRateBps: 500,
      interestAmount: 5_000_00,
      insuranceFee: 1_000_00,
      formFee: 1_000_00,
      deductProcessingFee: true,
      disbursementAmount: 98_000_00,
      monthlyPayment: 17_500_00,
      totalRepayment: 105_000_00,
      status: 'pending',
      requiredCertifications: 2,
      remainingCertifications: 2,
    });
    const eligibility = await call.eligibility(bayo);
    expect(eligibility).toMatchObject({ availableShares: 0, canWithdrawShares: false });
    expect(eligibility.restrictions).toContain(WITHDRAWAL_RESTRICTIONS.runningLoan);
    const res = await call.request(bayo, 'share-holding', { amount: 1_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'WITHDRAWAL_NOT_ALLOWED',
      message: WITHDRAWAL_RESTRICTIONS.runningLoan,
    });
  });

  it('refuses to change a share holding request once a loan binds the shares, as a new one', async () => {
    const efe = await memberWith(t, 'efe@test.coop', 10_000, 10_000);
    const res = await call.request(efe, 'share-holding', { amount: 1_000 });
    expect(res.statusCode, res.body).toBe(201);
    const request = res.json<{ data: Withdrawal }>().data;
    await t.db.insert(loans).values({
      loanNumber: 'LN-TEST-2',
      userId: efe.id,
      purpose: 'Sewing machines for the shop',
      requestedAmount: 50_000_00,
      repaymentTermMonths: 6,
      interestRateBps: 500,
      interestAmount: 2_500_00,
      insuranceFee: 500_00,
      formFee: 1_000_00,
      deductProcessingFee: true,
      disbursementAmount: 48_500_00,
      monthlyPayment: 8_750_00,
      totalRepayment: 52_500_00,
      status: 'pending',
      requiredCertifications: 2,
      remainingCertifications: 2,
    });
    const change = await call.update(efe, request.id, { amount: 2_000 });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({
      code: 'WITHDRAWAL_NOT_ALLOWED',
      message: WITHDRAWAL_RESTRICTIONS.runningLoan,
    });
    expect((await call.list(efe)).data[0]).toMatchObject({ requestedAmount: 1_000 });
  });

  it('answers 401 without a token and 403 for a suspended member', async () => {
    const anonymous = await t.app.inject({ url: '/api/v1/users/withdrawals/eligibility' });
    expect(anonymous.statusCode).toBe(401);
    const ngozi = await memberWith(t, 'ngozi@test.coop', 10_000, 0);
    await setMemberActive(t.deps, systemActor, { userId: ngozi.id, isActive: false });
    const { accessToken } = await signIn(t, 'ngozi@test.coop');
    const res = await call.request({ id: ngozi.id, token: accessToken }, 'savings', { amount: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
  });

  it('treats an Idempotency-Key older than 24 hours as new: the retry is a new request', async () => {
    const emeka = await memberWith(t, 'emeka@test.coop', 10_000, 0);
    const first = await call.request(emeka, 'savings', { amount: 1_000 }, 'k-day');
    expect(first.statusCode, first.body).toBe(201);
    const firstId = first.json<{ data: Withdrawal }>().data.id;
    expect((await call.update(emeka, firstId, { status: 'cancelled' })).statusCode).toBe(200);
    const replay = await call.request(emeka, 'savings', { amount: 1_000 }, 'k-day');
    expect(replay.json<{ data: Withdrawal }>().data.id).toBe(firstId);

    // The key was stored a day and an hour ago (IDEMPOTENCY_KEY_RETENTION_HOURS is 24).
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.userId, emeka.id), eq(idempotencyKeys.key, 'k-day')));
    const late = await call.request(emeka, 'savings', { amount: 1_000 }, 'k-day');
    expect(late.statusCode, late.body).toBe(201);
    expect(late.headers['idempotent-replayed']).toBeUndefined();
    expect(late.json<{ data: Withdrawal }>().data.id).not.toBe(firstId);
  });

  it('keeps the balance projection equal to the ledger', async () => {
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});

const serverUrl = requirePostgres('withdrawals concurrency');
describe.skipIf(!serverUrl)('withdrawals under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      handle: await createPostgresTestDatabase(serverUrl ?? ''),
    });
  }, 60_000);
  afterAll(() => t.close());

  it('twenty parallel requests for 60 % of the savings leave exactly one pending', async () => {
    const member = await memberWith(t, 'race@test.coop', 100_000, 0);
    const call = api(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call.request(member, 'savings', { amount: 60_000 })),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(answers.every((res) => [201, 400, 409].includes(res.statusCode))).toBe(true);
    const rows = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, member.id));
    expect(rows.map((row) => row.status)).toEqual(['pending']);
    const eligibility = await call.eligibility(member);
    expect(eligibility.availableSavings).toBe(40_000);
  });

  it('parallel savings and share requests each keep one pending per type, never overdrawn', async () => {
    const member = await memberWith(t, 'both@test.coop', 50_000, 50_000);
    const call = api(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call.request(member, i % 2 ? 'savings' : 'share-holding', { amount: 40_000 }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(2);
    const rows = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, member.id));
    expect(rows.map((row) => row.withdrawalType).sort()).toEqual(['savings', 'share_holding']);
  });

  it('parallel approvals and a member change never overdraw; projection equals ledger', async () => {
    const member = await memberWith(t, 'approve@test.coop', 100_000, 0);
    const call = api(t);
    const res = await call.request(member, 'savings', { amount: 90_000 });
    const request = res.json<{ data: Withdrawal }>().data;
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 10 }, () =>
        approveWithdrawal(t.deps, systemActor, { id: request.id }),
      ),
      call.update(member, request.id, { status: 'cancelled' }),
    ]);
    const approvals = outcomes.slice(0, 10).filter((o) => o.status === 'fulfilled');
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, request.id));
    const balance = await readMemberBalance(t.db, member.id);
    if (row?.status === 'approved') {
      expect(approvals).toHaveLength(1);
      expect(balance?.savings).toBe(10_000 * 100);
    } else {
      expect(row?.status).toBe('cancelled');
      expect(approvals).toHaveLength(0);
      expect(balance?.savings).toBe(100_000 * 100);
    }
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});
