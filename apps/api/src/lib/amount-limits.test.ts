import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createActiveMember, signIn } from '../test/auth-helpers.js';

/** ₦90 trillion: past it a kobo count is no longer an exact JavaScript integer. */
const HUGE = 90_000_000_000_000;
const TOO_LARGE = 'Amount cannot exceed ₦50,000,000';

describe('amounts and dates beyond what the portal handles answer 400, never 500', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-10T09:00:00Z' });
    await createActiveMember(t, { email: 'limits@example.com' });
    auth = bearer((await signIn(t, 'limits@example.com')).accessToken);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });

  it.each(['/api/v1/users/contributions', '/api/v1/users/loans', '/api/v1/users/guarantees'])(
    'refuses minAmount and maxAmount above ₦50,000,000 on %s',
    async (list) => {
      for (const query of [`minAmount=${HUGE}`, `maxAmount=${HUGE}`, 'maxAmount=1e300']) {
        const res = await get(`${list}?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: TOO_LARGE });
      }
      expect((await get(`${list}?maxAmount=50000000`)).statusCode).toBe(200);
    },
  );

  it('refuses a statement whose two dates are both invalid', async () => {
    for (const query of [
      'startDate=2026-02-31&endDate=2026-13-01',
      'startDate=x&endDate=y',
      'startDate=&endDate=',
    ]) {
      const res = await get(`/api/v1/users/statement?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('refuses a deposit notice of ₦90 trillion savings or shares', async () => {
    for (const amounts of [
      { savingsAmount: HUGE, shareHoldingAmount: 0 },
      { savingsAmount: 0, shareHoldingAmount: HUGE },
      { savingsAmount: HUGE, shareHoldingAmount: HUGE },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/deposit-notices',
        headers: { ...auth, 'idempotency-key': `huge-${JSON.stringify(amounts)}` },
        payload: {
          ...amounts,
          transferDate: '2026-03-09',
          bankReference: `REF-${amounts.savingsAmount}-${amounts.shareHoldingAmount}`,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: TOO_LARGE });
    }
  });

  it('refuses a withdrawal request of ₦90 trillion', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/withdrawals/savings',
      headers: { ...auth, 'idempotency-key': 'huge-withdrawal' },
      payload: { amount: HUGE, reason: 'School fees for the term' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: TOO_LARGE });
  });
});
