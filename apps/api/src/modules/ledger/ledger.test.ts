import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { queryRows, type Database, type DatabaseHandle } from '../../db/client.js';
import {
  auditLog,
  ledgerEntries,
  ledgerTransactions,
  memberBalances,
  withdrawals,
} from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/database.js';
import { insertLedgerTestMember } from '../../test/ledger-members.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError } from '../../lib/domain-error.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  getMemberLedgerBalances,
  LedgerPostingError,
  postLedgerTransaction,
  postLedgerTransactions,
  placeHold,
  readMemberBalance,
  rebuildMemberBalances,
  releaseHold,
  type LedgerPosting,
} from './ledger.service.js';
import { systemActor } from '../../lib/actor.js';

let handle: DatabaseHandle;
let db: Database;
let ada: string;
let bayo: string;

const contribution = (userId: string, savings: number, shares = 0): LedgerPosting => ({
  kind: 'contribution',
  description: 'Payroll deduction',
  effectiveDate: '2025-01-25',
  entries: [
    { account: 'coop_bank', amount: savings + shares },
    { account: 'member_savings', userId, amount: -savings },
    ...(shares > 0 ? [{ account: 'member_shares' as const, userId, amount: -shares }] : []),
  ],
});

async function post(posting: LedgerPosting) {
  return db.transaction((tx) => postLedgerTransaction(tx, posting));
}

/** The database's own words: drizzle wraps them as the cause of its 'Failed query' error. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    return `${String((err as Error).message)} ${cause instanceof Error ? cause.message : ''}`;
  }
  throw new Error('expected the database to refuse');
}

async function snapshot() {
  const [transactions] = await db.select({ n: count() }).from(ledgerTransactions);
  const [entries] = await db.select({ n: count() }).from(ledgerEntries);
  const balances = await db.select().from(memberBalances).orderBy(memberBalances.userId);
  return { transactions: transactions?.n, entries: entries?.n, balances };
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  ada = await insertLedgerTestMember(db, 'ada');
  bayo = await insertLedgerTestMember(db, 'bayo');
});

afterAll(async () => {
  await handle.close();
});

describe('postLedgerTransaction', () => {
  it('posts a contribution and raises the member balances in the same transaction', async () => {
    const posted = await post(contribution(ada, 1_000_000, 200_000));

    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, posted.id));
    expect(entries.map((e) => [e.account, e.userId, e.amount])).toEqual([
      ['coop_bank', null, 1_200_000],
      ['member_savings', ada, -1_000_000],
      ['member_shares', ada, -200_000],
    ]);
    expect(await getMemberLedgerBalances(db, ada)).toEqual({
      savings: 1_000_000,
      shares: 200_000,
      loans: 0,
    });
    expect(posted.balances.get(ada)).toEqual({
      savings: 1_000_000,
      shares: 200_000,
      loans: 0,
      version: 1,
    });
    const [transaction] = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, posted.id));
    expect(transaction).toMatchObject({
      kind: 'contribution',
      description: 'Payroll deduction',
      effectiveDate: '2025-01-25',
    });
    expect(await findProjectionMismatches(db)).toEqual([]);
    expect(await findHoldMismatches(db)).toEqual([]);
  });

  it('bumps the version and projects a loan as a receivable (sum of its entries)', async () => {
    const before = await db.select().from(memberBalances).where(eq(memberBalances.userId, bayo));
    await post({
      kind: 'loan_disbursement',
      description: 'Loan LN-0001 disbursed',
      effectiveDate: '2025-02-01',
      reference: { type: 'loan', id: randomUUID() },
      entries: [
        { account: 'member_loans', userId: bayo, amount: 5_500_000 },
        { account: 'coop_bank', amount: -5_000_000 },
        { account: 'coop_interest_income', amount: -500_000 },
      ],
    });
    const [after] = await db.select().from(memberBalances).where(eq(memberBalances.userId, bayo));
    expect(after?.loanBalance).toBe(5_500_000);
    expect(after?.version).toBe((before[0]?.version ?? 0) + 1);
    expect(await findProjectionMismatches(db)).toEqual([]);
    expect(await findHoldMismatches(db)).toEqual([]);
  });

  it('updates every member a posting touches', async () => {
    await post({
      kind: 'dividend',
      description: '2024 dividend on shares',
      effectiveDate: '2025-03-01',
      entries: [
        { account: 'coop_dividend_expense', amount: 30_000 },
        { account: 'member_savings', userId: ada, amount: -10_000 },
        { account: 'member_savings', userId: bayo, amount: -20_000 },
      ],
    });
    expect((await getMemberLedgerBalances(db, bayo))?.savings).toBe(20_000);
    expect(await findProjectionMismatches(db)).toEqual([]);
    expect(await findHoldMismatches(db)).toEqual([]);
  });

  describe('several at once', () => {
    it('posts them as if one after another: each balance and version follows in order', async () => {
      const chidi = await insertLedgerTestMember(db, 'chidi');
      const posted = await db.transaction((tx) =>
        postLedgerTransactions(tx, [
          contribution(chidi, 300_000),
          {
            kind: 'withdrawal',
            description: 'Savings withdrawal',
            effectiveDate: '2025-01-26',
            entries: [
              { account: 'member_savings', userId: chidi, amount: 100_000 },
              { account: 'coop_bank', amount: -100_000 },
            ],
          },
          contribution(chidi, 50_000, 10_000),
        ]),
      );
      expect(posted.map((p) => p.balances.get(chidi))).toEqual([
        { savings: 300_000, shares: 0, loans: 0, version: 1 },
        { savings: 200_000, shares: 0, loans: 0, version: 2 },
        { savings: 250_000, shares: 10_000, loans: 0, version: 3 },
      ]);
      expect(new Set(posted.map((p) => p.id)).size).toBe(3);
      const [row] = await db.select().from(memberBalances).where(eq(memberBalances.userId, chidi));
      expect(row).toMatchObject({ savingsBalance: 250_000, shareBalance: 10_000, version: 3 });
      expect(await findProjectionMismatches(db)).toEqual([]);
      expect(await findHoldMismatches(db)).toEqual([]);
    });

    it('refuses a batch whose balance dips below zero midway, even if it ends positive', async () => {
      const ngozi = await insertLedgerTestMember(db, 'ngozi');
      const before = await snapshot();
      await expect(
        db.transaction((tx) =>
          postLedgerTransactions(tx, [
            {
              kind: 'withdrawal',
              description: 'Savings withdrawal',
              effectiveDate: '2025-01-26',
              entries: [
                { account: 'member_savings', userId: ngozi, amount: 100 },
                { account: 'coop_bank', amount: -100 },
              ],
            },
            contribution(ngozi, 1_000),
          ]),
        ),
      ).rejects.toMatchObject({ code: 'LEDGER_NEGATIVE_BALANCE' });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses the whole batch when one posting is malformed', async () => {
      const before = await snapshot();
      await expect(
        db.transaction((tx) =>
          postLedgerTransactions(tx, [
            contribution(ada, 100),
            { ...contribution(ada, 100), entries: [] },
          ]),
        ),
      ).rejects.toMatchObject({ code: 'LEDGER_TOO_FEW_ENTRIES' });
      expect(await snapshot()).toEqual(before);
    });

    it('posts nothing for an empty batch', async () => {
      await expect(db.transaction((tx) => postLedgerTransactions(tx, []))).resolves.toEqual([]);
    });
  });

  describe('refuses, writing nothing,', () => {
    const cases: [string, () => LedgerPosting, LedgerPostingError['code']][] = [
      [
        'an unbalanced posting',
        () => ({
          ...contribution(ada, 100),
          entries: [
            { account: 'coop_bank', amount: 101 },
            { account: 'member_savings', userId: ada, amount: -100 },
          ],
        }),
        'LEDGER_UNBALANCED',
      ],
      [
        'a fraction of a kobo',
        () => ({
          ...contribution(ada, 100),
          entries: [
            { account: 'coop_bank', amount: 100.5 },
            { account: 'member_savings', userId: ada, amount: -100.5 },
          ],
        }),
        'LEDGER_INVALID_AMOUNT',
      ],
      [
        'an amount beyond the exact integer range',
        () => ({
          ...contribution(ada, 100),
          entries: [
            { account: 'coop_bank', amount: 2 ** 53 },
            { account: 'member_savings', userId: ada, amount: -(2 ** 53) },
          ],
        }),
        'LEDGER_INVALID_AMOUNT',
      ],
      [
        'NaN',
        () => ({
          ...contribution(ada, 100),
          entries: [
            { account: 'coop_bank', amount: Number.NaN },
            { account: 'member_savings', userId: ada, amount: Number.NaN },
          ],
        }),
        'LEDGER_INVALID_AMOUNT',
      ],
      [
        'a zero amount',
        () => ({
          ...contribution(ada, 100),
          entries: [
            { account: 'coop_bank', amount: 100 },
            { account: 'member_savings', userId: ada, amount: -100 },
            { account: 'member_shares', userId: ada, amount: 0 },
          ],
        }),
        'LEDGER_INVALID_AMOUNT',
      ],
      ['no entries', () => ({ ...contribution(ada, 100), entries: [] }), 'LEDGER_TOO_FEW_ENTRIES'],
      [
        'a single entry',
        () => ({ ...contribution(ada, 100), entries: [{ account: 'coop_bank', amount: 100 }] }),
        'LEDGER_TOO_FEW_ENTRIES',
      ],
      [
        'a member account without a member',
        () => ({
          ...contribution(ada, 100),
          entries: [
            { account: 'coop_bank', amount: 100 },
            { account: 'member_savings', amount: -100 },
          ],
        }),
        'LEDGER_MISSING_MEMBER',
      ],
      [
        'a cooperative account with a member',
        () => ({
          ...contribution(ada, 100),
          entries: [
            { account: 'coop_bank', userId: ada, amount: 100 },
            { account: 'member_savings', userId: ada, amount: -100 },
          ],
        }),
        'LEDGER_UNEXPECTED_MEMBER',
      ],
      [
        'an unknown account',
        () => ({
          ...contribution(ada, 100),
          entries: [
            { account: 'coop_petty_cash' as 'coop_bank', amount: 100 },
            { account: 'member_savings', userId: ada, amount: -100 },
          ],
        }),
        'LEDGER_UNKNOWN_ACCOUNT',
      ],
      [
        'an inherited property name as account',
        () => ({
          ...contribution(ada, 100),
          entries: [
            { account: 'toString' as 'coop_bank', amount: 100 },
            { account: 'member_savings', userId: ada, amount: -100 },
          ],
        }),
        'LEDGER_UNKNOWN_ACCOUNT',
      ],
      [
        'an unknown kind',
        () => ({ ...contribution(ada, 100), kind: 'gift' as 'adjustment' }),
        'LEDGER_UNKNOWN_KIND',
      ],
      [
        'a blank description',
        () => ({ ...contribution(ada, 100), description: '   ' }),
        'LEDGER_INVALID_DESCRIPTION',
      ],
      [
        'an impossible date',
        () => ({ ...contribution(ada, 100), effectiveDate: '2025-02-30' }),
        'LEDGER_INVALID_DATE',
      ],
      [
        'a member without a balance row',
        () => contribution(randomUUID(), 100),
        'LEDGER_UNKNOWN_MEMBER',
      ],
    ];

    it.each(cases)('%s', async (_name, build, code) => {
      const before = await snapshot();
      await expect(post(build())).rejects.toMatchObject({ name: 'LedgerPostingError', code });
      expect(await snapshot()).toEqual(before);
    });

    it('a posting that would take a member balance below zero (409)', async () => {
      const before = await snapshot();
      const balance = (await getMemberLedgerBalances(db, ada))?.savings ?? 0;
      const error = await post({
        kind: 'withdrawal',
        description: 'Savings withdrawal',
        effectiveDate: '2025-03-02',
        entries: [
          { account: 'member_savings', userId: ada, amount: balance + 1 },
          { account: 'coop_bank', amount: -(balance + 1) },
        ],
      }).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'LEDGER_NEGATIVE_BALANCE', status: 409 });
      expect(await snapshot()).toEqual(before);
    });

    it('and rolls back the business write it was part of', async () => {
      const [audits] = await db.select({ n: count() }).from(auditLog);
      const before = await snapshot();
      await expect(
        db.transaction(async (tx) => {
          await writeAudit(tx, systemActor, {
            action: 'contribution.recorded',
            entityType: 'contribution',
          });
          await postLedgerTransaction(tx, { ...contribution(ada, 100), entries: [] });
        }),
      ).rejects.toBeInstanceOf(LedgerPostingError);
      expect(await snapshot()).toEqual(before);
      const [auditsAfter] = await db.select({ n: count() }).from(auditLog);
      expect(auditsAfter?.n).toBe(audits?.n);
    });
  });
});

describe('database guards', () => {
  async function rawTransaction(
    entries: { account: string; userId?: string; amount: number }[],
    head: { kind?: string; referenceType?: string; referenceId?: string } = {},
  ) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'adjustment', description: 'raw', effectiveDate: '2025-01-01', ...head })
        .returning({ id: ledgerTransactions.id });
      for (const entry of entries) {
        await tx.insert(ledgerEntries).values({
          transactionId: row?.id ?? '',
          account: entry.account,
          userId: entry.userId ?? null,
          amount: entry.amount,
        });
      }
    });
  }

  it('refuses at commit a transaction whose entries do not sum to zero', async () => {
    const before = await snapshot();
    expect(
      await refusal(
        rawTransaction([
          { account: 'coop_bank', amount: 100 },
          { account: 'coop_adjustments', amount: -99 },
        ]),
      ),
    ).toMatch(/unbalanced: its entries sum to 1 kobo/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses at commit a transaction with fewer than two entries', async () => {
    const before = await snapshot();
    expect(await refusal(rawTransaction([]))).toMatch(/needs at least two/);
    expect(await snapshot()).toEqual(before);
  });

  it('accepts entries inserted one by one that balance by commit', async () => {
    await rawTransaction([
      { account: 'coop_bank', amount: 100 },
      { account: 'coop_adjustments', amount: -60 },
      { account: 'coop_adjustments', amount: -40 },
    ]);
  });

  it('refuses a second posting of the same kind for the same business row, written past the app', async () => {
    const repaymentId = randomUUID();
    const repayment = (referenceId: string) => ({
      kind: 'loan_repayment',
      referenceType: 'loan_repayment',
      referenceId,
    });
    const entries = [
      { account: 'coop_bank', amount: 500 },
      { account: 'coop_adjustments', amount: -500 },
    ];
    await rawTransaction(entries, repayment(repaymentId));
    const before = await snapshot();
    expect(await refusal(rawTransaction(entries, repayment(repaymentId)))).toMatch(
      /ledger_transactions_kind_reference_key/,
    );
    expect(await snapshot()).toEqual(before);
    // Another repayment, or another kind of posting about the same row, is a different event.
    await rawTransaction(entries, repayment(randomUUID()));
    await rawTransaction(entries, { ...repayment(repaymentId), kind: 'adjustment' });
  });

  it('refuses a member account entry without a member', async () => {
    expect(await refusal(rawTransaction([{ account: 'member_savings', amount: 5 }]))).toMatch(
      /ledger_entries_member_account_user/,
    );
  });

  it('keeps ledger entries, ledger transactions and the audit log append-only', async () => {
    await writeAudit(db, systemActor, { action: 'announcement.sent' });
    const attempts = [
      sql`update ledger_entries set amount = amount * 2`,
      sql`delete from ledger_entries`,
      sql`truncate ledger_entries cascade`,
      sql`update ledger_transactions set description = 'changed'`,
      sql`delete from ledger_transactions`,
      sql`update audit_log set action = 'changed'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ];
    const before = await snapshot();
    for (const attempt of attempts) {
      expect(await refusal(db.execute(attempt))).toMatch(
        /is append-only: (UPDATE|DELETE|TRUNCATE)/,
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a negative member balance even when written directly', async () => {
    expect(
      await refusal(
        db.update(memberBalances).set({ savingsBalance: -1 }).where(eq(memberBalances.userId, ada)),
      ),
    ).toMatch(/member_balances_nonnegative/);
  });
});

describe('projection check and rebuild', () => {
  it('finds a tampered projection and rebuilds it from the ledger', async () => {
    expect(await findProjectionMismatches(db)).toEqual([]);
    expect(await findHoldMismatches(db)).toEqual([]);
    const truth = await getMemberLedgerBalances(db, ada);
    await db
      .update(memberBalances)
      .set({ savingsBalance: 7, loanBalance: 3 })
      .where(eq(memberBalances.userId, ada));

    expect(await findProjectionMismatches(db)).toEqual([
      { userId: ada, projected: { savings: 7, shares: truth?.shares, loans: 3 }, ledger: truth },
    ]);
    expect(await rebuildMemberBalances(db)).toEqual([ada]);
    expect(await getMemberLedgerBalances(db, ada)).toEqual(truth);
    expect(await findProjectionMismatches(db)).toEqual([]);
    expect(await findHoldMismatches(db)).toEqual([]);
    expect(await rebuildMemberBalances(db)).toEqual([]);
  });

  it('keeps each day of savings and share moves equal to the ledger, and rebuilds a tampered one', async () => {
    // The postings above moved Ada's savings on several effective days.
    const days = await queryRows<{ day: string; savings: string; shares: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, savings::text, shares::text
            from member_balance_days where user_id = ${ada} order by day`,
    );
    expect(days.length).toBeGreaterThan(1);
    const [first] = days;
    if (!first) throw new Error('no day');
    await db.execute(
      sql`update member_balance_days set savings = savings + 1
           where user_id = ${ada} and day = ${first.day}::date`,
    );
    expect(await findProjectionMismatches(db)).toEqual([
      expect.objectContaining({
        userId: ada,
        days: [
          {
            day: first.day,
            projected: { savings: Number(first.savings) + 1, shares: Number(first.shares) },
            ledger: { savings: Number(first.savings), shares: Number(first.shares) },
          },
        ],
      }),
    ]);
    expect(await rebuildMemberBalances(db)).toEqual([ada]);
    expect(await findProjectionMismatches(db)).toEqual([]);
    expect(await rebuildMemberBalances(db)).toEqual([]);
  });

  it('finds a tampered frozen amount and a hold that outlived its cause, and rebuilds', async () => {
    // A pending savings withdrawal of ada's holds ₦50 (its row written directly: no use case here).
    const [request] = await db
      .insert(withdrawals)
      .values({ userId: ada, withdrawalType: 'savings', requestedAmount: 5_000, status: 'pending' })
      .returning({ id: withdrawals.id });
    const referenceId = request?.id ?? '';
    await db.transaction((tx) =>
      placeHold(tx, {
        userId: ada,
        account: 'member_savings',
        amount: 5_000,
        reason: 'withdrawal',
        referenceId,
      }),
    );
    expect(await findHoldMismatches(db)).toEqual([]);
    const held = await readMemberBalance(db, ada);
    expect(held?.frozen).toBe(5_000);

    await db.update(memberBalances).set({ frozenAmount: 1 }).where(eq(memberBalances.userId, ada));
    expect(await findHoldMismatches(db)).toEqual([
      {
        kind: 'frozen',
        userId: ada,
        projected: { frozen: 1, frozenShares: 0 },
        holds: { frozen: 5_000, frozenShares: 0 },
      },
    ]);
    expect(await rebuildMemberBalances(db)).toEqual([ada]);
    expect(await readMemberBalance(db, ada)).toEqual(held);
    expect(await findHoldMismatches(db)).toEqual([]);

    // The request decided without releasing its hold: the check names the hold.
    await db.update(withdrawals).set({ status: 'rejected' }).where(eq(withdrawals.id, referenceId));
    expect(await findHoldMismatches(db)).toEqual([
      {
        kind: 'closed',
        userId: ada,
        holdId: expect.any(String),
        reason: 'withdrawal',
        referenceId,
      },
    ]);
    await db.transaction((tx) => releaseHold(tx, 'withdrawal', referenceId));
    expect(await findHoldMismatches(db)).toEqual([]);
    expect((await readMemberBalance(db, ada))?.frozen).toBe(0);
  });
});
