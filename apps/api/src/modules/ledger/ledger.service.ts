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
import type { Held } from '@coop/shared/holds';
import { koboToNaira, type Kobo } from '@coop/shared/money';
import { isIsoDate, type IsoDate } from '@coop/shared/dates';
import type { Executor, Tx } from '../../db/client.js';
import type { HoldAccount, HoldReason } from '../../db/schema/index.js';
import { DomainError } from '../../lib/domain-error.js';
import {
  addToFrozen,
  heldValue,
  insertHold,
  insertPostings,
  koboFromSql,
  ledgerRepository,
  lockBalanceRows,
  markHoldReleased,
  memberBalanceRow,
  openHoldHolder,
  writeProjection,
  addBalanceDays,
  type BalanceDay,
  type PostingReference,
} from './ledger.repository.js';

// The ledger's SQL lives in ledger.repository.ts; these reads and checks are part of the ledger's
// public face, so other modules import them from here.
export {
  availableOfTypeSql,
  findHoldMismatches,
  findProjectionMismatches,
  getMemberLedgerBalances,
  heldSql,
  koboFromSql,
  ledgerFigures,
  lockMemberBalances,
  openHoldOf,
  openHoldsOf,
  openMemberBalance,
  rebuildMemberBalances,
  savingsHistoryFrom,
  savingsHistoryOf,
  savingsHistorySql,
  shareHoldingsOn,
} from './ledger.repository.js';
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
  // Money in transit (docs/decisions/150-payroll-cycle.md): the description is shown on the
  // reconciliation page, so it speaks to the officer.
  coop_payroll_receivable: {
    owner: 'cooperative',
    type: 'asset',
    description: "Deducted by an employer's payroll and not yet paid over to the bank",
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

/** What a posting is for; one name per kind of business event (docs/decisions/030-ledger.md). */
export const LEDGER_TRANSACTION_KINDS = [
  'contribution',
  'withdrawal',
  'loan_disbursement',
  'loan_repayment',
  'dividend',
  'fine_payment',
  'adjustment',
  'payroll_remittance',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

/** Postings between the cooperative's own accounts: no member's statement ever lists them. */
export const COOPERATIVE_ONLY_KINDS: readonly LedgerTransactionKind[] = ['payroll_remittance'];

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
    const locked = await lockBalanceRows(tx, userIds);
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

  const entryRows = inputs.flatMap((input, i) =>
    input.entries.map((entry) => ({
      transactionId: posted[i]?.id ?? '',
      account: entry.account,
      userId: entry.userId ?? null,
      amount: entry.amount,
    })),
  );
  await insertPostings(tx, transactionRows, entryRows);
  // One statement for every member touched (their rows are already locked, in order).
  await writeProjection(tx, [...running]);
  await addBalanceDays(tx, balanceDaysOf(inputs, deltasPerPosting));

  return posted;
}

const ZERO_BALANCES: MemberLedgerBalances = { savings: 0, shares: 0, loans: 0 };

/** What the postings move on each member's savings and share holding, per effective day. */
function balanceDaysOf(
  inputs: readonly LedgerPosting[],
  deltasPerPosting: readonly Map<string, MemberLedgerBalances>[],
): BalanceDay[] {
  const days = new Map<string, BalanceDay>();
  deltasPerPosting.forEach((deltas, i) => {
    const day = inputs[i]?.effectiveDate ?? '';
    for (const [userId, delta] of deltas) {
      if (delta.savings === 0 && delta.shares === 0) continue;
      const key = `${userId} ${day}`;
      const found = days.get(key) ?? { userId, day, savings: 0, shares: 0 };
      found.savings += delta.savings;
      found.shares += delta.shares;
      days.set(key, found);
    }
  });
  return [...days.values()];
}

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
  /** The effective days whose savings and share moves differ (`member_balance_days`). */
  days?: {
    day: string;
    projected: { savings: number; shares: number };
    ledger: { savings: number; shares: number };
  }[];
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

/** One member's projection row, with what their open holds set aside. */
export interface MemberBalance extends MemberLedgerBalances {
  /** Savings held (open holds on member_savings). */
  frozen: Kobo;
  /** Shares held (open holds on member_shares). */
  frozenShares: Kobo;
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
  const hold = await insertHold(tx, input);
  if (!hold) throw new Error('hold insert returned no row');
  await addToFrozen(tx, input.userId, input.account, input.amount);
  return hold;
}

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
  const holder = await openHoldHolder(tx, reason, referenceId);
  if (!holder) return null;
  await lockMemberBalance(tx, holder);
  const released = await markHoldReleased(tx, reason, referenceId);
  if (!released) return null;
  await addToFrozen(tx, holder, released.account, -released.amount);
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
  return heldFrom(await heldValue(db, userId));
}

/**
 * A cooperative account's balance in kobo, in its normal direction (an asset's debits less its
 * credits): what the reconciliation holds against the business rows the account stands for (the
 * payroll receivable against the months not yet remitted, decision 157).
 */
export async function cooperativeAccountBalance(
  db: Executor,
  account: Exclude<LedgerAccount, MemberAccount>,
): Promise<Kobo> {
  const sign = LEDGER_ACCOUNTS[account].type === 'asset' ? 1 : -1;
  return sign * (await ledgerRepository(db).accountSum(account));
}
