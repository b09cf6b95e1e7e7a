import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client.js';
import {
  auditLog,
  contributions,
  ledgerEntries,
  ledgerTransactions,
  notifications,
  users,
} from '../../db/schema/index.js';
import { fixedClock } from '../../lib/clock.js';
import type { Deps } from '../../deps.js';
import { testDeps } from '../../test/app.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  getMemberLedgerBalances,
  readMemberBalance,
} from '../ledger/ledger.service.js';
import {
  createPostgresTestDatabase,
  createTestDatabase,
  requirePostgres,
} from '../../test/database.js';
import { insertLedgerTestMember, memberActor } from '../../test/ledger-members.js';
import { systemActor } from '../../lib/actor.js';
import {
  confirmContributions,
  disputeContribution,
  recordContributions,
  type PayrollDeduction,
} from './contributions.service.js';

// 10:00 in Lagos on 15 June 2025.
const clock = fixedClock('2025-06-15T09:00:00Z');

let handle: DatabaseHandle;
let db: Database;
let deps: Deps;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  deps = testDeps(db, clock);
});

/** One deduction, posted by `actorId` (an administrator) or the system. */
async function recordContribution(on: Deps, input: PayrollDeduction, actorId?: string) {
  const [row] = await recordContributions(
    on,
    actorId ? memberActor(actorId, ['president']) : systemActor,
    {
      deductions: [input],
    },
  );
  if (!row) throw new Error('nothing recorded');
  return row;
}

const confirm = (on: Deps, userId: string, contributionIds: string[]) =>
  confirmContributions(on, memberActor(userId), { contributionIds });

afterAll(async () => {
  await handle.close();
});

const deduction = (
  userId: string,
  month: string,
  overrides: Partial<PayrollDeduction> = {},
): PayrollDeduction => ({
  userId,
  month,
  contributionDate: `${month}-25`,
  savingsKobo: 2_500_000,
  sharesKobo: 500_000,
  ...overrides,
});

async function snapshot() {
  const tables = [contributions, ledgerTransactions, ledgerEntries, auditLog] as const;
  const counts = [];
  for (const table of tables) {
    const [row] = await db.select({ n: count() }).from(table);
    counts.push(row?.n);
  }
  // Every member's balance as the ledger module reads it (the projection is the ledger's own).
  const members = await db.select({ id: users.id }).from(users).orderBy(users.id);
  const balances = await Promise.all(members.map(({ id }) => readMemberBalance(db, id)));
  return { counts, balances };
}

describe('recordContributions', () => {
  it('records a pending row, posts it to the ledger, links the posting and audits it', async () => {
    const ada = await insertLedgerTestMember(db, 'Ada');
    const admin = await insertLedgerTestMember(db, 'Admin');

    const row = await recordContribution(deps, deduction(ada, '2025-05'), admin);

    expect(row).toMatchObject({
      userId: ada,
      contributionMonth: '2025-05',
      contributionDate: '2025-05-25',
      savingsAmount: 2_500_000,
      shareHoldingAmount: 500_000,
      totalAmount: 3_000_000,
      status: 'pending',
      confirmedAt: null,
    });
    expect(row.ledgerTransactionId).toEqual(expect.any(String));

    const [posting] = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, row.ledgerTransactionId ?? ''));
    expect(posting).toMatchObject({
      kind: 'contribution',
      description: 'Contribution for May 2025',
      effectiveDate: '2025-05-25',
      referenceType: 'contribution',
      referenceId: row.id,
      createdBy: admin,
    });
    const entries = await db
      .select({
        account: ledgerEntries.account,
        userId: ledgerEntries.userId,
        amount: ledgerEntries.amount,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, row.ledgerTransactionId ?? ''));
    expect(entries).toEqual([
      { account: 'coop_bank', userId: null, amount: 3_000_000 },
      { account: 'member_savings', userId: ada, amount: -2_500_000 },
      { account: 'member_shares', userId: ada, amount: -500_000 },
    ]);
    expect(await getMemberLedgerBalances(db, ada)).toEqual({
      savings: 2_500_000,
      shares: 500_000,
      loans: 0,
    });

    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'contribution'), eq(auditLog.entityId, row.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin, action: 'contribution.recorded' });
    expect(JSON.parse(audits[0]?.after ?? '{}')).toMatchObject({ savingsAmount: 2_500_000 });
    expect(await findProjectionMismatches(db)).toEqual([]);
    expect(await findHoldMismatches(db)).toEqual([]);
  });

  it('leaves out a zero leg', async () => {
    const bayo = await insertLedgerTestMember(db, 'Bayo');
    const row = await recordContribution(deps, deduction(bayo, '2025-05', { sharesKobo: 0 }));
    const entries = await db
      .select({ account: ledgerEntries.account })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, row.ledgerTransactionId ?? ''));
    expect(entries.map((e) => e.account)).toEqual(['coop_bank', 'member_savings']);
    expect(await getMemberLedgerBalances(db, bayo)).toEqual({
      savings: 2_500_000,
      shares: 0,
      loans: 0,
    });
  });

  it('refuses a second contribution for the same member and month (409), writing nothing', async () => {
    const chidi = await insertLedgerTestMember(db, 'Chidi');
    await recordContribution(deps, deduction(chidi, '2025-04'));
    const before = await snapshot();

    await expect(
      recordContribution(deps, deduction(chidi, '2025-04', { savingsKobo: 100 })),
    ).rejects.toMatchObject({
      code: 'CONTRIBUTION_EXISTS',
      status: 409,
      message: 'A contribution for April 2025 is already recorded for this member',
    });
    expect(await snapshot()).toEqual(before);
  });

  describe('refuses, writing nothing,', () => {
    let member: string;
    beforeAll(async () => {
      member = await insertLedgerTestMember(db, 'Refused', '2024-03-10');
    });

    const cases: [string, Partial<PayrollDeduction>, string, number][] = [
      ['a negative amount', { savingsKobo: -1 }, 'VALIDATION_ERROR', 400],
      ['a fraction of a kobo', { sharesKobo: 0.5 }, 'VALIDATION_ERROR', 400],
      ['nothing at all', { savingsKobo: 0, sharesKobo: 0 }, 'VALIDATION_ERROR', 400],
      [
        'a malformed month',
        { month: '2025-13', contributionDate: '2025-05-25' },
        'VALIDATION_ERROR',
        400,
      ],
      ['an impossible date', { contributionDate: '2025-02-30' }, 'VALIDATION_ERROR', 400],
      ['a date before its month', { contributionDate: '2025-01-31' }, 'VALIDATION_ERROR', 400],
      [
        'a month not yet begun',
        { month: '2025-07', contributionDate: '2025-06-15' },
        'VALIDATION_ERROR',
        400,
      ],
      [
        'a date in the future',
        { month: '2025-06', contributionDate: '2025-06-16' },
        'VALIDATION_ERROR',
        400,
      ],
      [
        'a month before the member joined',
        { month: '2024-02', contributionDate: '2024-02-25' },
        'CONTRIBUTION_BEFORE_JOINING',
        409,
      ],
      ['an unknown member', { userId: randomUUID() }, 'NOT_FOUND', 404],
    ];

    it.each(cases)('%s', async (_name, overrides, code, status) => {
      const before = await snapshot();
      await expect(
        recordContribution(deps, deduction(member, '2025-02', overrides)),
      ).rejects.toMatchObject({ code, status });
      expect(await snapshot()).toEqual(before);
    });

    it('accepts the month the member joined and a date after its month', async () => {
      const row = await recordContribution(
        deps,
        deduction(member, '2024-03', { contributionDate: '2024-04-02' }),
      );
      expect(row.contributionMonth).toBe('2024-03');
    });
  });

  it('records a batch in one transaction: one bad row and none is recorded', async () => {
    const ngozi = await insertLedgerTestMember(db, 'Ngozi');
    const before = await snapshot();
    await expect(
      recordContributions(deps, systemActor, {
        deductions: [
          deduction(ngozi, '2025-01'),
          deduction(ngozi, '2025-02'),
          deduction(ngozi, '2025-01'),
        ],
      }),
    ).rejects.toMatchObject({ code: 'CONTRIBUTION_EXISTS' });
    expect(await snapshot()).toEqual(before);

    const rows = await recordContributions(deps, systemActor, {
      deductions: [deduction(ngozi, '2025-01'), deduction(ngozi, '2025-02')],
    });
    expect(rows.map((r) => r.contributionMonth)).toEqual(['2025-01', '2025-02']);
    expect((await getMemberLedgerBalances(db, ngozi))?.savings).toBe(5_000_000);
    expect(await findProjectionMismatches(db)).toEqual([]);
    expect(await findHoldMismatches(db)).toEqual([]);
  });
});

describe('confirmContributions', () => {
  let emeka: string;
  let other: string;
  let emekaRows: { id: string }[];
  let otherRow: { id: string };

  beforeAll(async () => {
    emeka = await insertLedgerTestMember(db, 'Emeka');
    other = await insertLedgerTestMember(db, 'Other');
    emekaRows = await recordContributions(deps, systemActor, {
      deductions: [
        deduction(emeka, '2025-01'),
        deduction(emeka, '2025-02'),
        deduction(emeka, '2025-03'),
        deduction(emeka, '2025-04'),
      ],
    });
    otherRow = await recordContribution(deps, deduction(other, '2025-01'));
  });

  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

  it("confirms the member's own pending rows and audits each", async () => {
    const [jan, feb] = emekaRows;
    const confirmed = await confirm(deps, emeka, ids([feb!, jan!, jan!]));
    expect(confirmed.map((r) => [r.contributionMonth, r.status])).toEqual([
      ['2025-01', 'confirmed'],
      ['2025-02', 'confirmed'],
    ]);
    const [stored] = await db.select().from(contributions).where(eq(contributions.id, jan!.id));
    expect(stored?.confirmedAt).toEqual(clock.now());
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contribution.confirmed'), eq(auditLog.actorId, emeka)));
    expect(audits.map((a) => a.entityId).sort()).toEqual(ids([jan!, feb!]).sort());
  });

  it('does not move money: balances are the same before and after confirming', async () => {
    const before = await getMemberLedgerBalances(db, emeka);
    await confirm(deps, emeka, ids([emekaRows[2]!]));
    expect(await getMemberLedgerBalances(db, emeka)).toEqual(before);
  });

  it("answers 404 for another member's row, and confirms none of the batch", async () => {
    const before = await snapshot();
    await expect(confirm(deps, emeka, [emekaRows[3]!.id, otherRow.id])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    await expect(confirm(deps, emeka, ['not-a-uuid'])).rejects.toMatchObject({
      status: 404,
    });
    await expect(confirm(deps, emeka, [randomUUID()])).rejects.toMatchObject({
      status: 404,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 when a row is no longer pending, and confirms none of the batch', async () => {
    const before = await snapshot();
    await expect(confirm(deps, emeka, [emekaRows[3]!.id, emekaRows[0]!.id])).rejects.toMatchObject({
      code: 'CONTRIBUTION_NOT_PENDING',
      status: 409,
    });
    expect(await snapshot()).toEqual(before);
    const [april] = await db
      .select()
      .from(contributions)
      .where(eq(contributions.id, emekaRows[3]!.id));
    expect(april?.status).toBe('pending');
  });

  it('refuses an empty selection (400)', async () => {
    await expect(confirm(deps, emeka, [])).rejects.toMatchObject({ status: 400 });
  });
});

describe('the member is asked to confirm, and the question is settled by confirming', () => {
  it('sends one unread "confirm" notification per posted row; confirming marks it read', async () => {
    const funmi = await insertLedgerTestMember(db, 'Funmi');
    const [may, june] = await recordContributions(deps, systemActor, {
      deductions: [
        deduction(funmi, '2025-05'),
        deduction(funmi, '2025-06', { contributionDate: '2025-06-14', savingsKobo: 1_234_500 }),
      ],
    });
    const mine = () =>
      db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, funmi))
        .orderBy(notifications.title);
    expect((await mine()).map((n) => [n.type, n.title, n.readAt])).toEqual([
      ['contribution_confirm', 'Confirm your June 2025 contribution', null],
      ['contribution_confirm', 'Confirm your May 2025 contribution', null],
    ]);
    expect((await mine())[0]?.message).toBe(
      '₦17,345 was deducted from your June 2025 salary: ₦12,345 to savings and ₦5,000 to share holding. Please confirm it.',
    );

    await confirm(deps, funmi, [may!.id]);
    expect((await mine()).map((n) => [n.title, n.readAt])).toEqual([
      ['Confirm your June 2025 contribution', null],
      ['Confirm your May 2025 contribution', clock.now()],
    ]);
    expect(june?.status).toBe('pending');
  });
});

describe('disputeContribution', () => {
  let tunde: string;
  let rows: { id: string }[];
  beforeAll(async () => {
    tunde = await insertLedgerTestMember(db, 'Tunde');
    rows = await recordContributions(deps, systemActor, {
      deductions: [deduction(tunde, '2025-01'), deduction(tunde, '2025-02')],
    });
    await confirm(deps, tunde, [rows[0]!.id]);
  });
  const dispute = (userId: string, id: string, reason = 'Deducted twice this month') =>
    disputeContribution(deps, memberActor(userId), { id, reason });

  it('disputes a confirmed row once: status, reason, date and an audit row; money stays', async () => {
    const before = await getMemberLedgerBalances(db, tunde);
    const disputed = await dispute(tunde, rows[0]!.id);
    expect(disputed).toMatchObject({
      status: 'disputed',
      disputeDate: clock.now().toISOString(),
      disputeResolvedBy: null,
    });
    const [stored] = await db.select().from(contributions).where(eq(contributions.id, rows[0]!.id));
    expect(stored?.disputeReason).toBe('Deducted twice this month');
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contribution.disputed'), eq(auditLog.entityId, rows[0]!.id)));
    expect(audits).toHaveLength(1);
    expect(await getMemberLedgerBalances(db, tunde)).toEqual(before);
  });

  it('answers 409 for a pending row and for a second dispute, writing nothing', async () => {
    const before = await snapshot();
    await expect(dispute(tunde, rows[1]!.id)).rejects.toMatchObject({
      code: 'CONTRIBUTION_NOT_DISPUTABLE',
      status: 409,
      message:
        'The February 2025 contribution cannot be disputed: only a confirmed contribution that was never disputed can be',
    });
    await expect(dispute(tunde, rows[0]!.id)).rejects.toMatchObject({ status: 409 });
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for another member's row", async () => {
    const stranger = await insertLedgerTestMember(db, 'Stranger');
    await expect(dispute(stranger, rows[0]!.id)).rejects.toMatchObject({ status: 404 });
  });
});

// PGlite runs one query at a time, so races can only show on a real PostgreSQL
// (docs/decisions/002-embedded-pglite-default-postgresql-in-production.md).
const serverUrl = requirePostgres('contributions concurrency');

describe.skipIf(!serverUrl)('contributions under concurrency (PostgreSQL)', () => {
  let pgHandle: DatabaseHandle;
  let pg: Database;
  let pgDeps: Deps;

  beforeAll(async () => {
    pgHandle = await createPostgresTestDatabase(serverUrl ?? '');
    pg = pgHandle.db;
    pgDeps = testDeps(pg, clock);
  });

  afterAll(async () => {
    await pgHandle.close();
  });

  it('20 parallel postings of one month for one member: exactly one is recorded', async () => {
    const ada = await insertLedgerTestMember(pg, 'Ada');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => recordContribution(pgDeps, deduction(ada, '2025-05'))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .map((r) => (r.reason as { code?: string }).code),
    ).toEqual(Array(19).fill('CONTRIBUTION_EXISTS'));
    expect(await getMemberLedgerBalances(pg, ada)).toEqual({
      savings: 2_500_000,
      shares: 500_000,
      loans: 0,
    });
    const [posted] = await pg
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'contribution'));
    expect(posted?.n).toBe(1);
    expect(await findProjectionMismatches(pg)).toEqual([]);
    expect(await findHoldMismatches(pg)).toEqual([]);
  });

  it('20 parallel confirmations of the same rows: one confirms, the rest see them confirmed', async () => {
    const bayo = await insertLedgerTestMember(pg, 'Bayo');
    const rows = await recordContributions(pgDeps, systemActor, {
      deductions: [deduction(bayo, '2025-03'), deduction(bayo, '2025-04')],
    });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        confirm(
          pgDeps,
          bayo,
          rows.map((r) => r.id),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [audits] = await pg
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contribution.confirmed'), eq(auditLog.actorId, bayo)));
    expect(audits?.n).toBe(2);
  });
});
