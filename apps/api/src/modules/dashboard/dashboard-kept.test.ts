import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import { contributions, memberDataChanges, memberReadCache } from '../../db/schema/index.js';
import { actorFor, systemActor, type MemberActor } from '../../lib/actor.js';
import {
  checkKeptReads,
  FOLD_MEMBER_DATA_CHANGES_AFTER,
  foldMemberDataChanges,
  keptMemberRead,
  memberDataVersionSql,
} from '../../lib/member-read-cache.js';
import { createTestApp, openOtherApp, type OtherApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn, TEST_PASSWORD } from '../../test/auth-helpers.js';
import { tablesReadBy, untrackedTables } from '../../test/kept-reads.js';
import { loanMember, type LoanTestMember } from '../../test/loan-members.js';
import { finishedJob } from '../../test/officer-jobs.js';
import { insertInstruction, insertPayrollGroup } from '../../test/payroll-fixture.js';
import {
  confirmContributions,
  disputeContribution,
  recordContributions,
} from '../contributions/contributions.service.js';
import {
  submitDepositNotice,
  verifyDepositNotice,
} from '../deposit-notices/deposit-notices.service.js';
import { declareDividend, payDividends } from '../dividends/dividends.service.js';
import { issueFine, markFinePaid } from '../fines/fines.service.js';
import { findProjectionMismatches } from '../ledger/ledger.service.js';
import {
  acceptGuarantorRequest,
  pendingGuarantorRequests,
  reassignGuarantor,
  rejectGuarantorRequest,
} from '../loans/guarantees.service.js';
import {
  disburseLoan,
  markOverdueInstalments,
  recordRepayment,
} from '../loans/loan-servicing.service.js';
import { certifyLoan, requestLoan } from '../loans/loans.service.js';
import { setMemberActive, setMemberFlags, updateMember } from '../members/members.service.js';
import { approveWithdrawal, requestWithdrawal } from '../withdrawals/withdrawals.service.js';
import { dashboardStatementSql } from './dashboard.repository.js';
import { dashboardParts, freshDashboardAnswer } from './dashboard.service.js';

/**
 * The dashboard kept at write time (docs/decisions/179-member-reads-kept-at-write-time.md): the
 * kept answer is the one computed fresh after every kind of write the dashboard shows, for every
 * member the write concerns and those it does not; an answer computed before a change is never
 * answered after it; the session is still checked on every request; and a member's change rows
 * stay few.
 */

const dashboardUrl = '/api/v1/users/dashboard';

describe('the dashboard is kept at write time, and only while it holds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2025-04-01T09:00:00Z' });
  }, 60_000);
  afterAll(() => t.close());

  it('is computed from tables that all tell of their changes, and from no clock but the day', async () => {
    const statement = dashboardStatementSql(t.db, dashboardParts());
    const tables = await tablesReadBy(t.db, statement);
    // The extraction finds what the statement reads (a sample of the sources' tables)…
    expect(tables).toEqual(
      expect.arrayContaining([
        'contributions',
        'fines',
        'loan_guarantors',
        'loans',
        'member_balance_days',
        'member_balances',
        'payroll_deductions',
        'users',
      ]),
    );
    // …and every one of them writes its changes to the feed.
    expect(await untrackedTables(t.db, tables)).toEqual([]);
    // A source reading a table without the triggers would fail the line above, as here: quoted
    // or not, joined or not, a table is found; a CTE, a function or `extract(… from …)` is not.
    const fixture = `with recent as (select 1) select extract(epoch from "c"."created_at")
      from "contributions" c join audit_log a on a.id = c.id, generate_series(1, 2) n, recent`;
    expect(await tablesReadBy(t.db, fixture)).toEqual(['audit_log', 'contributions']);
    expect(await untrackedTables(t.db, ['audit_log', 'contributions'])).toEqual(['audit_log']);
    // The answer depends on the data and the day (bound as `today`) only: no clock is read.
    expect(statement).not.toMatch(
      /\b(now\(\)|current_date|current_time|localtime|clock_timestamp|statement_timestamp|transaction_timestamp)/i,
    );
  });

  it('never answers what was computed before a change committed after it', async () => {
    const user = await createActiveMember(t, { email: 'race@test.coop', joinedOn: '2024-01-10' });
    const actor = actorFor(user);
    const day = toIsoDateInTimeZone(t.clock.now());
    const post = (month: string) =>
      recordContributions(t.deps, systemActor, {
        deductions: [
          {
            userId: user.id,
            month,
            contributionDate: `${month}-25`,
            savingsKobo: 1_000_000,
            sharesKobo: 0,
          },
        ],
      });
    await post('2025-01');
    const read = { view: 'dashboard' as const, userId: user.id, day };
    // A reader computes the answer, then a contribution commits before it keeps it: the reader
    // keeps an answer without the contribution, with the version it read it at.
    const stale = await keptMemberRead(t.db, read, async () => {
      const answer = await freshDashboardAnswer(t.deps, actor, day);
      await post('2025-02');
      return answer;
    });
    const fresh = await freshDashboardAnswer(t.deps, actor, day);
    expect(fresh.body).not.toBe(stale);
    // The next read does not take it: the version moved past the one kept.
    const next = await keptMemberRead(t.db, read, () => freshDashboardAnswer(t.deps, actor, day));
    expect(next).toBe(fresh.body);
    // And the answer kept now is the fresh one, answered again without computing (under test a
    // kept answer is computed again to check it: not here).
    checkKeptReads(false);
    try {
      const again = await keptMemberRead(t.db, read, () => {
        throw new Error('computed again though the kept answer holds');
      });
      expect(again).toBe(fresh.body);
    } finally {
      checkKeptReads(true);
    }
  });

  it('keeps an answer for its day only', async () => {
    const user = await createActiveMember(t, { email: 'day@test.coop', joinedOn: '2024-01-10' });
    const read = (day: string) =>
      keptMemberRead(t.db, { view: 'dashboard', userId: user.id, day }, async () => ({
        body: `{"day":"${day}"}`,
        version: (await versionOf(user.id)).toString(),
      }));
    expect(await read('2025-04-01')).toBe('{"day":"2025-04-01"}');
    expect(await read('2025-04-02')).toBe('{"day":"2025-04-02"}');
    expect(await read('2025-04-01')).toBe('{"day":"2025-04-01"}');
  });

  it("folds a member's change rows into one, and the kept answer still holds", async () => {
    const user = await createActiveMember(t, { email: 'fold@test.coop', joinedOn: '2021-01-10' });
    const { accessToken } = await signIn(t, 'fold@test.coop');
    // A contribution a month over two years: more change rows than a miss leaves.
    for (let n = 0; n < FOLD_MEMBER_DATA_CHANGES_AFTER + 4; n++) {
      const month = `${2022 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
      await recordContributions(t.deps, systemActor, {
        deductions: [
          {
            userId: user.id,
            month,
            contributionDate: `${month}-25`,
            savingsKobo: 100_000,
            sharesKobo: 0,
          },
        ],
      });
    }
    const rowsOf = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(memberDataChanges)
          .where(eq(memberDataChanges.userId, user.id))
      )[0]?.n;
    expect(await rowsOf()).toBeGreaterThan(FOLD_MEMBER_DATA_CHANGES_AFTER);
    const version = await versionOf(user.id);
    const first = await t.app.inject({ url: dashboardUrl, headers: bearer(accessToken) });
    expect(first.statusCode, first.body).toBe(200);
    // The miss folded the rows: one row with the same sum, so the version kept still holds.
    expect(await rowsOf()).toBe(1);
    expect(await versionOf(user.id)).toBe(version);
    const [keptRow] = await t.db
      .select()
      .from(memberReadCache)
      .where(and(eq(memberReadCache.userId, user.id), eq(memberReadCache.view, 'dashboard')));
    expect(keptRow?.version).toBe(version);
    const second = await t.app.inject({ url: dashboardUrl, headers: bearer(accessToken) });
    expect(second.body).toBe(first.body);
    // Housekeeping folds every member's rows (and the null ones) the same way.
    await t.db.insert(memberDataChanges).values([{ userId: null }, { userId: null }]);
    const everyVersion = await versions();
    await foldMemberDataChanges(t.db);
    expect(await versions()).toEqual(everyVersion);
    const [many] = await t.db
      .select({ n: count() })
      .from(sql`(select user_id from ${memberDataChanges} group by user_id having count(*) > 1) m`);
    expect(many?.n).toBe(0);
  });

  async function versionOf(userId: string): Promise<number> {
    const [row] = await t.db
      .select({ version: memberDataVersionSql(userId) })
      .from(sql`(select 1) one`);
    return Number(row?.version);
  }

  async function versions(): Promise<Record<string, string>> {
    const rows = await t.db
      .select({ id: sql<string>`u.id::text`, version: memberDataVersionSql(sql`u.id`) })
      .from(sql`users u`);
    return Object.fromEntries(rows.map((row) => [row.id, row.version]));
  }
});

describe('a kept dashboard equals the one computed fresh, after every kind of write it shows', () => {
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

  /** New access tokens for everyone: after the clock moves past a token's life, or a sign-out. */
  async function signInAll() {
    for (const member of everyone()) {
      tokens.set(member, (await signIn(t, member.user.email)).accessToken);
    }
    if (chair) chair.token = (await signIn(t, 'chair@test.coop')).accessToken;
  }

  const keptRow = async (userId: string) =>
    (
      await t.db
        .select()
        .from(memberReadCache)
        .where(and(eq(memberReadCache.userId, userId), eq(memberReadCache.view, 'dashboard')))
    )[0];

  /**
   * After a write: for every member, the answer kept before it is answered again only if it is
   * the fresh one (and it is not, for the members the write concerns); then two reads, the second
   * a kept answer, are both the fresh one as JSON text, and that is what is kept.
   */
  async function afterWrite(write: string, changed: readonly LoanTestMember[]) {
    const day = toIsoDateInTimeZone(t.clock.now());
    for (const member of everyone()) {
      const who = `${write}: ${names.get(member)}'s dashboard`;
      const before = await keptRow(member.user.id);
      const fresh = await freshDashboardAnswer(t.deps, member.actor, day);
      if (before && before.day === day && String(before.version) === fresh.version) {
        expect(before.body, `${who} kept`).toBe(fresh.body);
      }
      if (changed.includes(member)) expect(before?.body, `${who} changes`).not.toBe(fresh.body);
      for (const read of ['computed', 'kept']) {
        const res = await t.app.inject({
          url: dashboardUrl,
          headers: bearer(tokens.get(member) ?? ''),
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body, `${who} ${read}`).toBe(fresh.body);
      }
      expect(await keptRow(member.user.id), who).toMatchObject({
        day,
        body: fresh.body,
        version: Number(fresh.version),
      });
    }
  }

  async function requestOf(guarantor: LoanTestMember) {
    const requests = await pendingGuarantorRequests(t.deps, guarantor.actor);
    const request = requests.find((item) => item.loanId.id === loanId);
    if (!request) throw new Error(`no request for ${names.get(guarantor)}`);
    return { id: request.id, token: request.acceptanceToken };
  }

  beforeAll(async () => {
    t = await createTestApp({ now: '2025-04-01T09:00:00Z' });
    ada = await loanMember(t, 'Ada Obi', { savingsNaira: 600_000 });
    // Ada held shares in 2024, so 2024's dividend pays her.
    await recordContributions(t.deps, systemActor, {
      deductions: [
        {
          userId: ada.user.id,
          month: '2024-06',
          contributionDate: '2024-06-25',
          savingsKobo: 10_000_00,
          sharesKobo: 50_000_00,
        },
      ],
    });
    bayo = await loanMember(t, 'Bayo Adeyemi', { savingsNaira: 1_000_000 });
    chidi = await loanMember(t, 'Chidi Okafor', { savingsNaira: 1_000_000 });
    gina = await loanMember(t, 'Gina Ike', { savingsNaira: 1_000_000 });
    rita = await loanMember(t, 'Rita Reviewer', { isLoanReviewer: true });
    remi = await loanMember(t, 'Remi Reviewer', { isLoanReviewer: true });
    dayo = await loanMember(t, 'Dayo Ola');
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
    await afterWrite('the first reads', []);
  }, 120_000);
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
    await afterWrite('a contribution posted', [ada]);
    await confirmContributions(t.deps, ada.actor, { contributionIds: [posted!.id] });
    await afterWrite('a contribution confirmed', [ada]);
    await disputeContribution(t.deps, ada.actor, {
      id: posted!.id,
      reason: 'The payslip shows less than this',
    });
    await afterWrite('a contribution disputed', [ada]);
  });

  it('after a withdrawal is requested and approved', async () => {
    const withdrawal = await requestWithdrawal(t.deps, ada.actor, {
      withdrawalType: 'savings',
      amount: 10_000,
    });
    await afterWrite('a withdrawal requested', [ada]);
    await approveWithdrawal(t.deps, systemActor, { id: withdrawal.id });
    await afterWrite('a withdrawal approved', [ada]);
  });

  it('after a dividend is paid, and a fine is issued and paid', async () => {
    await declareDividend(t.deps, systemActor, {
      dividendYear: 2024,
      rateBps: 1_000,
      issuedDate: '2025-04-01',
    });
    await payDividends(t.deps, systemActor, { dividendYear: 2024, paidDate: '2025-04-01' });
    await afterWrite('a dividend paid', [ada]);
    const fine = await issueFine(t.deps, systemActor, {
      userId: ada.user.id,
      reason: 'Late to the meeting',
      amount: 1_000,
    });
    await afterWrite('a fine issued', [ada]);
    await markFinePaid(t.deps, systemActor, { id: fine.id, paidFrom: 'savings' });
    await afterWrite('a fine paid', [ada]);
  });

  it('after a deposit notice is sent and verified', async () => {
    const notice = await submitDepositNotice(t.deps, ada.actor, {
      savingsAmount: 5_000,
      shareHoldingAmount: 0,
      transferDate: '2025-04-01',
      bankReference: 'TRF-2025-04-01',
    });
    await afterWrite('a deposit notice sent', [ada]);
    await verifyDepositNotice(t.deps, systemActor, { id: notice.id });
    await afterWrite('a deposit notice verified', [ada]);
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
    await afterWrite('a loan asked for', [ada, bayo, chidi]);
    await acceptGuarantorRequest(t.deps, bayo.actor, await requestOf(bayo));
    await afterWrite('a guarantee accepted', [ada, bayo]);
    const declined = await requestOf(chidi);
    await rejectGuarantorRequest(t.deps, chidi.actor, declined);
    await afterWrite('a guarantee declined', [ada, chidi]);
    await reassignGuarantor(t.deps, ada.actor, {
      id: declined.id,
      newGuarantorUserId: gina.user.id,
    });
    await afterWrite('a guarantor replaced', [ada, gina]);
    // Gina's acceptance puts the loan under review: on every reviewer's Pending Actions.
    await acceptGuarantorRequest(t.deps, gina.actor, await requestOf(gina));
    await afterWrite('a loan under review', [ada, gina, rita, remi]);
    // A member made a reviewer sees it too.
    await setMemberFlags(t.deps, chair.actor, { id: dayo.user.id, isLoanReviewer: true });
    await signInAll();
    await afterWrite('a member made a reviewer', [dayo]);
    await certifyLoan(t.deps, rita.actor, { id: loanId, decision: 'approve' });
    await afterWrite('a first certification', [ada, rita]);
    await certifyLoan(t.deps, remi.actor, { id: loanId, decision: 'approve' });
    await afterWrite('a loan approved', [ada, remi, dayo]);
  });

  it('after a loan is paid out, falls overdue as the days pass, is marked overdue and repaid', async () => {
    await disburseLoan(t.deps, systemActor, { loanId, method: 'bank_transfer' });
    await afterWrite('a loan paid out', [ada]);
    // May 1st's instalment falls due: on May 3rd it is two days late, with nothing written.
    t.clock.set('2025-05-03T09:00:00Z');
    await signInAll();
    await afterWrite('two days later', [ada]);
    await markOverdueInstalments(t.deps, t.clock.now());
    await afterWrite('an instalment marked overdue', [ada]);
    await recordRepayment(t.deps, systemActor, {
      loanId,
      amountKobo: 21_000_00,
      paymentMethod: 'payroll',
    });
    await afterWrite('a repayment', [ada]);
  });

  it("after another member's name changes on the member's loan", async () => {
    await updateMember(t.deps, chair.actor, { id: gina.user.id, firstName: 'Georgina' });
    await afterWrite("a guarantor's new name", [ada]);
  });

  it("after a payroll month is posted with a variance on the member's instruction", async () => {
    const group = await insertPayrollGroup(t.db, 'MOF-HQ', 'MOF-HQ payroll office');
    await insertInstruction(t.db, {
      userId: bayo.user.id,
      payrollGroupId: group,
      effectiveMonth: '2025-01',
      savings: 20_000,
      shares: 0,
    });
    await afterWrite('an instruction', []);
    const file = [
      'membershipId,month,savings,shares,repayment,fines,payrollGroup,staffNumber,memberName',
      `${bayo.user.membershipId},2025-04,15000,0,0,0,MOF-HQ,S-2,Bayo Adeyemi`,
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/payroll',
      headers: { ...bearer(chair.token), 'idempotency-key': 'kept-april' },
      payload: { fileName: 'april.csv', content: Buffer.from(`${file}\r\n`).toString('base64') },
    });
    expect(await finishedJob(t, res, chair.token)).toMatchObject({ state: 'succeeded' });
    await afterWrite('a payroll month posted', [bayo]);
    expect(await findProjectionMismatches(t.db)).toEqual([]);
    // Bayo's contribution of the month is his to confirm: posted, it shows on his dashboard.
    const [bayos] = await t.db
      .select({ id: contributions.id })
      .from(contributions)
      .where(and(eq(contributions.userId, bayo.user.id), eq(contributions.status, 'pending')));
    expect(bayos).toBeDefined();
  });
});

describe('a kept dashboard still checks the session on every request', () => {
  let t: TestApp;
  let other: OtherApp;
  let seq = 0;

  /** A member whose dashboard is kept (read once here, once in the other app), signed in. */
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
    expect(await everywhere(session.accessToken)).toEqual([200, 200]);
    expect(await everywhere(session.accessToken)).toEqual([200, 200]);
    return { user, session };
  }

  const everywhere = async (token: string) => [
    (await t.app.inject({ url: dashboardUrl, headers: bearer(token) })).statusCode,
    (await other.app.inject({ url: dashboardUrl, headers: bearer(token) })).statusCode,
  ];

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
    expect(await everywhere(session.accessToken)).toEqual([401, 401]);
  });

  it('refuses the very next request after a suspension, everywhere, and a new sign-in hears 403', async () => {
    const { user, session } = await kept();
    await setMemberActive(t.deps, systemActor, { userId: user.id, isActive: false });
    expect(await everywhere(session.accessToken)).toEqual([401, 401]);
    t.clock.advance(2_000);
    const suspended = await signIn(t, user.email);
    expect(await everywhere(suspended.accessToken)).toEqual([403, 403]);
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
    expect(await everywhere(before.accessToken)).toEqual([401, 401]);
    expect(await everywhere(changed.json().data.accessToken)).toEqual([200, 200]);
  });
});
