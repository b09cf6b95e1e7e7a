import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminOverviewResponse, ReconciliationResponse } from '@coop/shared/back-office';
import type {
  PayrollMonthReconciliation,
  PayrollReconciliationResponse,
  PayrollRemittanceResponse,
  RemittanceListResponse,
} from '@coop/shared/payroll-remittances';
import {
  auditLog,
  ledgerEntries,
  ledgerTransactions,
  payrollRemittances,
} from '../../db/schema/index.js';
import { cooperativeAccountBalance, findProjectionMismatches } from '../ledger/ledger.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { createPostgresTestDatabase, requirePostgres } from '../../test/database.js';
import { insertLedgerTestMember } from '../../test/ledger-members.js';
import { insertPayrollGroup, seedPayroll } from '../../test/payroll-fixture.js';
import { postPayrollMonthForTest } from '../../test/payroll-months.js';
import { payrollReceivable } from './remittances.service.js';

/**
 * The employers' remittances and the payroll reconciliation
 * (docs/decisions/157-payroll-remittances.md): a remittance only against a posted month of its
 * group, never above what is still outstanding, once per group and bank reference, idempotent and
 * audited, posted from the payroll receivable to the bank; the reconciliation per month and group;
 * the overview's months not remitted in full. After every change the receivable's ledger balance
 * is what the months still owe, and every member's projection is the ledger's.
 */
const NOW = '2026-11-20T09:00:00Z';

type Client = ReturnType<typeof client>;

function client(t: TestApp) {
  return (
    token: string | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    key?: string,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
}

async function officer(t: TestApp, email: string, roles: ('treasurer' | 'auditor')[]) {
  await createActiveMember(t, { email, roles, firstName: 'Tolu', lastName: 'Treasurer' });
  return (await signIn(t, email)).accessToken;
}

/** Receivable == what the months still owe, and every member's projection == the ledger. */
async function expectBooksAgree(t: TestApp) {
  const books = await payrollReceivable(t.db);
  expect(books.receivable).toBe(books.outstanding);
  expect(books.matches).toBe(true);
  expect(await findProjectionMismatches(t.db)).toEqual([]);
}

async function reconciliationOf(
  call: Client,
  token: string,
  query: string,
): Promise<PayrollMonthReconciliation[]> {
  const res = await call(token, 'GET', `/admin/payroll/reconciliation?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PayrollReconciliationResponse>().data;
}

describe('payroll remittances', () => {
  let t: TestApp;
  let call: Client;
  let treasurer: string;
  let auditor: string;
  let member: string;
  let mof: { id: string; code: string };
  let lasu: { id: string; code: string };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    call = client(t);
    treasurer = await officer(t, 'treasurer@test.coop', ['treasurer']);
    auditor = await officer(t, 'auditor@test.coop', ['auditor']);
    await createActiveMember(t, { email: 'ada@test.coop' });
    member = (await signIn(t, 'ada@test.coop')).accessToken;
    const { groups } = await seedPayroll(t.db, {
      groups: { 'MOF-HQ': 'Ministry of Finance, headquarters', LASU: 'Lagos State University' },
    });
    mof = { id: groups['MOF-HQ']!, code: 'MOF-HQ' };
    lasu = { id: groups.LASU!, code: 'LASU' };
    const [a, b, c, d] = await Promise.all(
      ['Ada', 'Bayo', 'Chidi', 'Dupe'].map((name) => insertLedgerTestMember(t.db, name)),
    );
    // October: MOF-HQ deducted ₦45,000 of ₦50,000 (one short), LASU ₦20,000; Dupe was deducted
    // with no instruction, so no group.
    await postPayrollMonthForTest(t.db, '2026-10', mof.id, [
      { userId: a ?? '', expected: 25_000_00, deducted: 25_000_00 },
      { userId: b ?? '', expected: 25_000_00, deducted: 20_000_00 },
    ]);
    await postPayrollMonthForTest(t.db, '2026-10', lasu.id, [
      { userId: c ?? '', expected: 20_000_00, deducted: 20_000_00 },
    ]);
    await postPayrollMonthForTest(t.db, '2026-10', null, [
      { userId: d ?? '', expected: 0, deducted: 5_000_00 },
    ]);
    // September: MOF-HQ, ₦30,000 with one member missing.
    await postPayrollMonthForTest(t.db, '2026-09', mof.id, [
      { userId: a ?? '', expected: 30_000_00, deducted: 30_000_00 },
      { userId: b ?? '', expected: 25_000_00, deducted: 0 },
    ]);
  }, 120_000);
  afterAll(() => t.close());

  const valid = () => ({
    month: '2026-10',
    payrollGroupId: mof.id,
    amount: 30_000,
    receivedOn: '2026-11-05',
    reference: 'FT-MOF-1105',
  });
  const record = (payload: object, key?: string, token = treasurer) =>
    call(token, 'POST', '/admin/payroll/remittances', payload, key);
  const remittanceCount = async () => (await t.db.select().from(payrollRemittances)).length;

  it('answers an anonymous caller 401 and a member or the auditor 403, writing nothing', async () => {
    expect((await record(valid(), undefined, '')).statusCode).toBe(401);
    const asMember = await record(valid(), undefined, member);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await record(valid(), undefined, auditor)).statusCode).toBe(403);
    expect((await call(member, 'GET', '/admin/payroll/reconciliation')).statusCode).toBe(403);
    expect(await remittanceCount()).toBe(0);
  });

  it.each([
    [{ amount: 0 }, 'amount', 'The amount must be above zero'],
    [{ amount: -5 }, 'amount', 'The amount must be above zero'],
    [{ amount: 10.005 }, 'amount', 'Amount cannot have more than 2 decimal places'],
    [{ amount: 20_000_000_000 }, 'amount', 'The amount cannot exceed ₦10,000,000,000'],
    [{ reference: '   ' }, 'reference', "Enter the bank's reference of the payment"],
    [{ receivedOn: '2026-11-21' }, 'receivedOn', 'The date received cannot be in the future'],
    [
      { receivedOn: '2026-09-30' },
      'receivedOn',
      'The date received cannot be before October 2026 began',
    ],
    [{ month: '2026-13' }, 'month', 'Invalid month'],
  ])('refuses %j with its message under %s, writing nothing', async (change, field, message) => {
    const res = await record({ ...valid(), ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(res.json<{ details: { field: string }[] }>().details[0]?.field).toBe(field);
    expect(await remittanceCount()).toBe(0);
  });

  it('refuses an unknown group (404) and a month not posted for the group (409)', async () => {
    const unknown = await record({ ...valid(), payrollGroupId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Payroll group not found' });
    // LASU has no September: posted for MOF-HQ only.
    const notPosted = await record({ ...valid(), month: '2026-09', payrollGroupId: lasu.id });
    expect(notPosted.statusCode).toBe(409);
    expect(notPosted.json()).toMatchObject({
      code: 'PAYROLL_MONTH_NOT_POSTED',
      message: "September 2026 has not been posted for LASU: post the month's deductions first",
    });
    const future = await record({ ...valid(), month: '2026-11' });
    expect(future.json()).toMatchObject({ code: 'PAYROLL_MONTH_NOT_POSTED' });
    expect(await remittanceCount()).toBe(0);
  });

  it('refuses more than is still outstanding', async () => {
    const res = await record({ ...valid(), amount: 45_000.01 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'REMITTANCE_ABOVE_OUTSTANDING',
      message: 'Only ₦45,000 is still outstanding from MOF-HQ for October 2026',
      details: [{ field: 'amount' }],
    });
    expect(await remittanceCount()).toBe(0);
    await expectBooksAgree(t);
  });

  let first: PayrollRemittanceResponse;

  it('records a part of the month: the bank gains it, the receivable loses it, audited', async () => {
    const key = randomUUID();
    const res = await record(valid(), key);
    expect(res.statusCode, res.body).toBe(201);
    first = res.json<PayrollRemittanceResponse>();
    expect(first.message).toBe(
      'Remittance recorded: ₦30,000 from MOF-HQ for October 2026; ₦15,000 is still outstanding.',
    );
    expect(first.data).toMatchObject({
      month: '2026-10',
      payrollGroup: { id: mof.id, code: 'MOF-HQ', name: 'Ministry of Finance, headquarters' },
      amount: 30_000,
      receivedOn: '2026-11-05',
      reference: 'FT-MOF-1105',
      recordedBy: { name: 'Tolu Treasurer' },
    });

    // The same key and body replays the first answer; the same key with another body is 422.
    const replay = await record(valid(), key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first);
    const reused = await record({ ...valid(), amount: 1_000 }, key);
    expect(reused.statusCode).toBe(422);
    expect(await remittanceCount()).toBe(1);

    const [row] = await t.db.select().from(payrollRemittances);
    const [posting] = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, row?.ledgerTransactionId ?? ''));
    expect(posting).toMatchObject({
      kind: 'payroll_remittance',
      effectiveDate: '2026-11-05',
      referenceType: 'payroll_remittance',
      referenceId: row?.id,
    });
    const entries = await t.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, posting?.id ?? ''));
    expect(entries).toEqual(
      expect.arrayContaining([
        { account: 'coop_bank', amount: 30_000_00 },
        { account: 'coop_payroll_receivable', amount: -30_000_00 },
      ]),
    );
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'payroll.remittance_recorded'),
          eq(auditLog.entityId, row?.id ?? ''),
        ),
      );
    expect(audits).toHaveLength(1);
    await expectBooksAgree(t);
  });

  it('refuses a bank reference the group used before, even for another month', async () => {
    const res = await record({ ...valid(), month: '2026-09', amount: 1_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'REMITTANCE_DUPLICATE',
      message: 'A remittance from MOF-HQ with this bank reference is already recorded',
      details: [{ field: 'reference' }],
    });
    expect(await remittanceCount()).toBe(1);
    // Another group may use the same words as its own reference.
    const lasuPaid = await record({ ...valid(), payrollGroupId: lasu.id, amount: 20_000 });
    expect(lasuPaid.statusCode, lasuPaid.body).toBe(201);
    expect(lasuPaid.json()).toMatchObject({
      message:
        'Remittance recorded: ₦20,000 from LASU for October 2026; October 2026 is remitted in full.',
    });
    await expectBooksAgree(t);
  });

  it('shows each month and group: deducted, remitted, outstanding and the state', async () => {
    const rows = await reconciliationOf(call, auditor, '');
    expect(
      rows.map((row) => [
        row.month,
        row.payrollGroup?.code ?? null,
        row.members,
        row.deducted,
        row.remitted,
        row.outstanding,
        row.state,
      ]),
    ).toEqual([
      ['2026-10', 'LASU', 1, 20_000, 20_000, 0, 'remitted'],
      ['2026-10', 'MOF-HQ', 2, 45_000, 30_000, 15_000, 'partly_remitted'],
      ['2026-10', null, 1, 5_000, 0, 5_000, 'not_remitted'],
      ['2026-09', 'MOF-HQ', 2, 30_000, 0, 30_000, 'not_remitted'],
    ]);
    expect(rows[1]).toMatchObject({ remittances: 1, lastReceivedOn: '2026-11-05' });

    const partly = await reconciliationOf(call, auditor, 'state=partly_remitted');
    expect(partly.map((row) => row.payrollGroup?.code)).toEqual(['MOF-HQ']);
    const exact = await reconciliationOf(call, auditor, 'month=2026-09&group=MOF-HQ');
    expect(exact).toHaveLength(1);
    expect(exact[0]).toMatchObject({ month: '2026-09', outstanding: 30_000 });
    const oldest = await call(
      auditor,
      'GET',
      '/admin/payroll/reconciliation?sortOrder=asc&limit=1&page=2',
    );
    const page = oldest.json<PayrollReconciliationResponse>();
    expect(page.data[0]).toMatchObject({ month: '2026-10' });
    expect(page.pagination).toMatchObject({ totalItems: 4, totalPages: 4, currentPage: 2 });
    const bad = await call(auditor, 'GET', '/admin/payroll/reconciliation?state=paid');
    expect(bad.statusCode).toBe(400);
  });

  it('lists the remittances by month and group', async () => {
    const all = await call(auditor, 'GET', '/admin/payroll/remittances');
    expect(all.statusCode, all.body).toBe(200);
    const list = all.json<RemittanceListResponse>();
    expect(list.data.map((row) => row.payrollGroup.code).sort()).toEqual(['LASU', 'MOF-HQ']);
    expect(list.pagination.totalItems).toBe(2);
    const lasuOnly = await call(
      auditor,
      'GET',
      '/admin/payroll/remittances?group=LASU&month=2026-10',
    );
    expect(lasuOnly.json<RemittanceListResponse>().data.map((row) => row.amount)).toEqual([20_000]);
    const none = await call(auditor, 'GET', '/admin/payroll/remittances?month=2026-09');
    expect(none.json<RemittanceListResponse>().data).toEqual([]);
  });

  it('names the months not remitted in full on the overview, oldest first', async () => {
    const res = await call(treasurer, 'GET', '/admin/overview');
    const { payrollNotRemitted } = res.json<AdminOverviewResponse>().data;
    expect(payrollNotRemitted.count).toBe(3);
    expect(
      payrollNotRemitted.months.map((row) => [
        row.month,
        row.payrollGroup?.code ?? null,
        row.outstanding,
      ]),
    ).toEqual([
      ['2026-09', 'MOF-HQ', 30_000],
      ['2026-10', 'MOF-HQ', 15_000],
      ['2026-10', null, 5_000],
    ]);
  });

  it("holds the receivable's ledger balance against what the months still owe", async () => {
    const res = await call(auditor, 'GET', '/admin/reconciliation');
    const { payrollReceivable: books } = res.json<ReconciliationResponse>().data;
    expect(books).toEqual({ receivable: 50_000, outstanding: 50_000, matches: true });
    expect(await cooperativeAccountBalance(t.db, 'coop_payroll_receivable')).toBe(50_000_00);
    const csv = await call(auditor, 'GET', '/admin/reconciliation/export.csv');
    expect(csv.body).toContain(
      'Payroll receivable check,coop_payroll_receivable,Equals what the posted payroll months still owe (50000.00),50000.00,',
    );
  });

  it('records the rest; the month is then remitted and any more is refused', async () => {
    const rest = await record({
      ...valid(),
      amount: 15_000,
      reference: 'FT-MOF-1112',
      receivedOn: '2026-11-12',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({
      message:
        'Remittance recorded: ₦15,000 from MOF-HQ for October 2026; October 2026 is remitted in full.',
    });
    const more = await record({ ...valid(), amount: 1, reference: 'FT-MOF-1113' });
    expect(more.json()).toMatchObject({
      code: 'REMITTANCE_ABOVE_OUTSTANDING',
      message: 'October 2026 is already remitted in full by MOF-HQ',
    });
    const [october] = await reconciliationOf(call, auditor, 'month=2026-10&group=MOF-HQ');
    expect(october).toMatchObject({
      remitted: 45_000,
      outstanding: 0,
      state: 'remitted',
      remittances: 2,
    });
    await expectBooksAgree(t);
  });
});

const serverUrl = requirePostgres('payroll remittances concurrency');
describe.skipIf(!serverUrl)('payroll remittances under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let call: Client;
  let tokens: string[];
  let group: { id: string };

  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      handle: await createPostgresTestDatabase(serverUrl ?? ''),
    });
    call = client(t);
    tokens = [
      await officer(t, 'treasurer@race.coop', ['treasurer']),
      await officer(t, 'finsec@race.coop', ['treasurer']),
    ];
    group = { id: await insertPayrollGroup(t.db, 'RACE') };
    const members = await Promise.all(
      ['Ada', 'Bayo', 'Chidi'].map((name) => insertLedgerTestMember(t.db, name)),
    );
    await postPayrollMonthForTest(
      t.db,
      '2026-10',
      group.id,
      members.map((userId) => ({ userId, expected: 10_000_00, deducted: 10_000_00 })),
    );
  }, 120_000);
  afterAll(() => t.close());

  it('concurrent remittances of one month never add up to more than was deducted', async () => {
    // ₦30,000 deducted; eight remittances of ₦7,000 at once: four fit (₦28,000), four do not.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(
          tokens[i % 2] ?? '',
          'POST',
          '/admin/payroll/remittances',
          {
            month: '2026-10',
            payrollGroupId: group.id,
            amount: 7_000,
            receivedOn: '2026-11-05',
            reference: `RACE-${i}`,
          },
          `race-${i}`,
        ),
      ),
    );
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 409, 409, 409, 409]);
    const books = await payrollReceivable(t.db);
    expect(books).toEqual({ receivable: 2_000_00, outstanding: 2_000_00, matches: true });
    expect(await findProjectionMismatches(t.db)).toEqual([]);
  });

  it('the same bank reference sent twice at once is recorded once', async () => {
    const results = await Promise.all(
      ['a', 'b'].map((key, i) =>
        call(
          tokens[i] ?? '',
          'POST',
          '/admin/payroll/remittances',
          {
            month: '2026-10',
            payrollGroupId: group.id,
            amount: 1_000,
            receivedOn: '2026-11-06',
            reference: 'RACE-SAME',
          },
          `same-${key}`,
        ),
      ),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((res) => res.statusCode === 409)?.json()).toMatchObject({
      code: 'REMITTANCE_DUPLICATE',
    });
    const books = await payrollReceivable(t.db);
    expect(books).toEqual({ receivable: 1_000_00, outstanding: 1_000_00, matches: true });
  });
});
