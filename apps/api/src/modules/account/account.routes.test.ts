import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { User } from '@coop/shared/auth';
import type { UserSettings } from '@coop/shared/settings';
import type { StatementResponse, TransactionListResponse } from '@coop/shared/transactions';
import {
  auditLog,
  depositNotices,
  dividends,
  fines,
  loanGuarantors,
  loans,
  memberBalances,
  notifications,
  withdrawals,
} from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  COOPERATIVE_ONLY_KINDS,
  LEDGER_TRANSACTION_KINDS,
  postLedgerTransaction,
} from '../ledger/ledger.service.js';
import { TRANSACTION_TYPES } from '@coop/shared/account-rules';
import { parseCsv } from '../../lib/csv.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  bearer,
  createActiveMember,
  outbox,
  refreshCookie,
  signIn,
  TEST_PASSWORD,
} from '../../test/auth-helpers.js';
import { pdfText } from '../../test/pdf-text.js';
import { recordContributions } from '../contributions/contributions.service.js';
import { setMemberActive } from '../members/members.service.js';
import { sendMessages } from '../notifications/notifications.service.js';

/**
 * The member's own account through HTTP (docs/member-portal.md §2 Profile, Settings, §5, §7, §8;
 * docs/business-rules.md): profile and phone, change password on /users, settings and the e-mail
 * switch, transaction history, statements (JSON, CSV, PDF read back by pdftotext) and the data
 * export, with 401 for the anonymous, 403 for the suspended and nothing of another member ever
 * shown.
 */

// 10:00 in Lagos on 15 June 2025.
const NOW = '2025-06-15T09:00:00Z';
const NEW_PASSWORD = 'Okra-Sunrise!2032';

interface Member {
  user: User;
  token: string;
}

describe('account API', () => {
  let t: TestApp;
  let ada: Member;
  let bayo: Member;

  const get = (member: Member | null, url: string) =>
    t.app.inject({
      url: `/api/v1/users${url}`,
      headers: member ? bearer(member.token) : {},
    });
  const put = (member: Member | null, url: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/users${url}`,
      headers: member ? bearer(member.token) : {},
      payload: payload as object,
    });

  /** Posts a movement of Ada's money the way the money features do, in a transaction. */
  const post = (
    userId: string,
    kind: 'withdrawal' | 'loan_disbursement' | 'loan_repayment' | 'dividend',
    effectiveDate: string,
    description: string,
    account: 'member_savings' | 'member_shares' | 'member_loans',
    memberAmount: number,
  ) =>
    t.db.transaction((tx) =>
      postLedgerTransaction(tx, {
        kind,
        description,
        effectiveDate,
        entries: [
          { account, userId, amount: memberAmount },
          {
            account: kind === 'dividend' ? 'coop_dividend_expense' : 'coop_bank',
            amount: -memberAmount,
          },
        ],
      }),
    );

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const adaUser = await createActiveMember(t, {
      email: 'ada@test.coop',
      firstName: 'Ada',
      lastName: 'Obi',
      joinedOn: '2024-01-10',
    });
    const bayoUser = await createActiveMember(t, {
      email: 'bayo@test.coop',
      firstName: 'Bayo',
      lastName: 'Adeyemi',
      phoneNumber: '08030000002',
      joinedOn: '2024-01-10',
    });
    // Ada: ₦30,000 savings + ₦5,000 shares a month, January to May.
    await recordContributions(t.deps, systemActor, {
      deductions: ['01', '02', '03', '04', '05'].map((month) => ({
        userId: adaUser.id,
        month: `2025-${month}`,
        contributionDate: `2025-${month}-25`,
        savingsKobo: 30_000_00,
        sharesKobo: 5_000_00,
      })),
    });
    await recordContributions(t.deps, systemActor, {
      deductions: [
        {
          userId: bayoUser.id,
          month: '2025-05',
          contributionDate: '2025-05-25',
          savingsKobo: 99_999_00,
          sharesKobo: 1_000_00,
        },
      ],
    });
    // A ₦20,000 savings withdrawal in April (credit to the member is negative: a debit here).
    await post(
      adaUser.id,
      'withdrawal',
      '2025-04-10',
      'Savings withdrawal',
      'member_savings',
      20_000_00,
    );
    // A ₦100,000 loan in May, ₦10,000 repaid in June.
    await post(
      adaUser.id,
      'loan_disbursement',
      '2025-05-02',
      'Loan LN-000001 disbursed',
      'member_loans',
      100_000_00,
    );
    await post(
      adaUser.id,
      'loan_repayment',
      '2025-06-01',
      'Loan LN-000001 repayment',
      'member_loans',
      -10_000_00,
    );

    ada = { user: adaUser, token: (await signIn(t, 'ada@test.coop')).accessToken };
    bayo = { user: bayoUser, token: (await signIn(t, 'bayo@test.coop')).accessToken };
  }, 60_000);
  afterAll(() => t.close());

  describe('who may call', () => {
    const routes: Array<['GET' | 'PUT', string]> = [
      ['GET', '/profile'],
      ['PUT', '/profile'],
      ['PUT', '/change-password'],
      ['GET', '/settings'],
      ['PUT', '/settings'],
      ['GET', '/transactions'],
      ['GET', '/statement?startDate=2025-01-01&endDate=2025-06-15'],
      ['GET', '/statement/download?startDate=2025-01-01&endDate=2025-06-15&format=pdf'],
      ['GET', '/export/data'],
    ];

    it('answers 401 to the anonymous before looking at the input', async () => {
      for (const [method, url] of routes) {
        const res = await t.app.inject({
          method,
          url: `/api/v1/users${url}`,
          payload: method === 'PUT' ? { bad: 1 } : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('answers 403 ACCOUNT_SUSPENDED to a suspended member', async () => {
      const cleo = await createActiveMember(t, { email: 'cleo@test.coop' });
      const cleoToken = (await signIn(t, 'cleo@test.coop')).accessToken;
      await setMemberActive(t.deps, systemActor, { userId: cleo.id, isActive: false });
      for (const [method, url] of routes) {
        const res = await t.app.inject({
          method,
          url: `/api/v1/users${url}`,
          headers: bearer(cleoToken),
          payload: method === 'PUT' ? {} : undefined,
        });
        // Suspension cuts the session too: a refused token or the suspended answer, never data.
        expect([401, 403], `${method} ${url}`).toContain(res.statusCode);
        if (res.statusCode === 403) expect(res.json().code).toBe('ACCOUNT_SUSPENDED');
      }
    });
  });

  describe('profile', () => {
    it('answers the signed-in member’s profile', async () => {
      const res = await get(ada, '/profile');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: ada.user.id,
        _id: ada.user.id,
        firstName: 'Ada',
        lastName: 'Obi',
        email: 'ada@test.coop',
        membershipId: ada.user.membershipId,
        phoneNumber: null,
      });
      expect(res.json().data).not.toHaveProperty('passwordHash');
    });

    it('sets the phone as +234…, audits it, and lets the member sign in with it', async () => {
      const res = await put(ada, '/profile', {
        currentPassword: TEST_PASSWORD,
        phoneNumber: '0803 000 0001',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.phoneNumber).toBe('+2348030000001');
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'member.profile_updated'), eq(auditLog.entityId, ada.user.id)),
        );
      expect(JSON.parse(audit?.after ?? '{}')).toEqual({ phoneNumber: '+2348030000001' });
      await expect(signIn(t, '+2348030000001')).resolves.toMatchObject({
        user: { id: ada.user.id },
      });
    });

    it('refuses a number another member uses, with 409 and the message on the field', async () => {
      const res = await put(ada, '/profile', {
        currentPassword: TEST_PASSWORD,
        phoneNumber: '+234 803 000 0002',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'PHONE_IN_USE',
        message: 'This phone number is already used by another member',
        details: [
          { field: 'phoneNumber', message: 'This phone number is already used by another member' },
        ],
      });
      expect((await get(ada, '/profile')).json().data.phoneNumber).toBe('+2348030000001');
    });

    it('refuses a foreign number, and name, e-mail or membership ID changes, with 400', async () => {
      const foreign = await put(ada, '/profile', {
        currentPassword: TEST_PASSWORD,
        phoneNumber: '+447700900123',
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toBe('Please enter a valid Nigerian mobile number');
      for (const field of ['firstName', 'lastName', 'email', 'membershipId']) {
        const res = await put(ada, '/profile', {
          currentPassword: TEST_PASSWORD,
          phoneNumber: null,
          [field]: 'Changed',
        });
        expect(res.statusCode, field).toBe(400);
      }
      const profile = (await get(ada, '/profile')).json().data;
      expect(profile).toMatchObject({
        firstName: 'Ada',
        email: 'ada@test.coop',
        phoneNumber: '+2348030000001',
      });
    });

    it('asks for the current password first: a phone number signs in (ASVS V7.5.1)', async () => {
      const missing = await put(ada, '/profile', { phoneNumber: '08030000009' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details).toEqual([
        { field: 'currentPassword', message: 'Current password is required' },
      ]);
      const wrong = await put(ada, '/profile', {
        currentPassword: 'Wrong-Password!1',
        phoneNumber: '08030000009',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        success: false,
        error: 'Bad Request',
        message: 'Current password is incorrect',
        timestamp: expect.any(String),
        code: 'INVALID_CURRENT_PASSWORD',
        details: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
      });
      expect((await get(ada, '/profile')).json().data.phoneNumber).toBe('+2348030000001');
    });

    it('removes the phone with null', async () => {
      const res = await put(bayo, '/profile', {
        currentPassword: TEST_PASSWORD,
        phoneNumber: null,
      });
      expect(res.json().data.phoneNumber).toBeNull();
      expect(
        (
          await put(bayo, '/profile', {
            currentPassword: TEST_PASSWORD,
            phoneNumber: '08030000002',
          })
        ).statusCode,
      ).toBe(200);
    });
    it('tells one member of at most three taken numbers a day, audited, then pauses every change alike', async () => {
      // Phone search off or on, a 409 says someone uses the number: rationed (decision 084).
      const owners = ['08030000111', '08030000112', '08030000113', '08030000114'];
      for (const [i, phoneNumber] of owners.entries()) {
        await createActiveMember(t, { email: `owner${i}@test.coop`, phoneNumber });
      }
      const user = await createActiveMember(t, { email: 'prober@test.coop' });
      const prober = { user, token: (await signIn(t, 'prober@test.coop')).accessToken };
      const change = (phoneNumber: string) =>
        put(prober, '/profile', { currentPassword: TEST_PASSWORD, phoneNumber });
      for (const taken of owners.slice(0, 3)) expect((await change(taken)).statusCode).toBe(409);
      const paused = [await change(owners[3] ?? ''), await change('08030000199')];
      for (const res of paused) {
        expect(res.statusCode).toBe(429);
        expect(res.json()).toMatchObject({
          code: 'TOO_MANY_ATTEMPTS',
          message: 'Too many phone numbers that are already in use. Please try again in 24 hours.',
        });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      }
      expect((await get(prober, '/profile')).json().data.phoneNumber).toBeNull();
      const audits = await t.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'member.phone_change_refused'), eq(auditLog.entityId, user.id)),
        );
      expect(audits).toHaveLength(3);
      // Removing the number stays possible: only new numbers are paused.
      expect(
        (await put(prober, '/profile', { currentPassword: TEST_PASSWORD, phoneNumber: null }))
          .statusCode,
      ).toBe(200);
    });
  });

  it('lets one member make ten files in ten minutes, counted across parallel requests', async () => {
    const user = await createActiveMember(t, { email: 'exporter@test.coop' });
    const exporter = { user, token: (await signIn(t, 'exporter@test.coop')).accessToken };
    const files = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        get(
          exporter,
          i % 2 === 0
            ? '/statement/download?startDate=2025-01-01&endDate=2025-06-15&format=csv'
            : '/export/data',
        ),
      ),
    );
    const statuses = files.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
    const refused = files.find((res) => res.statusCode === 429);
    expect(refused?.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'You have downloaded many files in a short time. Please try again in 10 minutes.',
    });
    // Another member is not affected.
    expect((await get(ada, '/export/data')).statusCode).toBe(200);
  });

  describe('PUT /users/change-password', () => {
    let dayo: Member & { refreshToken: string };
    beforeAll(async () => {
      const user = await createActiveMember(t, { email: 'dayo@test.coop', firstName: 'Dayo' });
      const first = await signIn(t, 'dayo@test.coop');
      dayo = { user, token: first.accessToken, refreshToken: first.refreshToken };
    });

    it('answers the validation messages members see, with 8 characters for the new password', async () => {
      const cases: Array<[object, string]> = [
        [
          { currentPassword: '', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
          'Current password is required',
        ],
        [
          { currentPassword: TEST_PASSWORD, newPassword: '', confirmPassword: '' },
          'New password is required',
        ],
        [
          { currentPassword: TEST_PASSWORD, newPassword: 'Ab1!xyz', confirmPassword: 'Ab1!xyz' },
          'New password must be at least 8 characters',
        ],
        [
          { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: '' },
          'Please confirm your new password',
        ],
        [
          {
            currentPassword: TEST_PASSWORD,
            newPassword: NEW_PASSWORD,
            confirmPassword: `${NEW_PASSWORD}x`,
          },
          'Passwords do not match',
        ],
        [
          {
            currentPassword: TEST_PASSWORD,
            newPassword: TEST_PASSWORD,
            confirmPassword: TEST_PASSWORD,
          },
          'New password must be different from current password',
        ],
      ];
      for (const [payload, message] of cases) {
        const res = await put(dayo, '/change-password', payload);
        expect(res.statusCode, message).toBe(400);
        expect(res.json().details.map((d: { message: string }) => d.message)).toContain(message);
      }
    });

    it('refuses a wrong current password on the field', async () => {
      const res = await put(dayo, '/change-password', {
        currentPassword: 'Wrong-Password!1',
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_CURRENT_PASSWORD',
        details: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
      });
    });

    it('changes it like POST /auth/change-password: other sessions end, an e-mail says so', async () => {
      const other = await signIn(t, 'dayo@test.coop');
      // Tokens carry whole seconds: the change happens a moment after the other sign-in.
      t.clock.advance(2_000);
      const res = await put(dayo, '/change-password', {
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Password changed successfully' });
      expect(refreshCookie(res)?.value).toBeTruthy();
      const newToken = res.json().data.accessToken as string;

      // The old access token and the other device's refresh token no longer work.
      expect((await get({ ...dayo, token: other.accessToken }, '/profile')).statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refreshToken: other.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
      // This device goes on with the new token; the new password signs in.
      expect((await get({ ...dayo, token: newToken }, '/profile')).statusCode).toBe(200);
      await expect(signIn(t, 'dayo@test.coop', NEW_PASSWORD)).resolves.toBeTruthy();
      const mails = (await outbox(t)).filter((mail) => mail.to === 'dayo@test.coop');
      expect(mails[0]?.subject).toMatch(/password was changed/);
    });
  });

  describe('settings', () => {
    it('answers the spec defaults to a member who never saved, dark mode unchosen, SMS off; push off, as it is not sent yet', async () => {
      const res = await get(bayo, '/settings');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        emailNotifications: true,
        smsNotifications: false,
        pushNotifications: false,
        darkMode: null,
        findableByPhone: true,
      });
    });

    it('saves the fields sent, keeps the others, and audits what changed', async () => {
      const res = await put(ada, '/settings', { darkMode: true, emailNotifications: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual<UserSettings>({
        emailNotifications: false,
        smsNotifications: false,
        pushNotifications: false,
        darkMode: true,
        findableByPhone: true,
      });
      const again = await put(ada, '/settings', { findableByPhone: false });
      expect(again.json().data).toMatchObject({
        darkMode: true,
        emailNotifications: false,
        findableByPhone: false,
      });
      expect((await get(ada, '/settings')).json().data).toMatchObject({
        darkMode: true,
        findableByPhone: false,
      });
      // Bayo's are untouched.
      expect((await get(bayo, '/settings')).json().data.darkMode).toBeNull();
      const audits = await t.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'member.settings_updated'), eq(auditLog.entityId, ada.user.id)),
        );
      expect(audits.map((row) => JSON.parse(row.after ?? '{}'))).toEqual([
        { emailNotifications: false, darkMode: true },
        { findableByPhone: false },
      ]);
    });

    it('keeps the SMS switch the member turns on, as texts are sent (decision 164)', async () => {
      const on = await put(bayo, '/settings', { smsNotifications: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().data.smsNotifications).toBe(true);
      expect((await get(bayo, '/settings')).json().data.smsNotifications).toBe(true);
      const off = await put(bayo, '/settings', { smsNotifications: false });
      expect(off.json().data.smsNotifications).toBe(false);
    });

    it('refuses unknown fields and non-booleans with 400, changing nothing', async () => {
      expect((await put(ada, '/settings', { theme: 'dark' })).statusCode).toBe(400);
      expect((await put(ada, '/settings', { darkMode: 'yes' })).statusCode).toBe(400);
      expect((await get(ada, '/settings')).json().data.darkMode).toBe(true);
    });

    it('the e-mail switch decides whether notification e-mails are queued', async () => {
      const before = (await outbox(t)).length;
      const send = (userId: string) =>
        t.db.transaction((tx) =>
          sendMessages(tx, t.deps, systemActor, [
            {
              userId,
              template: 'loanGuarantorRequest',
              facts: {
                guarantorRequestId: randomUUID(),
                borrowerName: 'Chidi Eze',
                loanNumber: 'LN-2025-0001',
                amount: 50_000_000,
                guarantee: 25_000_000,
              },
            },
          ]),
        );
      await send(ada.user.id); // e-mail notifications off (saved above)
      await send(bayo.user.id); // never saved: the default, on
      const mails = (await outbox(t)).slice(0, (await outbox(t)).length - before);
      expect(mails.map((mail) => mail.to)).toEqual(['bayo@test.coop']);
      expect(mails[0]?.subject).toBe('Chidi Eze asked you to guarantee a loan');
      expect(mails[0]?.text).toContain('http://portal.test/loans?tab=guarantor-requests');
      // Both still get the in-app notification.
      for (const member of [ada, bayo]) {
        const rows = await t.db
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, member.user.id),
              eq(notifications.type, 'guarantor_request'),
            ),
          );
        expect(rows).toHaveLength(1);
      }
      // Essential e-mails (security) go whatever the switch says: Ada's reset link.
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: 'ada@test.coop' },
      });
      expect((await outbox(t))[0]).toMatchObject({ to: 'ada@test.coop' });
      await put(ada, '/settings', { emailNotifications: true });
    });
  });

  describe('transaction history', () => {
    const list = async (member: Member, query = '') => {
      const res = await get(member, `/transactions${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TransactionListResponse>();
    };

    it('lists the member’s movements newest first, 10 a page, with running balances', async () => {
      const body = await list(ada);
      // 5 months × 2 accounts + withdrawal + disbursement + repayment.
      expect(body.pagination).toEqual({
        currentPage: 1,
        totalPages: 2,
        totalItems: 13,
        hasNext: true,
        hasPrev: false,
        limit: 10,
      });
      expect(body.data[0]).toMatchObject({
        date: '2025-06-01',
        type: 'loan_repayment',
        account: 'loan',
        amount: -10_000,
        balanceAfter: 90_000,
        description: 'Loan LN-000001 repayment',
      });
      const savings = (await list(ada, '?account=savings&limit=100&sortOrder=asc')).data;
      expect(savings.map((row) => [row.date, row.amount, row.balanceAfter])).toEqual([
        ['2025-01-25', 30_000, 30_000],
        ['2025-02-25', 30_000, 60_000],
        ['2025-03-25', 30_000, 90_000],
        ['2025-04-10', -20_000, 70_000],
        ['2025-04-25', 30_000, 100_000],
        ['2025-05-25', 30_000, 130_000],
      ]);
    });

    it('filters by date range and type, keeping each row’s balance of the whole history', async () => {
      const body = await list(ada, '?startDate=2025-04-01&endDate=2025-04-30&type=withdrawal');
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({
        amount: -20_000,
        balanceAfter: 70_000,
        type: 'withdrawal',
      });
      const contributionsOnly = await list(ada, '?type=contribution&limit=100');
      expect(contributionsOnly.pagination.totalItems).toBe(10);
    });

    it('finds movements by description, transaction ID or whole-naira amount', async () => {
      const byDescription = await list(ada, '?search=%20ln-000001%20repayment%20');
      expect(byDescription.data.map((row) => row.description)).toEqual([
        'Loan LN-000001 repayment',
      ]);
      const [repayment] = byDescription.data;
      const byId = await list(ada, `?search=${repayment?.transactionId.slice(0, 8)}`);
      expect(byId.data.map((row) => row.transactionId)).toEqual([repayment?.transactionId]);
      // '₦20,000' reads as an amount: the withdrawal; a sign never counts.
      const byAmount = await list(ada, `?search=${encodeURIComponent('₦20,000')}`);
      expect(byAmount.data.map((row) => [row.type, row.amount])).toEqual([['withdrawal', -20_000]]);
      expect((await list(ada, '?search=no-such-movement')).pagination.totalItems).toBe(0);
    });

    it('shows nothing of another member', async () => {
      const body = await list(bayo, '?limit=100');
      expect(body.data.map((row) => row.amount).sort()).toEqual([1_000, 99_999]);
    });

    it('refuses bad filters with 400 and the message', async () => {
      const reversed = await get(ada, '/transactions?startDate=2025-05-01&endDate=2025-04-01');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().message).toBe('Start date must be on or before end date');
      expect((await get(ada, '/transactions?type=bonus')).json().message).toBe(
        'Unknown transaction type',
      );
      expect((await get(ada, '/transactions?limit=101')).statusCode).toBe(400);
    });
  });

  describe('statements', () => {
    const statement = async (member: Member, start: string, end: string) => {
      const res = await get(member, `/statement?startDate=${start}&endDate=${end}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<StatementResponse>().data;
    };

    it('gives opening and closing balances that reconcile with the movements and the ledger', async () => {
      const data = await statement(ada, '2025-04-01', '2025-06-15');
      expect(data.member).toEqual({
        firstName: 'Ada',
        lastName: 'Obi',
        membershipId: ada.user.membershipId,
        email: 'ada@test.coop',
      });
      expect(data.accounts).toEqual([
        {
          account: 'savings',
          openingBalance: 90_000,
          totalIncrease: 60_000,
          totalDecrease: 20_000,
          closingBalance: 130_000,
        },
        {
          account: 'share_holding',
          openingBalance: 15_000,
          totalIncrease: 10_000,
          totalDecrease: 0,
          closingBalance: 25_000,
        },
        {
          account: 'loan',
          openingBalance: 0,
          totalIncrease: 100_000,
          totalDecrease: 10_000,
          closingBalance: 90_000,
        },
      ]);
      expect(data.transactions.map((row) => row.date)).toEqual([
        '2025-04-10',
        '2025-04-25',
        '2025-04-25',
        '2025-05-02',
        '2025-05-25',
        '2025-05-25',
        '2025-06-01',
      ]);
      // A period ending today closes on the projection the dashboard shows.
      const [balances] = await t.db
        .select()
        .from(memberBalances)
        .where(eq(memberBalances.userId, ada.user.id));
      expect(balances).toMatchObject({
        savingsBalance: 130_000_00,
        shareBalance: 25_000_00,
        loanBalance: 90_000_00,
      });
    });

    it('shows no loan account to a member who never had one', async () => {
      const data = await statement(bayo, '2025-01-01', '2025-06-15');
      expect(data.accounts.map((row) => row.account)).toEqual(['savings', 'share_holding']);
    });

    it('refuses a reversed or missing period with 400', async () => {
      const reversed = await get(ada, '/statement?startDate=2025-06-01&endDate=2025-05-01');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().message).toBe('Start date must be on or before end date');
      expect((await get(ada, '/statement?startDate=2025-06-01')).statusCode).toBe(400);
      expect(
        (
          await get(ada, '/statement/download?startDate=2025-01-01&endDate=2025-02-01&format=xls')
        ).json().message,
      ).toBe("Format must be 'csv' or 'pdf'");
    });

    it('downloads the CSV: opening rows, one line a movement, closing rows, exact amounts', async () => {
      const res = await get(
        ada,
        '/statement/download?startDate=2025-04-01&endDate=2025-06-15&format=csv',
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="statement-${ada.user.membershipId}-2025-04-01-to-2025-06-15.csv"`,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      const rows = parseCsv(res.body);
      expect(rows[0]).toEqual(['Date', 'Account', 'Type', 'Description', 'Amount', 'Balance']);
      expect(rows[1]).toEqual(['2025-04-01', 'Savings', 'Opening balance', '', '', '90000.00']);
      expect(rows).toContainEqual([
        '2025-04-10',
        'Savings',
        'Withdrawal',
        'Savings withdrawal',
        '-20000.00',
        '70000.00',
      ]);
      expect(rows.at(-3)).toEqual([
        '2025-06-15',
        'Savings',
        'Closing balance',
        '',
        '',
        '130000.00',
      ]);
      expect(rows.at(-1)).toEqual(['2025-06-15', 'Loan', 'Closing balance', '', '', '90000.00']);
      expect(rows).toHaveLength(1 + 3 + 7 + 3);
    });

    it('downloads a PDF that opens, with the cooperative, the member, the period, each movement and the totals', async () => {
      const res = await get(
        ada,
        '/statement/download?startDate=2025-04-01&endDate=2025-06-15&format=pdf',
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = pdfText(res.rawPayload);
      for (const expected of [
        t.config.cooperative.name,
        'Statement of Account',
        'Ada Obi',
        ada.user.membershipId,
        'Apr 01, 2025 to Jun 15, 2025',
        'Savings withdrawal (Withdrawal)',
        'Loan LN-000001 disbursed',
      ]) {
        expect(text).toContain(expected);
      }
      const summary = (label: string) =>
        text
          .split('\n')
          .find((line) => line.trim().startsWith(label))
          ?.trim()
          .split(/\s{2,}/);
      expect(summary('Savings')).toEqual(['Savings', '₦90,000', '₦60,000', '₦20,000', '₦130,000']);
      expect(summary('Share Holdings')).toEqual([
        'Share Holdings',
        '₦15,000',
        '₦10,000',
        '₦0',
        '₦25,000',
      ]);
      expect(summary('Loan ')).toEqual(['Loan', '₦0', '₦100,000', '₦10,000', '₦90,000']);
      // Bayo's figures are nowhere.
      expect(text).not.toContain('99,999');
    });
  });

  describe('data export', () => {
    beforeAll(async () => {
      // Records other features write, inserted plainly: the export shows them as soon as they exist.
      await t.db.insert(withdrawals).values([
        {
          userId: ada.user.id,
          withdrawalType: 'savings',
          requestedAmount: 20_000_00,
          status: 'approved',
          reason: 'School fees',
          processedBy: bayo.user.id,
        },
        {
          userId: bayo.user.id,
          withdrawalType: 'savings',
          requestedAmount: 7_777_00,
          reason: 'BAYO-SECRET-REASON',
        },
      ]);
      await t.db.insert(dividends).values({
        userId: ada.user.id,
        dividendYear: 2024,
        dividendPeriod: '2024',
        dividendType: 'share_holding',
        rateBps: 1000,
        amount: 1_500_00,
        issuedDate: '2025-03-01',
      });
      await t.db.insert(depositNotices).values([
        {
          userId: ada.user.id,
          savingsAmount: 40_000_00,
          shareHoldingAmount: 10_000_00,
          transferDate: '2025-06-10',
          bankReference: 'ADA-TRF-001',
        },
        {
          userId: bayo.user.id,
          savingsAmount: 1_00,
          shareHoldingAmount: 0,
          transferDate: '2025-06-10',
          bankReference: 'BAYO-SECRET-TRF',
        },
      ]);
      await t.db.insert(fines).values({
        userId: ada.user.id,
        reason: 'Late repayment',
        amount: 2_000_00,
        fineDate: '2025-05-10',
        dueDate: '2025-06-10',
        issuedBy: bayo.user.id,
      });
      // Bayo's loan, which Ada guarantees; and Ada's loan, which Bayo guarantees.
      const loanValues = (userId: string, loanNumber: string, purpose: string) => ({
        userId,
        loanNumber,
        purpose,
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
        requiredCertifications: 2,
        remainingCertifications: 2,
      });
      const [bayosLoan] = await t.db
        .insert(loans)
        .values(loanValues(bayo.user.id, 'LN-000900', 'BAYO-SECRET-PURPOSE'))
        .returning();
      const [adasLoan] = await t.db
        .insert(loans)
        .values(loanValues(ada.user.id, 'LN-000901', 'Roof repairs for my house'))
        .returning();
      if (!bayosLoan || !adasLoan) throw new Error('no loans');
      await t.db.insert(loanGuarantors).values([
        {
          loanId: bayosLoan.id,
          guarantorUserId: ada.user.id,
          guaranteeAmount: 50_000_00,
          acceptanceToken: 'tok-1',
        },
        {
          loanId: adasLoan.id,
          guarantorUserId: bayo.user.id,
          guaranteeAmount: 50_000_00,
          acceptanceToken: 'tok-2',
        },
      ]);
    });

    it('answers JSON with every section of the member’s data', async () => {
      const res = await get(ada, '/export/data');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="coop-data-.+-2025-06-15\.json"$/,
      );
      const data = res.json();
      expect(Object.keys(data)).toEqual([
        'exportedAt',
        'profile',
        'settings',
        'balances',
        'transactions',
        'contributions',
        'withdrawals',
        'dividends',
        'fines',
        'loans',
        'loanSchedules',
        'loanRepayments',
        'guarantees',
        'depositNotices',
        'notifications',
      ]);
      expect(data.profile).toMatchObject({
        id: ada.user.id,
        email: 'ada@test.coop',
        phoneNumber: '+2348030000001',
      });
      expect(data.balances).toEqual({
        savingsBalance: 130_000,
        shareBalance: 25_000,
        loanBalance: 90_000,
        frozenAmount: 0,
      });
      expect(data.contributions).toHaveLength(5);
      expect(data.contributions[0]).toMatchObject({
        contributionMonth: '2025-01',
        savingsAmount: 30_000,
        totalAmount: 35_000,
      });
      expect(data.withdrawals).toEqual([
        expect.objectContaining({
          requestedAmount: 20_000,
          reason: 'School fees',
          status: 'approved',
        }),
      ]);
      expect(data.dividends).toEqual([
        expect.objectContaining({ amount: 1_500, status: 'calculated' }),
      ]);
      expect(data.fines).toEqual([
        expect.objectContaining({ amount: 2_000, reason: 'Late repayment' }),
      ]);
      expect(data.loans).toEqual([
        expect.objectContaining({ loanNumber: 'LN-000901', requestedAmount: 100_000 }),
      ]);
      // Both were invited in one statement: same instant, so their order is not part of the rule.
      expect(data.guarantees).toHaveLength(2);
      expect(data.guarantees).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ role: 'guarantor', loanNumber: null, guaranteeAmount: 50_000 }),
          expect.objectContaining({
            role: 'borrower',
            loanNumber: 'LN-000901',
            guaranteeAmount: 50_000,
          }),
        ]),
      );
      expect(data.depositNotices).toEqual([
        expect.objectContaining({
          savingsAmount: 40_000,
          shareHoldingAmount: 10_000,
          bankReference: 'ADA-TRF-001',
          status: 'pending',
        }),
      ]);
      expect(data.notifications.length).toBeGreaterThan(0);
      expect(data.transactions).toHaveLength(13);
    });

    it('holds nothing about anyone else', async () => {
      for (const format of ['json', 'csv']) {
        const body = (await get(ada, `/export/data?format=${format}`)).body;
        for (const other of [
          bayo.user.id,
          'bayo@test.coop',
          bayo.user.membershipId,
          'Bayo',
          'BAYO-SECRET',
          '+2348030000002',
          'LN-000900',
          '99999',
          '7777',
        ]) {
          expect(body, `${format}: ${other}`).not.toContain(other);
        }
      }
    });

    it('answers CSV as section,record,field,value lines', async () => {
      const res = await get(ada, '/export/data?format=csv');
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const rows = parseCsv(res.body);
      expect(rows[0]).toEqual(['section', 'record', 'field', 'value']);
      expect(rows).toContainEqual(['profile', '1', 'email', 'ada@test.coop']);
      expect(rows).toContainEqual(['contributions', '5', 'contributionMonth', '2025-05']);
      expect(rows).toContainEqual(['fines', '1', 'reason', 'Late repayment']);
      // The export says what the settings page shows: no push is sent yet, SMS is off by default.
      const settings = (await get(ada, '/settings')).json().data as UserSettings;
      expect(settings.pushNotifications).toBe(false);
      expect(rows).toContainEqual(['settings', '1', 'pushNotifications', 'false']);
      expect(rows).toContainEqual(['settings', '1', 'smsNotifications', 'false']);
      expect(new Set(rows.slice(1).map((row) => row[0]))).toEqual(
        new Set([
          'export',
          'profile',
          'settings',
          'balances',
          'transactions',
          'contributions',
          'withdrawals',
          'dividends',
          'fines',
          'loans',
          'guarantees',
          'depositNotices',
          'notifications',
        ]),
      );
    });

    it('refuses an unknown format with 400 and audits each export', async () => {
      const res = await get(ada, '/export/data?format=xml');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Format must be 'json' or 'csv'");
      const audits = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'member.data_exported'), eq(auditLog.actorId, ada.user.id)));
      expect(audits.length).toBeGreaterThanOrEqual(3);
    });
  });

  it('names every kind of ledger posting a member can see as a transaction type', () => {
    expect([...TRANSACTION_TYPES]).toEqual(
      LEDGER_TRANSACTION_KINDS.filter((kind) => !COOPERATIVE_ONLY_KINDS.includes(kind)),
    );
  });

  it('keeps the balance projection equal to the ledger', async () => {
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    expect(await findHoldMismatches(t.db)).toEqual([]);
  });
});
