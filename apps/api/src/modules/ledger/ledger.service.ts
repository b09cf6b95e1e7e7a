/**
 * The ledger: the one way money moves (docs/decisions/030-ledger.md).
 *
 * Every money movement (contribution, withdrawal, loan disbursement and repayment, dividend, fine
 * payment, adjustment) is ONE balanced ledger transaction posted by `postLedgerTransaction`, inside
 * the database transaction of the business row it belongs to. The same call updates the per-member
 * balance projection (`member_balances`), so what a member sees and what the ledger says can never
 * disagree, and `findProjectionMismatches` proves it.
 *
 * Sign convention (double entry, amounts in signed kobo):
 * - a DEBIT is a positive amount, a CREDIT a negative one; a transaction's entries sum to zero;
 * - debit-normal accounts (assets, expenses) grow with debits: their balance is the SUM of their
 *   entries. `member_loans` is one: what a member owes the cooperative;
 * - credit-normal accounts (liabilities, equity, income) grow with credits: their balance is the
 *   NEGATED sum. `member_savings` and `member_shares` are such: what the cooperative owes the member.
 *
 * So a ₦10,000 savings contribution is: debit `coop_bank` +1 000 000, credit `member_savings`
 * −1 000 000, and the member's savings balance goes up by 1 000 000 kobo.
 *
 * Guards: this function refuses malformed postings before writing anything; the database refuses,
 * at commit, any ledger transaction whose entries do not sum to zero or that has fewer than two
 * entries, any change to a written entry, and any negative member balance (migrations 0001, 0002).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Held } from '@coop/shared/holds';
import { koboToNaira, type Kobo } from '@coop/shared/money';
import { isIsoDate, type IsoDate } from '@coop/shared/dates';
import { queryRows, type Database, type Executor, type Tx } from '../../db/client.js';
import {
  ledgerEntries,
  ledgerTransactions,
  memberBalances,
  memberHolds,
  type HoldAccount,
  type HoldReason,
} from '../../db/schema/index.js';
import { chunks } from '../../lib/chunks.js';
import { DomainError } from '../../lib/domain-error.js';
import { ledgerRepository, type PostingReference } from './ledger.repository.js';
export type { PostingReference } from './ledger.repository.js';

export type AccountOwner = 'member' | 'cooperative';
export type AccountType = 'asset' | 'liability' | 'equity' | 'income' | 'expense';

interface AccountDefinition {
  owner: AccountOwner;
  type: AccountType;
  description: string;
}

/** The chart of accounts. Member accounts always carry the member's id; the others never do. */
export const LEDGER_ACCOUNTS = {
  member_savings: {
    owner: 'member',
    type: 'liability',
    description: "The member's savings: what the cooperative owes the member",
  },
  member_shares: {
    owner: 'member',
    type: 'equity',
    description: "The member's share holding: the member's stake in the cooperative",
  },
  member_loans: {
    owner: 'member',
    type: 'asset',
    description: "The member's unpaid loan: what the member owes the cooperative",
  },
  coop_bank: {
    owner: 'cooperative',
    type: 'asset',
    description: "The cooperative's bank account: money in and out (payroll, transfers)",
  },
  coop_interest_income: {
    owner: 'cooperative',
    type: 'income',
    description: 'Interest earned on loans',
  },
  coop_fee_income: {
    owner: 'cooperative',
    type: 'income',
    description: 'Loan processing fees (insurance, form fee)',
  },
  coop_fine_income: { owner: 'cooperative', type: 'income', description: 'Fines paid by members' },
  coop_dividend_expense: {
    owner: 'cooperative',
    type: 'expense',
    description: 'Dividends credited to members',
  },
  coop_adjustments: {
    owner: 'cooperative',
    type: 'equity',
    description: 'Corrections decided by the administrators (e.g. a resolved dispute)',
  },
} as const satisfies Record<string, AccountDefinition>;

export type LedgerAccount = keyof typeof LEDGER_ACCOUNTS;
export type MemberAccount = {
  [A in LedgerAccount]: (typeof LEDGER_ACCOUNTS)[A]['owner'] extends 'member' ? A : never;
}[LedgerAccount];

/** Which projection column each member account feeds, and with which sign (see the header). */
const MEMBER_ACCOUNT_PROJECTION = {
  member_savings: { field: 'savings', sign: -1 },
  member_shares: { field: 'shares', sign: -1 },
  member_loans: { field: 'loans', sign: 1 },
} as const satisfies Record<MemberAccount, { field: keyof MemberLedgerBalances; sign: 1 | -1 }>;

/** What a posting is for; one name per kind of business event (DESIGN §4 "Ledger"). */
export const LEDGER_TRANSACTION_KINDS = [
  'contribution',
  'withdrawal',
  'loan_disbursement',
  'loan_repayment',
  'dividend',
  'fine_payment',
  'adjustment',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export interface LedgerEntryInput {
  account: LedgerAccount;
  /** Required for member accounts, refused for cooperative accounts. */
  userId?: string | undefined;
  /** Signed kobo: debit > 0, credit < 0, never 0. */
  amount: Kobo;
}

export interface LedgerPosting {
  kind: LedgerTransactionKind;
  description: string;
  effectiveDate: IsoDate;
  /** The business row the posting belongs to, e.g. { type: 'contribution', id }. */
  reference?: { type: string; id: string } | undefined;
  createdBy?: string | null | undefined;
  entries: readonly LedgerEntryInput[];
}

/** A member's ledger balances, in kobo, each positive in its normal direction. */
export interface MemberLedgerBalances {
  savings: Kobo;
  shares: Kobo;
  loans: Kobo;
}

export interface PostedLedgerTransaction {
  id: string;
  /** The projection of every member the posting touched, after the posting, by user id. */
  balances: Map<string, MemberLedgerBalances & { version: number }>;
}

/** A posting that can never be right: a programming error, answered as a generic 500. */
export class LedgerPostingError extends Error {
  constructor(
    readonly code:
      | 'LEDGER_UNKNOWN_KIND'
      | 'LEDGER_INVALID_DESCRIPTION'
      | 'LEDGER_INVALID_DATE'
      | 'LEDGER_TOO_FEW_ENTRIES'
      | 'LEDGER_UNKNOWN_ACCOUNT'
      | 'LEDGER_MISSING_MEMBER'
      | 'LEDGER_UNEXPECTED_MEMBER'
      | 'LEDGER_INVALID_AMOUNT'
      | 'LEDGER_UNBALANCED'
      | 'LEDGER_UNKNOWN_MEMBER',
    message: string,
  ) {
    super(message);
    this.name = 'LedgerPostingError';
  }
}

const FIELD_LABELS: Record<keyof MemberLedgerBalances, string> = {
  savings: 'savings',
  shares: 'share holding',
  loans: 'loan balance',
};

/**
 * Posts one balanced ledger transaction and updates the balance projection of every member it
 * touches, inside the caller's database transaction (so it commits or rolls back with the business
 * row). The members' balance rows are locked in user-id order first, so concurrent postings queue
 * instead of deadlocking, and a posting that would take a member balance below zero is refused
 * (409 LEDGER_NEGATIVE_BALANCE) with nothing written.
 */
export async function postLedgerTransaction(
  tx: Tx,
  input: LedgerPosting,
): Promise<PostedLedgerTransaction> {
  const [posted] = await postLedgerTransactions(tx, [input]);
  if (!posted) throw new Error('posting returned no transaction');
  return posted;
}

/**
 * The same, for several postings at once (e.g. one payroll month for the whole cooperative):
 * exactly as if each were posted in turn (every posting balanced, every member balance non-negative
 * after each one), but with one lock, one insert per table and one update per member, so a
 * thousand postings cost a handful of statements. All or nothing, like the caller's transaction.
 */
export async function postLedgerTransactions(
  tx: Tx,
  inputs: readonly LedgerPosting[],
): Promise<PostedLedgerTransaction[]> {
  if (inputs.length === 0) return [];
  const deltasPerPosting = inputs.map(validatePosting);
  const userIds = [...new Set(deltasPerPosting.flatMap((deltas) => [...deltas.keys()]))].sort();

  const running = new Map<string, MemberLedgerBalances & { version: number }>();
  if (userIds.length > 0) {
    // ORDER BY + FOR UPDATE locks the rows in that order: every posting takes them alike.
    const locked = await tx
      .select()
      .from(memberBalances)
      .where(inArray(memberBalances.userId, userIds))
      .orderBy(asc(memberBalances.userId))
      .for('update');
    if (locked.length !== userIds.length) {
      const found = new Set(locked.map((row) => row.userId));
      const missing = userIds.filter((userId) => !found.has(userId));
      throw new LedgerPostingError(
        'LEDGER_UNKNOWN_MEMBER',
        `No member balance for user ${missing.join(', ')}`,
      );
    }
    for (const row of locked) {
      running.set(row.userId, {
        savings: row.savingsBalance,
        shares: row.shareBalance,
        loans: row.loanBalance,
        version: row.version,
      });
    }
  }

  // Apply the postings in order, checking every member balance after each one.
  const posted: PostedLedgerTransaction[] = deltasPerPosting.map((deltas) => {
    const balances = new Map<string, MemberLedgerBalances & { version: number }>();
    for (const [userId, delta] of deltas) {
      const current = running.get(userId);
      if (!current) throw new Error(`balance of ${userId} was not locked`);
      const next = {
        savings: current.savings + delta.savings,
        shares: current.shares + delta.shares,
        loans: current.loans + delta.loans,
        version: current.version + 1,
      };
      for (const field of ['savings', 'shares', 'loans'] as const) {
        if (next[field] < 0) {
          throw new DomainError({
            code: 'LEDGER_NEGATIVE_BALANCE',
            message: `This would take the member's ${FIELD_LABELS[field]} below zero`,
          });
        }
        if (!Number.isSafeInteger(next[field])) {
          throw new LedgerPostingError(
            'LEDGER_INVALID_AMOUNT',
            `The member's ${FIELD_LABELS[field]} would leave the exact integer range`,
          );
        }
      }
      running.set(userId, next);
      balances.set(userId, next);
    }
    // Ids are chosen here, so entries can name their transaction without relying on the order
    // in which the database returns inserted rows.
    return { id: randomUUID(), balances };
  });

  const transactionRows = inputs.map((input, i) => ({
    id: posted[i]?.id ?? '',
    kind: input.kind,
    description: input.description.trim(),
    effectiveDate: input.effectiveDate,
    referenceType: input.reference?.type ?? null,
    referenceId: input.reference?.id ?? null,
    createdBy: input.createdBy ?? null,
  }));
  for (const chunk of chunks(transactionRows)) {
    await tx.insert(ledgerTransactions).values(chunk);
  }

  const entryRows = inputs.flatMap((input, i) =>
    input.entries.map((entry) => ({
      transactionId: posted[i]?.id ?? '',
      account: entry.account,
      userId: entry.userId ?? null,
      amount: entry.amount,
    })),
  );
  for (const chunk of chunks(entryRows)) {
    await tx.insert(ledgerEntries).values(chunk);
  }

  // One statement for every member touched (their rows are already locked, in order).
  for (const chunk of chunks([...running])) {
    const values = chunk.map(
      ([userId, next]) =>
        sql`(${userId}::uuid, ${next.savings}::bigint, ${next.shares}::bigint, ${next.loans}::bigint, ${next.version}::integer)`,
    );
    await tx.execute(sql`
      update member_balances b
         set savings_balance = v.savings,
             share_balance = v.shares,
             loan_balance = v.loans,
             version = v.version,
             updated_at = now()
        from (values ${sql.join(values, sql`, `)}) as v(user_id, savings, shares, loans, version)
       where b.user_id = v.user_id`);
  }

  return posted;
}

const ZERO_BALANCES: MemberLedgerBalances = { savings: 0, shares: 0, loans: 0 };

/** Checks everything that needs no database; returns each member's balance change. */
function validatePosting(input: LedgerPosting): Map<string, MemberLedgerBalances> {
  if (!(LEDGER_TRANSACTION_KINDS as readonly string[]).includes(input.kind)) {
    throw new LedgerPostingError(
      'LEDGER_UNKNOWN_KIND',
      `Unknown ledger transaction kind '${input.kind}'`,
    );
  }
  if (typeof input.description !== 'string' || input.description.trim() === '') {
    throw new LedgerPostingError('LEDGER_INVALID_DESCRIPTION', 'A posting needs a description');
  }
  if (typeof input.effectiveDate !== 'string' || !isIsoDate(input.effectiveDate)) {
    throw new LedgerPostingError(
      'LEDGER_INVALID_DATE',
      `Expected an effective date as yyyy-MM-dd, got '${String(input.effectiveDate)}'`,
    );
  }
  if (input.entries.length < 2) {
    throw new LedgerPostingError(
      'LEDGER_TOO_FEW_ENTRIES',
      `A posting needs at least two entries, got ${input.entries.length}`,
    );
  }

  let total = 0n;
  const deltas = new Map<string, MemberLedgerBalances>();
  for (const [index, entry] of input.entries.entries()) {
    const definition = Object.hasOwn(LEDGER_ACCOUNTS, entry.account)
      ? (LEDGER_ACCOUNTS[entry.account] as AccountDefinition)
      : undefined;
    if (!definition) {
      throw new LedgerPostingError(
        'LEDGER_UNKNOWN_ACCOUNT',
        `Entry ${index}: unknown account '${String(entry.account)}'`,
      );
    }
    const hasUser = typeof entry.userId === 'string' && entry.userId !== '';
    if (definition.owner === 'member' && !hasUser) {
      throw new LedgerPostingError(
        'LEDGER_MISSING_MEMBER',
        `Entry ${index}: member account '${entry.account}' needs a userId`,
      );
    }
    if (definition.owner === 'cooperative' && entry.userId != null) {
      throw new LedgerPostingError(
        'LEDGER_UNEXPECTED_MEMBER',
        `Entry ${index}: cooperative account '${entry.account}' takes no userId`,
      );
    }
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
      throw new LedgerPostingError(
        'LEDGER_INVALID_AMOUNT',
        `Entry ${index}: expected a non-zero whole number of kobo, got ${String(entry.amount)}`,
      );
    }
    total += BigInt(entry.amount);

    if (definition.owner === 'member' && entry.userId) {
      const { field, sign } = MEMBER_ACCOUNT_PROJECTION[entry.account as MemberAccount];
      const delta = deltas.get(entry.userId) ?? { ...ZERO_BALANCES };
      delta[field] += sign * entry.amount;
      deltas.set(entry.userId, delta);
    }
  }
  if (total !== 0n) {
    throw new LedgerPostingError(
      'LEDGER_UNBALANCED',
      `A posting's entries must sum to zero; these sum to ${total} kobo`,
    );
  }
  return deltas;
}

/** A member whose projected balances differ from what the ledger says. */
export interface ProjectionMismatch {
  userId: string;
  /** `null` when the member has ledger entries but no balance row. */
  projected: MemberLedgerBalances | null;
  ledger: MemberLedgerBalances;
}

/** Each member's balances computed from the ledger alone (members without entries are absent). */
const ledgerSums = sql`
  select user_id,
         coalesce(-sum(amount) filter (where account = 'member_savings'), 0) as savings,
         coalesce(-sum(amount) filter (where account = 'member_shares'), 0) as shares,
         coalesce(sum(amount) filter (where account = 'member_loans'), 0) as loans
    from ledger_entries
   where user_id is not null
   group by user_id`;

/** Every member whose projection differs from the ledger; empty when all agree. */
export async function findProjectionMismatches(db: Executor): Promise<ProjectionMismatch[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with sums as (${ledgerSums})
    select coalesce(b.user_id, s.user_id)::text as user_id,
           b.user_id is not null as has_projection,
           coalesce(b.savings_balance, 0)::text as projected_savings,
           coalesce(b.share_balance, 0)::text as projected_shares,
           coalesce(b.loan_balance, 0)::text as projected_loans,
           coalesce(s.savings, 0)::text as ledger_savings,
           coalesce(s.shares, 0)::text as ledger_shares,
           coalesce(s.loans, 0)::text as ledger_loans
      from member_balances b
      full join sums s on s.user_id = b.user_id
     where b.user_id is null
        or b.savings_balance <> coalesce(s.savings, 0)
        or b.share_balance <> coalesce(s.shares, 0)
        or b.loan_balance <> coalesce(s.loans, 0)
     order by 1`,
  );
  return rows.map((row) => ({
    userId: String(row.user_id),
    projected:
      row.has_projection === true
        ? {
            savings: koboFromSql(row.projected_savings),
            shares: koboFromSql(row.projected_shares),
            loans: koboFromSql(row.projected_loans),
          }
        : null,
    ledger: {
      savings: koboFromSql(row.ledger_savings),
      shares: koboFromSql(row.ledger_shares),
      loans: koboFromSql(row.ledger_loans),
    },
  }));
}

/**
 * Recomputes every member's projection from the ledger (balances) and the open holds (frozen
 * amounts) and returns the members it corrected
 * (none, when all is well). For operators after a restore or a suspected bug; it takes every
 * balance row's lock, in the same order postings do, so it is safe beside live traffic.
 */
export async function rebuildMemberBalances(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    // A member with entries always has a balance row; should one be missing, give it one.
    await tx.execute(sql`
      insert into member_balances (user_id)
      select distinct user_id from ledger_entries where user_id is not null
      on conflict (user_id) do nothing`);
    await tx
      .select({ userId: memberBalances.userId })
      .from(memberBalances)
      .orderBy(asc(memberBalances.userId))
      .for('update');
    const rows = await queryRows<{ user_id: string }>(
      tx,
      sql`
      with sums as (${ledgerSums}), held as (${openHoldSums})
      update member_balances b
         set savings_balance = coalesce(s.savings, 0),
             share_balance = coalesce(s.shares, 0),
             loan_balance = coalesce(s.loans, 0),
             frozen_amount = coalesce(h.frozen, 0),
             frozen_shares = coalesce(h.frozen_shares, 0),
             version = b.version + 1,
             updated_at = now()
        from member_balances b2
        left join sums s on s.user_id = b2.user_id
        left join held h on h.user_id = b2.user_id
       where b.user_id = b2.user_id
         and (b.savings_balance <> coalesce(s.savings, 0)
           or b.share_balance <> coalesce(s.shares, 0)
           or b.loan_balance <> coalesce(s.loans, 0)
           or b.frozen_amount <> coalesce(h.frozen, 0)
           or b.frozen_shares <> coalesce(h.frozen_shares, 0))
      returning b.user_id::text as user_id`,
    );
    return rows.map((row) => row.user_id).sort();
  });
}

/**
 * Where the holds and what they stand for disagree (empty when all is well):
 * - `frozen`: a member's frozen amounts differ from the sums of their open holds;
 * - `closed`: an open hold whose cause is over: a guarantee of a loan repaid or rejected (or a
 *   guarantee no longer accepted), a withdrawal request no longer pending;
 * - `guarantee`: a guarantor slot whose recorded frozen amount is not its open hold's amount
 *   (0 without one): the slot keeps the figure the loan pages show, the hold is the money set
 *   aside, and the two move in one transaction (decision 030 "Holds").
 * Reads the loans' and withdrawals' tables as the reconciliation read model does.
 */
export type HoldMismatch =
  | {
      kind: 'frozen';
      userId: string;
      projected: { frozen: Kobo; frozenShares: Kobo };
      holds: { frozen: Kobo; frozenShares: Kobo };
    }
  | { kind: 'closed'; userId: string; holdId: string; reason: HoldReason; referenceId: string }
  | { kind: 'guarantee'; userId: string; slotId: string; recorded: Kobo; held: Kobo };

const openHoldSums = sql`
  select user_id,
         coalesce(sum(amount) filter (where account = 'member_savings'), 0) as frozen,
         coalesce(sum(amount) filter (where account = 'member_shares'), 0) as frozen_shares
    from member_holds
   where released_at is null
   group by user_id`;

export async function findHoldMismatches(db: Executor): Promise<HoldMismatch[]> {
  const frozen = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with sums as (${openHoldSums})
    select b.user_id::text as user_id,
           b.frozen_amount::text as projected_frozen, b.frozen_shares::text as projected_shares,
           coalesce(s.frozen, 0)::text as held_frozen,
           coalesce(s.frozen_shares, 0)::text as held_shares
      from member_balances b
      left join sums s on s.user_id = b.user_id
     where b.frozen_amount <> coalesce(s.frozen, 0)
        or b.frozen_shares <> coalesce(s.frozen_shares, 0)
     order by 1`,
  );
  const closed = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select h.user_id::text as user_id, h.id::text as hold_id, h.reason,
           h.reference_id::text as reference_id
      from member_holds h
     where h.released_at is null
       and case h.reason
             when 'guarantee' then not exists (
               select 1 from loan_guarantors g join loans l on l.id = g.loan_id
                where g.id = h.reference_id and g.status = 'accepted'
                  and l.status not in ('repaid', 'rejected'))
             when 'withdrawal' then not exists (
               select 1 from withdrawals w where w.id = h.reference_id and w.status = 'pending')
             else true
           end
     order by 1, 2`,
  );
  const slots = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select g.guarantor_user_id::text as user_id, g.id::text as slot_id,
           g.frozen_amount::text as recorded, coalesce(h.amount, 0)::text as held
      from loan_guarantors g
      left join member_holds h
        on h.reason = 'guarantee' and h.reference_id = g.id and h.released_at is null
     where g.frozen_amount <> coalesce(h.amount, 0)
     order by 1, 2`,
  );
  return [
    ...frozen.map((row) => ({
      kind: 'frozen' as const,
      userId: String(row.user_id),
      projected: {
        frozen: koboFromSql(row.projected_frozen),
        frozenShares: koboFromSql(row.projected_shares),
      },
      holds: {
        frozen: koboFromSql(row.held_frozen),
        frozenShares: koboFromSql(row.held_shares),
      },
    })),
    ...closed.map((row) => ({
      kind: 'closed' as const,
      userId: String(row.user_id),
      holdId: String(row.hold_id),
      reason: row.reason as HoldReason,
      referenceId: String(row.reference_id),
    })),
    ...slots.map((row) => ({
      kind: 'guarantee' as const,
      userId: String(row.user_id),
      slotId: String(row.slot_id),
      recorded: koboFromSql(row.recorded),
      held: koboFromSql(row.held),
    })),
  ];
}

/**
 * The ledger transactions these business rows caused (a loan's disbursement names the loan, each
 * repayment its repayment row), oldest first, with what each moved on the member `account`.
 */
export function transactionsAbout(
  db: Executor,
  references: readonly PostingReference[],
  account: MemberAccount,
) {
  return ledgerRepository(db).transactionsAbout(references, account);
}

/** What the checks looked at: members with a balance row, postings, open holds and their sum. */
export async function ledgerFigures(
  db: Executor,
): Promise<{ members: number; postings: number; openHolds: number; held: Kobo }> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select (select count(*) from member_balances)::text as members,
               (select count(*) from ledger_transactions)::text as postings,
               (select count(*) from member_holds where released_at is null)::text as open_holds,
               (select coalesce(sum(amount), 0) from member_holds
                 where released_at is null)::text as held`,
  );
  return {
    members: koboFromSql(row?.members),
    postings: koboFromSql(row?.postings),
    openHolds: koboFromSql(row?.open_holds),
    held: koboFromSql(row?.held),
  };
}

/** Reads the projection of one member (no lock): what balances and the dashboard start from. */
export async function getMemberLedgerBalances(
  db: Executor,
  userId: string,
): Promise<MemberLedgerBalances | null> {
  const [row] = await db
    .select({
      savings: memberBalances.savingsBalance,
      shares: memberBalances.shareBalance,
      loans: memberBalances.loanBalance,
    })
    .from(memberBalances)
    .where(eq(memberBalances.userId, userId));
  return row ?? null;
}

function koboFromSql(value: unknown): Kobo {
  const n = Number(value);
  if (!Number.isSafeInteger(n))
    throw new RangeError(`Not a whole number of kobo: ${String(value)}`);
  return n;
}

/** One member's projection row, with what their open holds set aside. */
export interface MemberBalance extends MemberLedgerBalances {
  /** Savings held (open holds on member_savings). */
  frozen: Kobo;
  /** Shares held (open holds on member_shares). */
  frozenShares: Kobo;
}

/**
 * Each member's share holding at the end of `asOf` (a calendar date), summed from the ledger: a
 * subquery of (userId, shares) that another module's read (the dividends' holdings) joins to its
 * own rows instead of reading the ledger's tables.
 */
export function shareHoldingsOn(db: Executor, asOf: string) {
  return db
    .select({
      userId: ledgerEntries.userId,
      shares: sql<number>`-sum(${ledgerEntries.amount})`.as('shares'),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(eq(ledgerEntries.account, 'member_shares'), lte(ledgerTransactions.effectiveDate, asOf)),
    )
    .groupBy(ledgerEntries.userId)
    .as('holdings');
}

/** A new member's projection row, all zero: written with the member, before any posting. */
export async function openMemberBalance(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx.insert(memberBalances).values({ userId, updatedAt: now });
}

/** One member's projection row, frozen amounts included (what the dashboard shows). */
export function readMemberBalance(db: Executor, userId: string) {
  return memberBalanceRow(db, userId, false);
}

/**
 * Locks one member's projection row (FOR UPDATE) and reads it, frozen amounts included: what a
 * service checks its own rule against (a withdrawal, a fine paid from savings, a guarantee) before
 * posting or holding, so concurrent requests for the same member queue here.
 * `postLedgerTransaction` and `placeHold` take the same lock again in the same transaction, which
 * costs nothing. Null when the member has no balance row.
 */
export function lockMemberBalance(tx: Executor, userId: string) {
  return memberBalanceRow(tx, userId, true);
}

/**
 * Locks the balance rows of several members in user-id order (the order postings take), so a use
 * case that will hold or post for several members queues behind others instead of deadlocking.
 */
export async function lockMemberBalances(
  tx: Executor,
  userIds: readonly string[],
): Promise<Map<string, MemberBalance>> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ userId: memberBalances.userId, ...BALANCE_COLUMNS })
    .from(memberBalances)
    .where(inArray(memberBalances.userId, ids))
    .orderBy(asc(memberBalances.userId))
    .for('update');
  return new Map(rows.map(({ userId, ...balance }) => [userId, balance]));
}

const BALANCE_COLUMNS = {
  savings: memberBalances.savingsBalance,
  shares: memberBalances.shareBalance,
  loans: memberBalances.loanBalance,
  frozen: memberBalances.frozenAmount,
  frozenShares: memberBalances.frozenShares,
};

async function memberBalanceRow(
  db: Executor,
  userId: string,
  lock: boolean,
): Promise<MemberBalance | null> {
  const query = db
    .select(BALANCE_COLUMNS)
    .from(memberBalances)
    .where(eq(memberBalances.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/* ------------------------------------------------------------------ available and holds */

/** What a member may use now: each balance less what is held of it (never below zero). */
export interface AvailableBalances {
  savings: Kobo;
  shares: Kobo;
}

/**
 * The one definition of "available" (docs/decisions/030-ledger.md "Holds"): savings less open
 * savings holds (guarantees, a pending savings withdrawal), shares less open share holds. Every
 * page and every rule that says "available" uses this.
 */
export function availableOf(balance: MemberBalance): AvailableBalances {
  return {
    savings: Math.max(0, balance.savings - balance.frozen),
    shares: Math.max(0, balance.shares - balance.frozenShares),
  };
}

/**
 * `availableOf` in SQL, for a list that shows each row's member what they have available of the
 * row's type ('savings' or 'shares'; 0 with no balance row): the other modules ask for the figure
 * here instead of reading member_balances themselves.
 */
export function availableOfTypeSql(userId: SQLWrapper, type: SQLWrapper): SQL<number> {
  const b = memberBalances;
  return sql<number>`coalesce((select case when ${type} = 'savings'
      then greatest(${b.savingsBalance} - ${b.frozenAmount}, 0)
      else greatest(${b.shareBalance} - ${b.frozenShares}, 0) end
    from ${b} where ${b.userId} = ${userId}), 0)`.mapWith(Number);
}

export interface HoldInput {
  userId: string;
  account: HoldAccount;
  amount: Kobo;
  reason: HoldReason;
  /** The business row the hold is for: the guarantor slot, the withdrawal request. */
  referenceId: string;
}

export interface OpenHold {
  id: string;
  account: HoldAccount;
  amount: Kobo;
  reason: HoldReason;
  referenceId: string;
  openedAt: Date;
}

const FROZEN_COLUMN = {
  member_savings: memberBalances.frozenAmount,
  member_shares: memberBalances.frozenShares,
} as const;
const FROZEN_FIELD = { member_savings: 'frozenAmount', member_shares: 'frozenShares' } as const;

async function addToFrozen(tx: Executor, userId: string, account: HoldAccount, delta: Kobo) {
  await tx
    .update(memberBalances)
    .set({
      [FROZEN_FIELD[account]]: sql`${FROZEN_COLUMN[account]} + ${delta}`,
      version: sql`${memberBalances.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(memberBalances.userId, userId));
}

/**
 * Sets money of a member aside for a reason, inside the caller's transaction: opens the hold and
 * raises the member's frozen amount by it, under the member's balance lock. It does not check
 * that the money is there: the caller's rule does that (with `availableOf`) under the same lock.
 * A second open hold for the same reason and reference is refused by the database.
 */
export async function placeHold(tx: Tx, input: HoldInput): Promise<OpenHold> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new LedgerPostingError(
      'LEDGER_INVALID_AMOUNT',
      `A hold needs a whole number of kobo above zero, got ${String(input.amount)}`,
    );
  }
  const balance = await lockMemberBalance(tx, input.userId);
  if (!balance) {
    throw new LedgerPostingError(
      'LEDGER_UNKNOWN_MEMBER',
      `No member balance for user ${input.userId}`,
    );
  }
  const [hold] = await tx
    .insert(memberHolds)
    .values({
      userId: input.userId,
      account: input.account,
      amount: input.amount,
      reason: input.reason,
      referenceId: input.referenceId,
    })
    .returning(OPEN_HOLD_COLUMNS);
  if (!hold) throw new Error('hold insert returned no row');
  await addToFrozen(tx, input.userId, input.account, input.amount);
  return hold;
}

const OPEN_HOLD_COLUMNS = {
  id: memberHolds.id,
  account: memberHolds.account,
  amount: memberHolds.amount,
  reason: memberHolds.reason,
  referenceId: memberHolds.referenceId,
  openedAt: memberHolds.openedAt,
};

/**
 * Releases the open hold of this reason and reference, if any, and lowers the member's frozen
 * amount by it; returns the released hold (null when none was open). Takes the member's balance
 * lock first, like every money change.
 */
export async function releaseHold(
  tx: Tx,
  reason: HoldReason,
  referenceId: string,
): Promise<OpenHold | null> {
  const open = and(
    eq(memberHolds.reason, reason),
    eq(memberHolds.referenceId, referenceId),
    isNull(memberHolds.releasedAt),
  );
  const [peek] = await tx.select({ userId: memberHolds.userId }).from(memberHolds).where(open);
  if (!peek) return null;
  await lockMemberBalance(tx, peek.userId);
  const [released] = await tx
    .update(memberHolds)
    .set({ releasedAt: sql`now()` })
    .where(open)
    .returning(OPEN_HOLD_COLUMNS);
  if (!released) return null;
  await addToFrozen(tx, peek.userId, released.account, -released.amount);
  return released;
}

/**
 * Changes what a reference holds: releases its open hold and, when `amount` is above zero, opens
 * a new one for it (a guarantee shrinking as the loan is repaid, a pending request changed).
 */
export async function resizeHold(tx: Tx, input: HoldInput): Promise<OpenHold | null> {
  await releaseHold(tx, input.reason, input.referenceId);
  return input.amount > 0 ? placeHold(tx, input) : null;
}

/** A member's open holds, newest first: what the pages name when they say why money is held. */
export function openHoldsOf(db: Executor, userId: string): Promise<OpenHold[]> {
  return db
    .select(OPEN_HOLD_COLUMNS)
    .from(memberHolds)
    .where(and(eq(memberHolds.userId, userId), isNull(memberHolds.releasedAt)))
    .orderBy(sql`${memberHolds.openedAt} desc`, memberHolds.id);
}

/** The open hold of one reference (null when none). */
export async function openHoldOf(
  db: Executor,
  reason: HoldReason,
  referenceId: string,
): Promise<OpenHold | null> {
  const [row] = await db
    .select(OPEN_HOLD_COLUMNS)
    .from(memberHolds)
    .where(
      and(
        eq(memberHolds.reason, reason),
        eq(memberHolds.referenceId, referenceId),
        isNull(memberHolds.releasedAt),
      ),
    );
  return row ?? null;
}

/**
 * Why a member's money is held, as ONE scalar subquery (a JSON array), so a read model can embed
 * it in its own statement (the dashboard's summary); `heldFrom` turns its value into `Held[]`.
 * The open holds summed by account and reason: savings before shares, guarantees first.
 */
export function heldSql(userId: string): SQL {
  return sql`(select coalesce(json_agg(json_build_array(h.account, h.reason, h.amount::text)
                  order by h.account, h.reason), '[]'::json)
      from (select ${memberHolds.account} as account, ${memberHolds.reason} as reason,
                   sum(${memberHolds.amount}) as amount
              from ${memberHolds}
             where ${memberHolds.userId} = ${userId} and ${memberHolds.releasedAt} is null
             group by 1, 2) h)`;
}

/** The value of `heldSql` (JSON, parsed by the driver or not) as the pages' `Held[]`. */
export function heldFrom(value: unknown): Held[] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as [
    HoldAccount,
    HoldReason,
    string,
  ][];
  return rows.map(([account, reason, amount]) => ({
    account: account === 'member_savings' ? 'savings' : 'shares',
    reason,
    amount: koboToNaira(koboFromSql(amount)),
  }));
}

/** Why a member's money is held, for the pages (see `heldSql`). */
export async function heldOf(db: Executor, userId: string): Promise<Held[]> {
  const [row] = await queryRows<{ held: unknown }>(db, sql`select ${heldSql(userId)} as held`);
  return heldFrom(row?.held ?? []);
}
