import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '@coop/shared/notifications';
import { loadConfig, type Config } from '../config/env.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import {
  contributions,
  emailOutbox,
  loanGuarantors,
  loans,
  loanScheduleItems,
  memberBalances,
  notifications,
  payrollDeductions,
  payrollRemittances,
  users,
  depositNotices,
  dividends,
  fines,
  withdrawals,
  twoFactorSecrets,
} from '../db/schema/index.js';
import { fixedClock } from '../lib/clock.js';
import { findHoldMismatches, findProjectionMismatches } from '../modules/ledger/ledger.service.js';
import { verifyPassword } from '../lib/password.js';
import { verifyActivationToken } from '../modules/auth/activation.service.js';
import { createTestDatabase } from '../test/database.js';
import { COOPERATIVE_ENV, testDeps } from '../test/app.js';
import { systemActor } from '../lib/actor.js';
import { decryptSecret, DEMO_TWO_FACTOR_SECRET } from '../modules/two-factor/two-factor.service.js';
import { DEMO_PASSWORD, DEMO_PEOPLE } from './demo-people.js';
import { pendingActivationMessage, seedDemoIfEmpty, type SeedDemoResult } from './demo.js';

// 10:00 in Lagos on 10 March 2026: the 24 months are March 2024 – February 2026.
const clock = fixedClock('2026-03-10T09:00:00Z');

function configFor(env: 'development' | 'production'): Config {
  return loadConfig(
    {
      NODE_ENV: env,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'coop-seed-')),
      PUBLIC_URL: 'http://portal.test',
      ...(env === 'production' ? { MAIL: 'log', ...COOPERATIVE_ENV } : {}),
    },
    os.tmpdir(),
  );
}

const logged: string[] = [];
const logger = {
  info: (message: unknown) => void logged.push(String(message)),
  warn: (message: unknown) => void logged.push(String(message)),
} as unknown as Parameters<typeof seedDemoIfEmpty>[0]['logger'];

let handle: DatabaseHandle;
let db: Database;
let inProduction: SeedDemoResult;
let usersInProduction: number;
let result: SeedDemoResult;
const seedConfig = configFor('development');

async function userByEmail(email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`${email} was not seeded`);
  return row;
}

async function contributionsOf(userId: string) {
  return db
    .select()
    .from(contributions)
    .where(eq(contributions.userId, userId))
    .orderBy(asc(contributions.contributionMonth));
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  inProduction = await seedDemoIfEmpty({ db, config: configFor('production'), clock, logger });
  usersInProduction = (await db.select({ n: count() }).from(users))[0]?.n ?? -1;
  result = await seedDemoIfEmpty({ db, config: seedConfig, clock, logger });
}, 120_000);

afterAll(async () => {
  await handle.close();
});

describe('demo people (pure data)', () => {
  it('are 69 accounts with unique e-mails, phones and membership IDs', () => {
    expect(DEMO_PEOPLE).toHaveLength(69);
    for (const field of ['email', 'membershipId', 'phoneNumber'] as const) {
      const values = DEMO_PEOPLE.map((p) => p[field]).filter((v) => v !== undefined);
      expect(new Set(values).size).toBe(values.length);
    }
    for (const person of DEMO_PEOPLE.slice(8)) {
      expect(person.phoneNumber).toMatch(/^0803\d{7}$/);
      expect(person.joined.monthsAgo).toBeGreaterThanOrEqual(1);
      expect(person.joined.monthsAgo).toBeLessThanOrEqual(36);
    }
  });
});

describe('seedDemoIfEmpty', () => {
  it('never seeds in production', () => {
    expect(inProduction).toEqual({ seeded: false });
    expect(usersInProduction).toBe(0);
  });

  it('reports what it created and how long it took, and logs the sign-ins and Emeka’s link', async () => {
    expect(result).toMatchObject({ seeded: true, members: 69 });
    if (!result.seeded) return;
    // One "please confirm" per posted contribution, seven announcements for each of three,
    // demo/money.ts: two withdrawal decisions, six fines, two settled, one resolved dispute, two
    // deposit decisions and one "dividend paid" per paid dividend; and the loans' messages.
    const [paid] = await db
      .select({ n: count() })
      .from(dividends)
      .where(eq(dividends.status, 'paid'));
    expect(paid?.n).toBeGreaterThan(0);
    expect(result.loans).toBe(9);
    expect(result.notifications).toBeGreaterThan(
      result.contributions.recorded + 21 + 13 + (paid?.n ?? 0),
    );
    expect(result.milliseconds).toBeGreaterThan(0);
    expect(Object.keys(result.timings)).toEqual([
      'members',
      'deductions',
      'history',
      'remittances',
      'change requests',
    ]);
    expect(result.pendingActivationLink).toMatch(/^http:\/\/portal\.test\/auth\/activate\?token=/);
    expect(
      logged.some((line) => line.includes(result.seeded ? result.pendingActivationLink : '?')),
    ).toBe(true);
    expect(logged.some((line) => line.includes('Demo!2345'))).toBe(true);
  });

  it('prints Emeka’s link on the embedded database only, never on PostgreSQL (DEMO=1)', () => {
    const link = 'http://portal.test/auth/activate?token=secret';
    expect(pendingActivationMessage(configFor('development'), link)).toContain(link);
    const onPostgres = loadConfig(
      {
        NODE_ENV: 'development',
        DATABASE_URL: 'postgres://db.internal/coop',
        JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
        TWO_FACTOR_KEY: 'a'.repeat(64),
        DEMO: '1',
      },
      os.tmpdir(),
    );
    const message = pendingActivationMessage(onPostgres, link);
    expect(message).not.toContain('secret');
    expect(message).toContain('Resend activation');
  });

  it('creates the officers and the named members with their roles and flags', async () => {
    const expected = [
      ['admin@demo.coop', 'A0001', null, ['president'], false, false],
      ['treasurer@demo.coop', 'A0002', null, ['treasurer'], false, false],
      ['auditor@demo.coop', 'A0003', null, ['auditor'], false, false],
      ['secretary@demo.coop', 'A0004', null, ['secretary'], false, false],
      ['ada@demo.coop', 'M0001', '+2348030000001', [], true, false],
      ['bayo@demo.coop', 'M0002', '+2348030000002', [], true, true],
      ['chidi@demo.coop', 'M0003', '+2348030000003', [], false, false],
      ['ngozi@demo.coop', 'M0004', '+2348030000004', [], false, false],
      ['emeka@demo.coop', 'M0005', '+2348030000005', [], false, false],
    ] as const;
    for (const [email, membershipId, phone, roles, reviewer, exco] of expected) {
      const user = await userByEmail(email);
      expect({
        membershipId: user.membershipId,
        phoneNumber: user.phoneNumber,
        roles: user.roles,
        isLoanReviewer: user.isLoanReviewer,
        isExco: user.isExco,
      }).toEqual({
        membershipId,
        phoneNumber: phone,
        roles,
        isLoanReviewer: reviewer,
        isExco: exco,
      });
    }
    expect((await userByEmail('ada@demo.coop')).firstName).toBe('Ada');
    expect((await userByEmail('bayo@demo.coop')).lastName).toBe('Adeyemi');
  });

  it('activates every account with Demo!2345 except Emeka, and suspends Ngozi', async () => {
    const all = await db.select().from(users).orderBy(asc(users.membershipId));
    expect(all).toHaveLength(69);
    const unactivated = all.filter((u) => u.passwordHash === null).map((u) => u.email);
    expect(unactivated).toEqual(['emeka@demo.coop']);
    const suspended = all.filter((u) => !u.isActive).map((u) => u.email);
    expect(suspended).toEqual(['ngozi@demo.coop']);

    for (const email of [
      'admin@demo.coop',
      'ada@demo.coop',
      'ngozi@demo.coop',
      'damilola.oni@demo.coop',
    ]) {
      const user = await userByEmail(email);
      expect(await verifyPassword(user.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    }
  });

  it('enrols the officers, and only them, in two-factor sign-in with the published demo secret', async () => {
    const enrolled = await db
      .select({ email: users.email, secret: twoFactorSecrets.secretEncrypted })
      .from(twoFactorSecrets)
      .innerJoin(users, eq(users.id, twoFactorSecrets.userId))
      .orderBy(asc(users.membershipId));
    expect(enrolled.map((row) => row.email)).toEqual([
      'admin@demo.coop',
      'treasurer@demo.coop',
      'auditor@demo.coop',
      'secretary@demo.coop',
    ]);
    for (const row of enrolled) {
      expect(decryptSecret(seedConfig.twoFactorKey, row.secret)).toBe(DEMO_TWO_FACTOR_SECRET);
    }
    expect(logged.some((line) => line.includes('npm run admin -- demo-code'))).toBe(true);
  });

  it('leaves Emeka a working activation link, and his is the only e-mail still to send', async () => {
    if (!result.seeded) throw new Error('not seeded');
    const token = new URL(result.pendingActivationLink).searchParams.get('token') ?? '';
    const config = configFor('development');
    await expect(
      verifyActivationToken(testDeps(db, clock, config), systemActor, { token }),
    ).resolves.toEqual({
      firstName: 'Emeka',
      lastName: 'Nwosu',
      email: 'emeka@demo.coop',
      membershipId: 'M0005',
    });
    const pending = await db
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'pending'));
    expect(pending).toEqual([{ to: 'emeka@demo.coop' }]);
  });

  it('leaves in the outbox no activation e-mail of a member it activated itself', async () => {
    const activationEmails = await db
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(sql`${emailOutbox.text} like '%/auth/activate?token=%'`);
    expect(activationEmails).toEqual([{ to: 'emeka@demo.coop' }]);
  });

  it('gives the 60 other members realistic, distinct join dates over the last three years', async () => {
    const others = await db
      .select({ joinedOn: users.joinedOn })
      .from(users)
      .where(
        sql`${users.email} not in ('admin@demo.coop', 'treasurer@demo.coop', 'auditor@demo.coop', 'secretary@demo.coop', 'ada@demo.coop', 'bayo@demo.coop', 'chidi@demo.coop', 'ngozi@demo.coop', 'emeka@demo.coop')`,
      );
    expect(others).toHaveLength(60);
    const dates = others.map((o) => o.joinedOn).sort();
    expect(dates[0]! >= '2023-03-01').toBe(true);
    expect(dates.at(-1)! <= '2026-03-10').toBe(true);
    expect(new Set(dates.map((d) => d.slice(0, 7))).size).toBeGreaterThan(30);
  });

  it('posts 24 months for long-standing members: the latest 2 pending, the rest confirmed', async () => {
    const ada = await userByEmail('ada@demo.coop');
    const rows = await contributionsOf(ada.id);
    expect(rows.map((r) => r.contributionMonth)).toEqual(
      Array.from({ length: 24 }, (_, i) => {
        const month = 3 + i; // March 2024 onwards
        return `${2024 + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, '0')}`;
      }),
    );
    // Ada disputed one confirmed month and the administrator resolved it (demo/money.ts).
    expect(rows.slice(0, 22).filter((r) => r.status !== 'confirmed')).toMatchObject([
      { contributionMonth: '2025-10', status: 'resolved' },
    ]);
    expect(rows.slice(22).map((r) => [r.contributionMonth, r.status])).toEqual([
      ['2026-01', 'pending'],
      ['2026-02', 'pending'],
    ]);
    expect(
      rows.every((r) => r.savingsAmount === 2_500_000 && r.shareHoldingAmount === 500_000),
    ).toBe(true);
    expect(rows.every((r) => r.ledgerTransactionId !== null)).toBe(true);
    expect(rows[0]?.contributionDate).toBe('2024-03-25');

    const [balance] = await db
      .select()
      .from(memberBalances)
      .where(eq(memberBalances.userId, ada.id));
    // ₦600,000 of payroll savings, less the approved ₦50,000 withdrawal, plus the paid 2024
    // dividend (8 % of the ₦50,000 of shares held on 31 December 2024) and the verified deposit
    // (₦40,000 savings, ₦10,000 shares).
    expect(balance).toMatchObject({
      savingsBalance: 24 * 2_500_000 - 5_000_000 + 400_000 + 4_000_000,
      shareBalance: 24 * 500_000 + 1_000_000,
      // Her running loan (demo/loans.ts): ₦300,000 at 10 % over 12 months is ₦330,000 to repay,
      // less the 40 % and 30 % of the first ₦27,500 instalment she has paid.
      loanBalance: 33_000_000 - 1_100_000 - 825_000,
    });
  });

  it('shows Chidi’s raise, leaves all of Emeka’s pending and gives the newest member nothing yet', async () => {
    const chidi = await contributionsOf((await userByEmail('chidi@demo.coop')).id);
    expect(chidi.slice(0, 12).every((r) => r.savingsAmount === 1_500_000)).toBe(true);
    expect(chidi.slice(12, 23).every((r) => r.savingsAmount === 2_000_000)).toBe(true);
    // The newest month's payroll deducted ₦5,000 less savings than asked (a short variance).
    expect(chidi[23]?.savingsAmount).toBe(1_500_000);

    const emeka = await contributionsOf((await userByEmail('emeka@demo.coop')).id);
    expect(emeka).toHaveLength(24);
    expect(emeka.every((r) => r.status === 'pending')).toBe(true);

    const newest = await userByEmail('damilola.oni@demo.coop');
    expect(newest.joinedOn.slice(0, 7)).toBe('2026-02');
    expect(await contributionsOf(newest.id)).toEqual([]);
  });

  it('keeps every contribution after the join month, in whole naira within the demo ranges', async () => {
    const rows = await db
      .select({
        month: contributions.contributionMonth,
        joinedOn: users.joinedOn,
        savings: contributions.savingsAmount,
        shares: contributions.shareHoldingAmount,
      })
      .from(contributions)
      .innerJoin(users, eq(users.id, contributions.userId));
    expect(rows.length).toBeGreaterThan(900);
    for (const row of rows) {
      expect(row.month > row.joinedOn.slice(0, 7)).toBe(true);
      expect(row.savings % 100).toBe(0);
      expect(row.shares % 100).toBe(0);
      expect(row.savings).toBeGreaterThanOrEqual(500_000);
      expect(row.savings).toBeLessThanOrEqual(5_000_000);
      expect(row.shares).toBeGreaterThanOrEqual(100_000);
      expect(row.shares).toBeLessThanOrEqual(1_000_000);
    }
  });

  it('posts the newest payroll months through the import, the newest with every variance kind', async () => {
    const rows = await db
      .select({ month: payrollDeductions.month, kind: payrollDeductions.kind })
      .from(payrollDeductions);
    const months = [...new Set(rows.map((row) => row.month))].sort();
    expect(months).toHaveLength(2);
    const kinds = (month: string | undefined) =>
      new Set(rows.filter((row) => row.month === month).map((row) => row.kind));
    // The older month deducted as asked; only a member who joined in it by its cut-off day
    // (decision 154), whom the demo's history never deducts, can be missing from it.
    expect([...kinds(months[0])].every((kind) => kind === 'matched' || kind === 'missing')).toBe(
      true,
    );
    expect(kinds(months[1])).toEqual(
      new Set(['matched', 'short', 'over', 'missing', 'unexpected']),
    );
    const chidi = await userByEmail('chidi@demo.coop');
    const told = await db.select().from(notifications).where(eq(notifications.userId, chidi.id));
    expect(told.filter((row) => row.type === 'payroll_variance')).toHaveLength(1);
    // The employers paid over every posted month but the newest of the last group.
    const remitted = await db.select().from(payrollRemittances);
    expect(remitted).toHaveLength(3);
  });

  it('keeps the balance projection equal to the ledger', async () => {
    expect(await findProjectionMismatches(db)).toEqual([]);
    expect(await findHoldMismatches(db)).toEqual([]);
  });

  it('gives Ada, Bayo and Chidi between them notifications of every type, of every priority, read and unread', async () => {
    // 'contribution_posted' is only on rows written before a resolved dispute and a decided
    // deposit had types of their own: the demo writes none.
    // 'disbursement_approval' goes to officers who may approve a disbursement, none of these three.
    const notInTheStory = new Set(['contribution_posted', 'disbursement_approval']);
    const seen = new Set<string>();
    for (const email of ['ada@demo.coop', 'bayo@demo.coop', 'chidi@demo.coop']) {
      const user = await userByEmail(email);
      const rows = await db.select().from(notifications).where(eq(notifications.userId, user.id));
      for (const row of rows) seen.add(row.type);
      // Only loan reviewers (Ada and Bayo) are asked to review loans.
      expect(rows.some((r) => r.type === 'loan_review')).toBe(user.isLoanReviewer);
      expect(new Set(rows.map((r) => r.priority))).toEqual(new Set(NOTIFICATION_PRIORITIES));
      expect(rows.some((r) => r.readAt === null)).toBe(true);
      expect(rows.some((r) => r.readAt !== null)).toBe(true);
      for (const row of rows) {
        expect(row.createdAt <= clock.now()).toBe(true);
        if (row.readAt) expect(row.readAt >= row.createdAt).toBe(true);
      }
    }
    expect(seen).toEqual(new Set(NOTIFICATION_TYPES.filter((type) => !notInTheStory.has(type))));
  });

  it('links every money notification to a page that shows its record in that status', async () => {
    const tables = { fine: fines, withdrawal: withdrawals, deposit_notice: depositNotices };
    const rows = await db.select().from(notifications);
    let checked = 0;
    for (const row of rows) {
      if (!row.subjectType || !row.subjectId || !row.actionUrl) continue;
      if (row.subjectType === 'dividend') {
        const [dividend] = await db.select().from(dividends).where(eq(dividends.id, row.subjectId));
        expect(dividend?.userId).toBe(row.userId);
        expect(row.actionUrl).toBe('/dividends');
        checked += 1;
        continue;
      }
      if (!(row.subjectType in tables)) continue;
      const table = tables[row.subjectType as keyof typeof tables];
      const [record] = await db.select().from(table).where(eq(table.id, row.subjectId));
      expect(record?.userId).toBe(row.userId);
      const status = new URL(row.actionUrl, 'http://portal.test').searchParams.get('status');
      // A settled record's first notice ('fine issued ... pending') is read once it is settled.
      if (status && record?.status !== status) expect(row.readAt).not.toBeNull();
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('dates every contribution notification on its payroll day, read once confirmed', async () => {
    const ada = await userByEmail('ada@demo.coop');
    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ada.id))
      .orderBy(asc(notifications.createdAt));
    const asks = rows.filter((r) => r.type === 'contribution_confirm');
    expect(asks).toHaveLength(24);
    expect(asks[0]).toMatchObject({
      title: 'Confirm your March 2024 contribution',
      createdAt: new Date('2024-03-25T09:00:00Z'),
    });
    // Confirmed in the round three days after the December 2025 payroll; January and February
    // 2026 are still pending. February came after Ada last read everything: it is unread.
    expect(
      asks.slice(0, 22).every((r) => r.readAt?.toISOString() === '2025-12-28T17:00:00.000Z'),
    ).toBe(true);
    expect(asks.at(-1)).toMatchObject({
      title: 'Confirm your February 2026 contribution',
      readAt: null,
    });
  });

  it('has loans in every status, built through the loan use cases', async () => {
    const rows = await db
      .select({ status: loans.status, borrower: users.email, id: loans.id })
      .from(loans)
      .innerJoin(users, eq(users.id, loans.userId))
      .orderBy(asc(loans.loanNumber));
    expect(rows.map((row) => [row.borrower, row.status])).toEqual([
      ['ada@demo.coop', 'repaid'],
      ['babatunde.ojo@demo.coop', 'defaulted'],
      ['ada@demo.coop', 'disbursed'],
      ['bayo@demo.coop', 'rejected'],
      ['nneka.nwachukwu@demo.coop', 'approved'],
      ['fatima.abdullahi@demo.coop', 'approved'],
      ['chidi@demo.coop', 'under_review'],
      ['bayo@demo.coop', 'pending'],
      ['funmilayo.akinola@demo.coop', 'pending'],
    ]);
    // Every disbursement the demo made records how it was paid out (decision 085).
    const methods = await db
      .select({ method: loans.disbursementMethod })
      .from(loans)
      .where(sql`${loans.disbursedAt} is not null`);
    expect(methods.map((row) => row.method)).toEqual([
      'bank_transfer',
      'bank_transfer',
      'bank_transfer',
    ]);
    const adaLoan = rows[2];
    const items = await db
      .select()
      .from(loanScheduleItems)
      .where(eq(loanScheduleItems.loanId, adaLoan?.id ?? ''))
      .orderBy(asc(loanScheduleItems.month));
    expect(items[0]?.status).toBe('overdue');
    expect(items[0]?.paidAmount).toBeGreaterThan(0);
    const [adaLoanRow] = await db
      .select()
      .from(loans)
      .where(eq(loans.id, adaLoan?.id ?? ''));
    const ada = await userByEmail('ada@demo.coop');
    const [adaBalance] = await db
      .select()
      .from(memberBalances)
      .where(eq(memberBalances.userId, ada.id));
    expect(adaBalance?.loanBalance).toBe(adaLoanRow?.outstandingBalance);
  });

  it('leaves Ada a request to answer, Bayo a declined guarantor to replace, Bayo at the guarantee limit', async () => {
    const ada = await userByEmail('ada@demo.coop');
    const bayo = await userByEmail('bayo@demo.coop');
    const slots = await db.select().from(loanGuarantors);
    expect(
      slots.filter((s) => s.guarantorUserId === ada.id && s.status === 'pending'),
    ).toHaveLength(1);
    expect(slots.filter((s) => s.status === 'rejected' && s.replacedById === null)).toHaveLength(1);
    const running = await db
      .select({ id: loanGuarantors.id })
      .from(loanGuarantors)
      .innerJoin(loans, eq(loans.id, loanGuarantors.loanId))
      .where(eq(loanGuarantors.guarantorUserId, bayo.id));
    expect(running.length).toBeGreaterThanOrEqual(3);
    // Every frozen amount is the sum of its member's open holds, each hold still has its cause,
    // and each guarantee holds what its slot says.
    expect(await findHoldMismatches(db)).toEqual([]);
    const slotsOff = await db.execute(sql`
      select count(*)::int as n from loan_guarantors g
       where g.frozen_amount <> coalesce((select amount from member_holds h
                                           where h.reason = 'guarantee' and h.reference_id = g.id
                                             and h.released_at is null), 0)`);
    expect(JSON.stringify(slotsOff)).toContain('"n":0');
  });

  it('does nothing on a second start', async () => {
    const counts = async () => ({
      users: (await db.select({ n: count() }).from(users))[0]?.n,
      contributions: (await db.select({ n: count() }).from(contributions))[0]?.n,
      notifications: (await db.select({ n: count() }).from(notifications))[0]?.n,
    });
    const before = await counts();
    await expect(
      seedDemoIfEmpty({ db, config: configFor('development'), clock, logger }),
    ).resolves.toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
  });
});
