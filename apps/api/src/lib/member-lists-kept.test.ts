import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CONTRIBUTIONS_DEFAULT_QUERY } from '@coop/shared/constants';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import { loans, memberReadCache } from '../db/schema/index.js';
import { actorFor, systemActor, type MemberActor } from './actor.js';
import { listBody, preparedListSql } from './list-query.js';
import { isFirstPage, memberDataVersionSql, type MemberReadView } from './member-read-cache.js';
import { createTestApp, openOtherApp, type OtherApp, type TestApp } from '../test/app.js';
import { bearer, createActiveMember, signIn, TEST_PASSWORD } from '../test/auth-helpers.js';
import { tablesReadBy, untrackedTables } from '../test/kept-reads.js';
import { loanMember, type LoanTestMember } from '../test/loan-members.js';
import {
  confirmContributions,
  disputeContribution,
  recordContributions,
} from '../modules/contributions/contributions.service.js';
import { contributionsRepository } from '../modules/contributions/contributions.repository.js';
import {
  acceptGuarantorRequest,
  pendingGuarantorRequests,
  reassignGuarantor,
  rejectGuarantorRequest,
} from '../modules/loans/guarantees.service.js';
import {
  disburseLoan,
  markOverdueInstalments,
  recordRepayment,
} from '../modules/loans/loan-servicing.service.js';
import { certifyLoan, LOANS_FIRST_PAGE, requestLoan } from '../modules/loans/loans.service.js';
import { loansRepository } from '../modules/loans/loans.repository.js';
import { setMemberActive, updateMember } from '../modules/members/members.service.js';
import {
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATIONS_FIRST_PAGE,
} from '../modules/notifications/notifications.service.js';
import { notificationsRepository } from '../modules/notifications/notifications.repository.js';

/**
 * The default first pages of the member's loans, contributions and notifications, kept at write
 * time (docs/decisions/185-member-lists-kept.md, on decision 179's mechanism): each is read from
 * tracked tables only; the kept page is the one computed fresh after every kind of write it shows,
 * for the members the write concerns and those it does not, through loans in every state; any
 * other page or filter is computed as before; and the session is still checked on every request.
 */

const VIEWS = ['loans', 'contributions', 'notifications'] as const satisfies MemberReadView[];
type View = (typeof VIEWS)[number];

/** What the web app sends when each page opens (and the bell, every minute). */
const URLS: Record<View, string> = {
  loans: '/api/v1/users/loans?page=1&limit=10&sortBy=requestDate&sortOrder=desc',
  contributions:
    '/api/v1/users/contributions?page=1&limit=25&sortBy=contributionDate&sortOrder=desc',
  notifications: '/api/v1/users/notifications?page=1&limit=10',
};

/** The page computed now from the data, never from a kept answer. */
async function freshPage(t: TestApp, view: View, userId: string): Promise<string> {
  if (view === 'loans') {
    return listBody(await loansRepository(t.db).loanPage(userId, { ...LOANS_FIRST_PAGE }));
  }
  if (view === 'contributions') {
    return listBody(
      await contributionsRepository(t.db).page(userId, { ...CONTRIBUTIONS_DEFAULT_QUERY }),
    );
  }
  const page = await notificationsRepository(t.db).page(userId, { ...NOTIFICATIONS_FIRST_PAGE });
  return listBody(page, { summary: { unreadCount: page.also.unreadCount } });
}

async function versionOf(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.db
    .select({ version: memberDataVersionSql(userId) })
    .from(sql`(select 1) one`);
  return row?.version ?? '';
}

const keptRow = async (t: TestApp, userId: string, view: View) =>
  (
    await t.db
      .select()
      .from(memberReadCache)
      .where(and(eq(memberReadCache.userId, userId), eq(memberReadCache.view, view)))
  )[0];

describe('the first pages of the member lists are kept, and only those', () => {
  let t: TestApp;
  let ada: LoanTestMember;
  let bayo: LoanTestMember;
  beforeAll(async () => {
    t = await createTestApp({ now: '2025-04-01T09:00:00Z' });
    ada = await loanMember(t, 'Ada Obi', { savingsNaira: 600_000 });
    bayo = await loanMember(t, 'Bayo Adeyemi', { savingsNaira: 1_000_000 });
    const chidi = await loanMember(t, 'Chidi Okafor', { savingsNaira: 1_000_000 });
    await requestLoan(t.deps, ada.actor, {
      requestedAmount: 120_000,
      purpose: 'A kiosk for the market',
      repaymentTermMonths: 6,
      deductProcessingFee: true,
      guarantorUserIds: [bayo.user.id, chidi.user.id],
    });
  }, 120_000);
  afterAll(() => t.close());

  it('are computed from tables that all tell of their changes, and from no clock', async () => {
    for (const view of VIEWS) {
      for (const member of [ada, bayo]) {
        const res = await t.app.inject({ url: URLS[view], headers: member.headers });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const expected: Record<View, string[]> = {
      loans: [
        'loan_certifications',
        'loan_disbursement_requests',
        'loan_guarantors',
        'loan_repayments',
        'loan_schedule_items',
        'loans',
        'users',
      ],
      contributions: ['contributions'],
      notifications: ['notifications'],
    };
    for (const view of VIEWS) {
      const statements = preparedListSql(t.db, `${view}_member_kept`);
      expect(statements.length, view).toBeGreaterThan(0);
      for (const statement of statements) {
        const tables = await tablesReadBy(t.db, statement);
        expect(tables, view).toEqual(expected[view]);
        expect(await untrackedTables(t.db, tables), view).toEqual([]);
        expect(statement, view).not.toMatch(
          /\b(now\(\)|current_date|current_time|current_setting|localtime|clock_timestamp|statement_timestamp|transaction_timestamp)/i,
        );
      }
    }
  });

  it('keeps the default first page, as the web app and a bare request ask for it', async () => {
    expect(isFirstPage({ ...LOANS_FIRST_PAGE }, LOANS_FIRST_PAGE)).toBe(true);
    expect(isFirstPage({ ...LOANS_FIRST_PAGE, status: undefined }, LOANS_FIRST_PAGE)).toBe(true);
    expect(isFirstPage({ ...LOANS_FIRST_PAGE, status: 'pending' }, LOANS_FIRST_PAGE)).toBe(false);
    expect(isFirstPage({ ...LOANS_FIRST_PAGE, page: 2 }, LOANS_FIRST_PAGE)).toBe(false);
    expect(isFirstPage({ ...LOANS_FIRST_PAGE, sortOrder: 'asc' }, LOANS_FIRST_PAGE)).toBe(false);
    for (const view of VIEWS) {
      const bare = await t.app.inject({
        url: URLS[view].replace(/\?.*/, ''),
        headers: ada.headers,
      });
      expect(bare.body, view).toBe(await freshPage(t, view, ada.user.id));
      expect((await keptRow(t, ada.user.id, view))?.body, view).toBe(bare.body);
    }
  });

  it('computes any other page, sort or filter as before, and keeps none of it', async () => {
    const kept = await keptRow(t, ada.user.id, 'loans');
    const others = [
      '/api/v1/users/loans?status=approved',
      '/api/v1/users/loans?page=2',
      '/api/v1/users/loans?sortOrder=asc&limit=1',
      '/api/v1/users/contributions?limit=10',
      '/api/v1/users/notifications?read=false',
    ];
    for (const url of others) {
      const res = await t.app.inject({ url, headers: ada.headers });
      expect(res.statusCode, res.body).toBe(200);
    }
    const approved = await t.app.inject({ url: others[0]!, headers: ada.headers });
    expect(approved.json().data).toEqual([]);
    expect(await keptRow(t, ada.user.id, 'loans')).toEqual(kept);
  });
});

describe('a kept first page equals the one computed fresh, after every kind of write it shows', () => {
  let t: TestApp;
  let ada: LoanTestMember;
  let bayo: LoanTestMember;
  let chidi: LoanTestMember;
  let gina: LoanTestMember;
  let rita: LoanTestMember;
  let remi: LoanTestMember;
  let dayo: LoanTestMember;
  let chair: { actor: MemberActor; token: string };
  let loanId: string;
  const names = new Map<LoanTestMember, string>();
  const tokens = new Map<LoanTestMember, string>();
  const everyone = () => [ada, bayo, chidi, gina, rita, remi, dayo];

  async function signInAll() {
    for (const member of everyone()) {
      tokens.set(member, (await signIn(t, member.user.email)).accessToken);
    }
  }

  /**
   * After a write, for every member and list: the page kept before it is answered again only if
   * it is the fresh one (and it is not, where `changed` says the write shows); then two reads, the
   * second a kept answer (computed again and compared under test), are both the fresh page, and
   * that is what is kept, at the member's version now.
   */
  async function afterWrite(write: string, changed: Partial<Record<View, LoanTestMember[]>>) {
    const day = toIsoDateInTimeZone(t.clock.now());
    for (const member of everyone()) {
      for (const view of VIEWS) {
        const who = `${write}: ${names.get(member)}'s ${view}`;
        const before = await keptRow(t, member.user.id, view);
        const fresh = await freshPage(t, view, member.user.id);
        const version = await versionOf(t, member.user.id);
        if (before && before.day === day && String(before.version) === version) {
          expect(before.body, `${who} kept`).toBe(fresh);
        }
        if (changed[view]?.includes(member)) {
          expect(before?.body, `${who} changes`).not.toBe(fresh);
        }
        for (const read of ['computed', 'kept']) {
          const res = await t.app.inject({
            url: URLS[view],
            headers: bearer(tokens.get(member) ?? ''),
          });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.body, `${who} ${read}`).toBe(fresh);
        }
        expect(await keptRow(t, member.user.id, view), who).toMatchObject({
          day,
          body: fresh,
          version: Number(version),
        });
      }
    }
  }

  async function requestOf(guarantor: LoanTestMember, loan = loanId) {
    const requests = await pendingGuarantorRequests(t.deps, guarantor.actor);
    const request = requests.find((item) => item.loanId.id === loan);
    if (!request) throw new Error(`no request for ${names.get(guarantor)}`);
    return { id: request.id, token: request.acceptanceToken };
  }

  beforeAll(async () => {
    t = await createTestApp({ now: '2025-04-01T09:00:00Z' });
    ada = await loanMember(t, 'Ada Obi', { savingsNaira: 600_000 });
    bayo = await loanMember(t, 'Bayo Adeyemi', { savingsNaira: 1_000_000 });
    chidi = await loanMember(t, 'Chidi Okafor', { savingsNaira: 1_000_000 });
    gina = await loanMember(t, 'Gina Ike', { savingsNaira: 1_000_000 });
    rita = await loanMember(t, 'Rita Reviewer', { isLoanReviewer: true });
    remi = await loanMember(t, 'Remi Reviewer', { isLoanReviewer: true });
    dayo = await loanMember(t, 'Dayo Ola', { savingsNaira: 600_000 });
    for (const [member, name] of [
      [ada, 'Ada'],
      [bayo, 'Bayo'],
      [chidi, 'Chidi'],
      [gina, 'Gina'],
      [rita, 'Rita'],
      [remi, 'Remi'],
      [dayo, 'Dayo'],
    ] as const) {
      names.set(member, name);
    }
    const chairUser = await createActiveMember(t, {
      email: 'chair@test.coop',
      roles: ['president'],
      firstName: 'Chioma',
    });
    chair = {
      actor: actorFor(chairUser),
      token: (await signIn(t, 'chair@test.coop')).accessToken,
    };
    await signInAll();
    await afterWrite('the first reads', {});
  }, 180_000);
  afterAll(() => t.close());

  it('after contributions are posted, confirmed and disputed', async () => {
    const [posted] = await recordContributions(t.deps, systemActor, {
      deductions: [
        {
          userId: ada.user.id,
          month: '2024-12',
          contributionDate: '2024-12-24',
          savingsKobo: 2_000_000,
          sharesKobo: 500_000,
        },
      ],
    });
    await afterWrite('a contribution posted', { contributions: [ada], notifications: [ada] });
    await confirmContributions(t.deps, ada.actor, { contributionIds: [posted!.id] });
    await afterWrite('a contribution confirmed', { contributions: [ada] });
    await disputeContribution(t.deps, ada.actor, {
      id: posted!.id,
      reason: 'The payslip shows less than this',
    });
    await afterWrite('a contribution disputed', { contributions: [ada] });
  });

  it('after a loan is asked for, guaranteed, declined, replaced, reviewed and approved', async () => {
    loanId = (
      await requestLoan(t.deps, ada.actor, {
        requestedAmount: 120_000,
        purpose: 'A kiosk for the market',
        repaymentTermMonths: 6,
        deductProcessingFee: true,
        guarantorUserIds: [bayo.user.id, chidi.user.id],
      })
    ).id;
    await afterWrite('a loan asked for', { loans: [ada], notifications: [bayo, chidi] });
    await acceptGuarantorRequest(t.deps, bayo.actor, await requestOf(bayo));
    await afterWrite('a guarantee accepted', { loans: [ada] });
    const declined = await requestOf(chidi);
    await rejectGuarantorRequest(t.deps, chidi.actor, declined);
    await afterWrite('a guarantee declined', { loans: [ada] });
    await reassignGuarantor(t.deps, ada.actor, {
      id: declined.id,
      newGuarantorUserId: gina.user.id,
    });
    await afterWrite('a guarantor replaced', { loans: [ada], notifications: [gina] });
    await acceptGuarantorRequest(t.deps, gina.actor, await requestOf(gina));
    await afterWrite('a loan under review', { loans: [ada] });
    await certifyLoan(t.deps, rita.actor, { id: loanId, decision: 'approve' });
    await afterWrite('a first certification', { loans: [ada] });
    await certifyLoan(t.deps, remi.actor, { id: loanId, decision: 'approve' });
    await afterWrite('a loan approved', { loans: [ada] });
  });

  it('after a loan is rejected by a reviewer', async () => {
    const rejected = (
      await requestLoan(t.deps, dayo.actor, {
        requestedAmount: 50_000,
        purpose: 'Stock for the shop',
        repaymentTermMonths: 6,
        deductProcessingFee: false,
        guarantorUserIds: [bayo.user.id, gina.user.id],
      })
    ).id;
    await afterWrite('another loan asked for', { loans: [dayo] });
    await acceptGuarantorRequest(t.deps, bayo.actor, await requestOf(bayo, rejected));
    await acceptGuarantorRequest(t.deps, gina.actor, await requestOf(gina, rejected));
    await afterWrite('another loan under review', { loans: [dayo] });
    await certifyLoan(t.deps, rita.actor, {
      id: rejected,
      decision: 'reject',
      note: 'The shop has no lease',
    });
    await afterWrite('a loan rejected', { loans: [dayo] });
  });

  it('after a loan is paid out, marked overdue, repaid in part and in full', async () => {
    await disburseLoan(t.deps, systemActor, { loanId, method: 'bank_transfer' });
    await afterWrite('a loan paid out', { loans: [ada] });
    // Nothing the list shows moves with the day alone: the next day's first read computes it
    // again (a new day's key) and finds the same page.
    t.clock.set('2025-05-03T09:00:00Z');
    await signInAll();
    await afterWrite('two days after an instalment fell due', {});
    await markOverdueInstalments(t.deps, t.clock.now());
    await afterWrite('an instalment marked overdue', { loans: [ada] });
    await recordRepayment(t.deps, systemActor, {
      loanId,
      amountKobo: 21_000_00,
      paymentMethod: 'payroll',
    });
    await afterWrite('a repayment', { loans: [ada] });
    const [{ outstanding } = { outstanding: 0 }] = await t.db
      .select({ outstanding: loans.outstandingBalance })
      .from(loans)
      .where(eq(loans.id, loanId));
    await recordRepayment(t.deps, systemActor, {
      loanId,
      amountKobo: outstanding,
      paymentMethod: 'bank_transfer',
    });
    await afterWrite('the loan repaid', { loans: [ada] });
    const res = await t.app.inject({ url: URLS.loans, headers: bearer(tokens.get(ada) ?? '') });
    expect(res.json().data.map((loan: { status: string }) => loan.status)).toEqual(['repaid']);
  });

  it("after another member's name changes on the member's loan", async () => {
    await updateMember(t.deps, chair.actor, { id: gina.user.id, firstName: 'Georgina' });
    await afterWrite("a guarantor's new name", { loans: [ada, dayo] });
  });

  it('after notifications are read, one and then all', async () => {
    const page = JSON.parse(await freshPage(t, 'notifications', bayo.user.id)) as {
      data: { id: string; read: boolean }[];
    };
    const unread = page.data.find((notification) => !notification.read);
    expect(unread).toBeDefined();
    await markNotificationRead(t.deps, bayo.actor, { id: unread!.id });
    await afterWrite('a notification read', { notifications: [bayo] });
    await markAllNotificationsRead(t.deps, bayo.actor);
    await afterWrite('every notification read', { notifications: [bayo] });
  });
});

describe('a kept first page still checks the session on every request', () => {
  let t: TestApp;
  let other: OtherApp;
  let seq = 0;

  /** A member whose three pages are kept (read here and in the other app), signed in. */
  async function kept() {
    const email = `kept${++seq}@test.coop`;
    const user = await createActiveMember(t, { email, joinedOn: '2024-01-10' });
    await recordContributions(t.deps, systemActor, {
      deductions: [
        {
          userId: user.id,
          month: '2025-05',
          contributionDate: '2025-05-25',
          savingsKobo: 1_000_000,
          sharesKobo: 0,
        },
      ],
    });
    t.clock.advance(2_000);
    const session = await signIn(t, email);
    expect(await everywhere(session.accessToken)).toEqual(Array(6).fill(200));
    expect(await everywhere(session.accessToken)).toEqual(Array(6).fill(200));
    for (const view of VIEWS) expect(await keptRow(t, user.id, view)).toBeDefined();
    return { user, session };
  }

  const everywhere = async (token: string) => {
    const codes: number[] = [];
    for (const view of VIEWS) {
      for (const app of [t.app, other.app]) {
        codes.push((await app.inject({ url: URLS[view], headers: bearer(token) })).statusCode);
      }
    }
    return codes;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: '2025-06-15T09:00:00Z' });
    other = await openOtherApp(t);
  }, 60_000);
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('refuses the very next request after logout, everywhere', async () => {
    const { session } = await kept();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookies: { coop_refresh: session.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect(await everywhere(session.accessToken)).toEqual(Array(6).fill(401));
  });

  it('refuses the very next request after a suspension, everywhere, and a new sign-in hears 403', async () => {
    const { user, session } = await kept();
    await setMemberActive(t.deps, systemActor, { userId: user.id, isActive: false });
    expect(await everywhere(session.accessToken)).toEqual(Array(6).fill(401));
    t.clock.advance(2_000);
    const suspended = await signIn(t, user.email);
    expect(await everywhere(suspended.accessToken)).toEqual(Array(6).fill(403));
  });

  it('refuses the very next request of another sign-in after a password change, everywhere', async () => {
    const { user, session: before } = await kept();
    t.clock.advance(2_000);
    const current = await signIn(t, user.email);
    t.clock.advance(2_000);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(current.accessToken),
      payload: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Changed-Harvest!55',
        confirmPassword: 'Changed-Harvest!55',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await everywhere(before.accessToken)).toEqual(Array(6).fill(401));
    expect(await everywhere(changed.json().data.accessToken)).toEqual(Array(6).fill(200));
  });
});
