import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DepositInstructions,
  DepositNotice,
  DepositNoticeListResponse,
} from '@coop/shared/deposit-notices';
import { systemActor } from '../../lib/actor.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  readMemberBalance,
} from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createPostgresTestDatabase, requirePostgres } from '../../test/database.js';
import { depositNotices } from '../../db/schema/index.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { recordContributions } from '../contributions/contributions.service.js';
import { setMemberActive } from '../members/members.service.js';
import { rejectDepositNotice, verifyDepositNotice } from './deposit-notices.service.js';

/**
 * /users/deposit-notices (docs/decisions/042-deposit-notices.md): the page's instructions, notices
 * with their rules and messages, the administrator's verification posting through the ledger.
 */
const NOW = '2025-06-15T09:00:00Z';

describe('deposit notices', () => {
  let t: TestApp;
  let ada: { id: string; token: string };
  let bayo: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const a = await createActiveMember(t, { email: 'ada@test.coop', joinedOn: '2024-01-10' });
    await recordContributions(t.deps, systemActor, {
      deductions: [
        {
          userId: a.id,
          month: '2025-04',
          contributionDate: '2025-04-25',
          savingsKobo: 20_000_00,
          sharesKobo: 5_000_00,
        },
        {
          userId: a.id,
          month: '2025-05',
          contributionDate: '2025-05-25',
          savingsKobo: 25_000_00,
          sharesKobo: 5_000_00,
        },
      ],
    });
    ada = { id: a.id, token: (await signIn(t, 'ada@test.coop')).accessToken };
    const b = await createActiveMember(t, { email: 'bayo@test.coop' });
    bayo = { id: b.id, token: (await signIn(t, 'bayo@test.coop')).accessToken };
  }, 60_000);
  afterAll(() => t.close());

  const post = (token: string, payload: unknown, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/deposit-notices',
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as object,
    });
  const list = async (token: string) => {
    const res = await t.app.inject({
      url: '/api/v1/users/deposit-notices',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DepositNoticeListResponse>();
  };
  const valid = {
    savingsAmount: 10_000,
    shareHoldingAmount: 2_500,
    transferDate: '2025-06-14',
    bankReference: 'TRF-0001',
  };

  it("shows the latest monthly deduction and the cooperative's account", async () => {
    const res = await t.app.inject({
      url: '/api/v1/users/deposit-notices/instructions',
      headers: bearer(ada.token),
    });
    expect(res.json<{ data: DepositInstructions }>().data).toEqual({
      monthlyDeduction: {
        month: '2025-05',
        savingsAmount: 25_000,
        shareHoldingAmount: 5_000,
        totalAmount: 30_000,
      },
      bankAccount: t.config.cooperative.bankAccount,
    });
    const none = await t.app.inject({
      url: '/api/v1/users/deposit-notices/instructions',
      headers: bearer(bayo.token),
    });
    expect(none.json<{ data: DepositInstructions }>().data.monthlyDeduction).toBeNull();
  });

  it.each([
    [{ ...valid, savingsAmount: -1 }, 'Enter an amount of 0 or more'],
    [
      { ...valid, savingsAmount: 0, shareHoldingAmount: 0 },
      'Enter a savings or share holding amount greater than 0',
    ],
    [{ ...valid, bankReference: '  ' }, 'Enter the bank reference of the transfer'],
    [{ ...valid, transferDate: '2025-06-16' }, 'The transfer date cannot be in the future'],
  ])('refuses %j with its message and writes nothing', async (payload, message) => {
    const res = await post(ada.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
    expect((await list(ada.token)).data).toEqual([]);
  });

  let notice: DepositNotice;

  it('records a pending notice once per Idempotency-Key and once per bank reference', async () => {
    const res = await post(ada.token, { ...valid, note: 'Bonus' }, 'dn-1');
    expect(res.statusCode, res.body).toBe(201);
    notice = res.json<{ data: DepositNotice }>().data;
    expect(notice).toMatchObject({ totalAmount: 12_500, status: 'pending', note: 'Bonus' });
    expect((await post(ada.token, { ...valid, note: 'Bonus' }, 'dn-1')).statusCode).toBe(201);
    const again = await post(ada.token, valid);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'You already notified a transfer with this bank reference',
    });
    expect((await list(ada.token)).data).toHaveLength(1);
    expect((await list(bayo.token)).data).toEqual([]);
    // Nothing moves until it is verified.
    expect((await readMemberBalance(t.db, ada.id))?.savings).toBe(45_000_00);
  });

  it('posts a verified notice through the ledger as a contribution, once', async () => {
    await verifyDepositNotice(t.deps, systemActor, { id: notice.id });
    expect(await readMemberBalance(t.db, ada.id)).toMatchObject({
      savings: 55_000_00,
      shares: 12_500_00,
    });
    await expect(verifyDepositNotice(t.deps, systemActor, { id: notice.id })).rejects.toMatchObject(
      {
        code: 'DEPOSIT_NOTICE_NOT_PENDING',
      },
    );
    expect((await list(ada.token)).data[0]).toMatchObject({ status: 'verified' });
  });

  it('rejects with a reason; a rejected reference may be notified again', async () => {
    t.clock.advance(60_000);
    const res = await post(ada.token, { ...valid, bankReference: 'TRF-0002' });
    const second = res.json<{ data: DepositNotice }>().data;
    await rejectDepositNotice(t.deps, systemActor, {
      id: second.id,
      reason: 'Not on the statement',
    });
    expect((await list(ada.token)).data[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Not on the statement',
    });
    expect((await post(ada.token, { ...valid, bankReference: 'TRF-0002' })).statusCode).toBe(201);
  });

  it('tells one story of a verified deposit: the transfer day and a contribution, on the dashboard and in the history', async () => {
    const res = await post(bayo.token, {
      savingsAmount: 8_000,
      shareHoldingAmount: 2_000,
      transferDate: '2025-06-10',
      bankReference: 'TRF-STORY',
    });
    expect(res.statusCode, res.body).toBe(201);
    // Told the portal on 15 June, five days after the transfer.
    await verifyDepositNotice(t.deps, systemActor, {
      id: res.json<{ data: DepositNotice }>().data.id,
    });
    const get = async (url: string) =>
      (await t.app.inject({ url: `/api/v1/users${url}`, headers: bearer(bayo.token) })).json();
    const activity = (
      (await get('/dashboard')).data.recentActivity as {
        type: string;
        description: string;
        date: string;
      }[]
    ).filter((item) => item.description.includes('TRF-STORY'));
    const history = (
      (await get('/transactions?limit=100')).data as {
        type: string;
        description: string;
        date: string;
      }[]
    ).filter((item) => item.description.includes('TRF-STORY'));
    const lagosDay = (iso: string) =>
      new Date(iso).toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
    expect(activity.map((item) => [item.type, item.description, lagosDay(item.date)])).toEqual([
      ['contribution', 'Voluntary deposit (ref. TRF-STORY)', '2025-06-10'],
    ]);
    // One row per account it credited (savings and share holding), the same day, type and words.
    expect(history.map((item) => [item.type, item.description, item.date])).toEqual([
      ['contribution', 'Voluntary deposit (ref. TRF-STORY)', '2025-06-10'],
      ['contribution', 'Voluntary deposit (ref. TRF-STORY)', '2025-06-10'],
    ]);
  });

  it('answers 401 anonymous and 403 suspended', async () => {
    expect((await t.app.inject({ url: '/api/v1/users/deposit-notices' })).statusCode).toBe(401);
    await setMemberActive(t.deps, systemActor, { userId: bayo.id, isActive: false });
    const { accessToken } = await signIn(t, 'bayo@test.coop');
    expect((await post(accessToken, valid)).statusCode).toBe(403);
  });

  it('keeps the balance projection equal to the ledger', async () => {
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});

const serverUrl = requirePostgres('deposit notices concurrency');
describe.skipIf(!serverUrl)('deposit notices under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let member: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      handle: await createPostgresTestDatabase(serverUrl ?? ''),
    });
    const m = await createActiveMember(t, { email: 'race@test.coop', joinedOn: '2024-01-10' });
    member = { id: m.id, token: (await signIn(t, 'race@test.coop')).accessToken };
  }, 60_000);
  afterAll(() => t.close());

  const submit = (key: string, bankReference: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/deposit-notices',
      headers: { ...bearer(member.token), 'idempotency-key': key },
      payload: {
        savingsAmount: 10_000,
        shareHoldingAmount: 0,
        transferDate: '2025-06-14',
        bankReference,
      },
    });
  const notices = () =>
    t.db.select().from(depositNotices).where(eq(depositNotices.userId, member.id));

  it('ten parallel submits with one Idempotency-Key record one notice; the others replay or wait', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit('race-1', 'TRF-R1')));
    const created = answers.filter((res) => res.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // A submit that finds the key still being processed is told to try again (409), never a second notice.
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
    }
    const ids = new Set(created.map((res) => res.json<{ data: DepositNotice }>().data.id));
    expect(ids.size).toBe(1);
    expect(await notices()).toHaveLength(1);
  });

  it('ten parallel submits of one bank reference under different keys record one notice', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => submit(`race-2-${i}`, 'TRF-R2')),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(answers.every((res) => [201, 409].includes(res.statusCode))).toBe(true);
    const rows = (await notices()).filter((row) => row.bankReference === 'TRF-R2');
    expect(rows.map((row) => row.status)).toEqual(['pending']);
  });
});
