/**
 * ASVS 5.0 V8 (authorization), swept over the OpenAPI document so a new member route cannot be
 * forgotten: every member route answers 403 ACCOUNT_SUSPENDED to a suspended member (V8.3.1),
 * every member route with an id answers 404 for another member's record (V8.2.2, no IDOR), and
 * the member lists without an id (fines, dividends, deposit notices…) never show another
 * member's rows.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contributions,
  deductionChangeRequests,
  loanGuarantors,
  notifications,
} from '../db/schema/index.js';
import { systemActor } from '../lib/actor.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createActiveMember, signIn } from '../test/auth-helpers.js';
import { loanMember, loanThrough, type LoanTestMember } from '../test/loan-members.js';
import { recordContributions } from '../modules/contributions/contributions.service.js';
import { declareDividend, payDividends } from '../modules/dividends/dividends.service.js';
import { issueFine } from '../modules/fines/fines.service.js';
import { setMemberActive } from '../modules/members/members.service.js';

const NOW = '2025-06-15T09:00:00.000Z';
const USERS = '/api/v1/users';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('V8 authorization on every member route', () => {
  let t: TestApp;
  let ada: LoanTestMember;
  let bayo: LoanTestMember;
  let chidi: LoanTestMember;
  let routes: { method: Method; path: string }[];
  /** Ada's records, by the kind of id each route takes. */
  const adas: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    ada = await loanMember(t, 'Ada Obi', { savingsNaira: 600_000 });
    bayo = await loanMember(t, 'Bayo Adeyemi', { savingsNaira: 600_000, isLoanReviewer: true });
    chidi = await loanMember(t, 'Chidi Eze', { savingsNaira: 600_000 });
    // Shares at the end of 2024, so Ada is paid a dividend for 2024.
    await recordContributions(t.deps, systemActor, {
      deductions: [
        {
          userId: ada.user.id,
          month: '2024-06',
          contributionDate: '2024-06-25',
          savingsKobo: 0,
          sharesKobo: 50_000_00,
        },
      ],
    });
    await declareDividend(t.deps, systemActor, {
      dividendYear: 2024,
      rateBps: 1_000,
      issuedDate: '2025-03-01',
    });
    await payDividends(t.deps, systemActor, { dividendYear: 2024, paidDate: '2025-03-10' });
    await issueFine(t.deps, systemActor, { userId: ada.user.id, reason: 'Late', amount: 2_000 });

    const loanId = await loanThrough(
      t,
      { borrower: ada, guarantors: [chidi], reviewers: [] },
      { amountNaira: 100_000 },
      'pending',
    );
    adas.loan = loanId;
    const [guarantee] = await t.db
      .select()
      .from(loanGuarantors)
      .where(eq(loanGuarantors.loanId, loanId));
    adas.guarantee = guarantee!.id;
    const [contribution] = await t.db
      .select()
      .from(contributions)
      .where(eq(contributions.userId, ada.user.id));
    adas.contribution = contribution!.id;
    const [notification] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ada.user.id), isNull(notifications.readAt)));
    adas.notification = notification!.id;
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: `${USERS}/withdrawals/savings`,
      headers: ada.headers,
      payload: { amount: 1_000 },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    adas.withdrawal = withdrawal.json<{ data: { id: string } }>().data.id;
    const notice = await t.app.inject({
      method: 'POST',
      url: `${USERS}/deposit-notices`,
      headers: ada.headers,
      payload: {
        savingsAmount: 5_000,
        shareHoldingAmount: 0,
        transferDate: '2025-06-14',
        bankReference: 'TRF-ADA-1',
      },
    });
    expect(notice.statusCode, notice.body).toBe(201);
    // A change to her payroll deduction, waiting for an officer.
    const [changeRequest] = await t.db
      .insert(deductionChangeRequests)
      .values({
        userId: ada.user.id,
        savingsAmount: 25_000_00,
        shareAmount: 5_000_00,
        effectiveMonth: '2025-07',
      })
      .returning({ id: deductionChangeRequests.id });
    adas.changeRequest = changeRequest!.id;

    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith(`${USERS}/`) || path === USERS)
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase() as Method, path })),
      );
  }, 120_000);
  afterAll(() => t.close());

  const call = (
    headers: Record<string, string>,
    method: Method,
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      ...(payload && method !== 'GET' ? { payload } : {}),
    });

  /**
   * Every member route with an id, the record of Ada's it is tried on, and a body that passes
   * validation, so the answer is the ownership check's. The sweep below fails when a route with
   * an id is missing here.
   */
  const withId: Record<string, { record: string; body?: Record<string, unknown> }> = {
    [`GET ${USERS}/contributions/{id}`]: { record: 'contribution' },
    [`POST ${USERS}/contributions/{id}/dispute`]: {
      record: 'contribution',
      body: { reason: 'This deduction is not mine at all' },
    },
    [`PUT ${USERS}/notifications/{id}/read`]: { record: 'notification' },
    [`PUT ${USERS}/withdrawals/{id}`]: { record: 'withdrawal', body: { status: 'cancelled' } },
    [`GET ${USERS}/loans/{id}/guarantors`]: { record: 'loan' },
    [`POST ${USERS}/guarantees/{id}/accept`]: {
      record: 'guarantee',
      body: { token: 'x'.repeat(43) },
    },
    [`POST ${USERS}/guarantees/{id}/reject`]: {
      record: 'guarantee',
      body: { token: 'x'.repeat(43), reason: 'I cannot stand for this loan' },
    },
    [`POST ${USERS}/guarantees/{id}/reassign`]: {
      record: 'guarantee',
      body: { newGuarantorUserId: randomUUID() },
    },
    [`POST ${USERS}/deductions/change-requests/{id}/cancel`]: { record: 'changeRequest' },
  };
  /** Routes with an id that are not a member's own record, and why. */
  const notOwned: Record<string, string> = {
    // A reviewer certifies other members' loans by design; the route is for reviewers only.
    [`POST ${USERS}/loans/{id}/certify`]: 'reviewer route',
  };

  it('lists every member route with an id, so none is left untested', () => {
    const found = routes
      .filter((route) => route.path.includes('{'))
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(found).toEqual([...Object.keys(withId), ...Object.keys(notOwned)].sort());
  });

  it("answers 404 for another member's record on every member route with an id, changing nothing", async () => {
    for (const [route, { record, body }] of Object.entries(withId)) {
      const [method, path] = route.split(' ') as [Method, string];
      const id = adas[record]!;
      const url = path.replace('{id}', id);
      const res = await call(bayo.headers, method, url, body);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    // Nothing of Ada's moved: her notification is unread, her withdrawal, contribution and
    // deduction change pending.
    const [changeRequest] = await t.db
      .select()
      .from(deductionChangeRequests)
      .where(eq(deductionChangeRequests.id, adas.changeRequest!));
    expect(changeRequest?.status).toBe('pending');
    const [notification] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, adas.notification!));
    expect(notification?.readAt).toBeNull();
    const mine = await call(ada.headers, 'GET', `${USERS}/withdrawals`);
    expect(mine.json<{ data: { id: string; status: string }[] }>().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: adas.withdrawal, status: 'pending' })]),
    );
  });

  it("never shows another member's rows in the member lists (fines, dividends, deposit notices, withdrawals, contributions, loans, transactions)", async () => {
    const lists = [
      'fines',
      'dividends',
      'deposit-notices',
      'withdrawals',
      'contributions',
      'loans',
      'transactions',
    ];
    for (const list of lists) {
      const own = await call(ada.headers, 'GET', `${USERS}/${list}`);
      expect(own.statusCode, `${list}: ${own.body}`).toBe(200);
      expect(own.json<{ data: unknown[] }>().data.length, list).toBeGreaterThan(0);
      const other = await call(bayo.headers, 'GET', `${USERS}/${list}`);
      expect(other.statusCode, `${list}: ${other.body}`).toBe(200);
      const ids = new Set(own.json<{ data: { id: string }[] }>().data.map((row) => row.id));
      const leaked = other.json<{ data: { id: string }[] }>().data.filter((row) => ids.has(row.id));
      expect(leaked, list).toEqual([]);
    }
    // Bayo has no fine, dividend or deposit notice of his own: his lists are empty.
    for (const list of ['fines', 'dividends', 'deposit-notices']) {
      const other = await call(bayo.headers, 'GET', `${USERS}/${list}`);
      expect(other.json<{ data: unknown[] }>().data, list).toEqual([]);
    }
  });

  it('answers 403 ACCOUNT_SUSPENDED to a suspended member on every member route', async () => {
    const dayo = await createActiveMember(t, { email: 'dayo@authz.test', joinedOn: '2024-01-10' });
    await setMemberActive(t.deps, systemActor, { userId: dayo.id, isActive: false });
    // A suspended member may still sign in (the web app shows the suspended page).
    const { accessToken } = await signIn(t, 'dayo@authz.test');
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, path } of routes) {
      const url = path.replace(/\{[^}]+\}/g, randomUUID());
      const res = await call(bearer(accessToken), method, url, {});
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'ACCOUNT_SUSPENDED' });
    }
  });
});
