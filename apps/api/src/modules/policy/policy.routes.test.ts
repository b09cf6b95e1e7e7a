import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_POLICY, type Policy, type PolicyView } from '@coop/shared/policy';
import { auditLog, loans } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { loanMember, loanThrough } from '../../test/loan-members.js';

/**
 * The back office's policy through HTTP (docs/decisions/072-dividends-and-policy.md): GET the
 * policy in force, PUT a whole policy validated by the shared schema, audited with before and
 * after, applying to new requests only. Members get 403, anonymous callers 401; an Idempotency-Key
 * replays.
 */
const NOW = '2025-06-15T09:00:00Z';

describe('admin policy API', () => {
  let t: TestApp;
  let chair: { id: string; token: string };
  let memberToken: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const admin = await createActiveMember(t, {
      email: 'chair@test.coop',
      firstName: 'Chioma',
      lastName: 'Admin',
      roles: ['president'],
    });
    chair = { id: admin.id, token: (await signIn(t, 'chair@test.coop')).accessToken };
    await createActiveMember(t, { email: 'ada@test.coop' });
    memberToken = (await signIn(t, 'ada@test.coop')).accessToken;
  }, 60_000);
  afterAll(() => t.close());

  const get = (token?: string) =>
    t.app.inject({ url: '/api/v1/admin/policy', headers: token ? bearer(token) : {} });
  const put = (payload: unknown, token?: string, key?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/policy',
      headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as object,
    });
  const withLoan = (change: Partial<Policy['loan']>): Policy => ({
    ...DEFAULT_POLICY,
    loan: { ...DEFAULT_POLICY.loan, ...change },
  });
  const audits = () => t.db.select().from(auditLog).where(eq(auditLog.action, 'policy.updated'));

  it('answers 401 anonymous and 403 to a member, and changes nothing', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put(DEFAULT_POLICY)).statusCode).toBe(401);
    const forbidden = await put(withLoan({ insuranceFeeBps: 0 }), memberToken);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await get(memberToken)).statusCode).toBe(403);
    expect(await audits()).toEqual([]);
  });

  it('shows the default policy until a policy is saved', async () => {
    const res = await get(chair.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: PolicyView }>().data).toEqual({
      policy: DEFAULT_POLICY,
      updatedAt: null,
      updatedBy: null,
      isDefault: true,
    });
  });

  it('refuses an invalid policy field by field and writes nothing', async () => {
    const res = await put(
      withLoan({ insuranceFeeBps: 10_001, formFeeKobo: -1 }),
      chair.token,
      'k1',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { field: 'loan.insuranceFeeBps', message: 'Cannot exceed 100 %' },
        { field: 'loan.formFeeKobo', message: 'Cannot be negative' },
      ]),
    );
    const partial = await put({ loan: DEFAULT_POLICY.loan }, chair.token, 'k2');
    expect(partial.statusCode).toBe(400);
    const unknown = await put({ ...DEFAULT_POLICY, extra: true }, chair.token, 'k3');
    expect(unknown.statusCode).toBe(400);
    expect((await get(chair.token)).json().data.isDefault).toBe(true);
    expect(await audits()).toEqual([]);
  });

  it('applies to new loan requests only: a loan requested before keeps its rate', async () => {
    const borrower = await loanMember(t, 'Efe Borrower', { savingsNaira: 300_000 });
    const guarantors = [
      await loanMember(t, 'Gbenga One', { savingsNaira: 300_000 }),
      await loanMember(t, 'Halima Two', { savingsNaira: 300_000 }),
    ];
    const before = await loanThrough(
      t,
      { borrower, guarantors, reviewers: [] },
      { amountNaira: 100_000 },
      'pending',
    );

    const changed = withLoan({ interestRateBpsByTerm: { 6: 700, 12: 1_200, 18: 1_700 } });
    const res = await put(changed, chair.token, 'save-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Policy saved. It applies to new requests; loans and fines already made keep their terms.',
    );
    expect(res.json().data).toMatchObject({
      policy: changed,
      isDefault: false,
      updatedBy: { id: chair.id, name: 'Chioma Admin' },
    });

    // The loan already requested keeps 5 %; a new quote is priced at the new 7 %.
    const [kept] = await t.db.select().from(loans).where(eq(loans.id, before));
    expect(kept?.interestRateBps).toBe(500);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/loans/calculate',
      headers: borrower.headers,
      payload: { requestedAmount: 100_000, repaymentTermMonths: 6, deductProcessingFee: true },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data.calculation.interestRate).toBe(7);
    const list = await t.app.inject({ url: '/api/v1/users/loans', headers: borrower.headers });
    expect(list.json().data[0]).toMatchObject({ id: before, interestRate: 5 });
  });

  it('audits each save with the policy before and after; a repeated key replays', async () => {
    const [first] = await audits();
    expect(first?.actorId).toBe(chair.id);
    expect(JSON.parse(first?.before ?? 'null').loan.interestRateBpsByTerm).toEqual({
      6: 500,
      12: 1_000,
      18: 1_500,
    });
    expect(JSON.parse(first?.after ?? 'null').loan.interestRateBpsByTerm).toEqual({
      6: 700,
      12: 1_200,
      18: 1_700,
    });

    const next = { ...withLoan({ interestRateBpsByTerm: { 6: 700, 12: 1_200, 18: 1_700 } }) };
    next.fine = {
      ...next.fine,
      lateRepaymentFine: { enabled: true, amountKobo: 250_000, graceDays: 5 },
    };
    const saved = await put(next, chair.token, 'save-2');
    expect(saved.statusCode).toBe(200);
    const replay = await put(next, chair.token, 'save-2');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const rows = await audits();
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[1]?.before ?? 'null').fine.lateRepaymentFine.enabled).toBe(false);
    expect(JSON.parse(rows[1]?.after ?? 'null').fine.lateRepaymentFine).toEqual({
      enabled: true,
      amountKobo: 250_000,
      graceDays: 5,
    });
    expect((await get(chair.token)).json().data.policy).toEqual(next);
  });
});
