import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enumCheck, id, kobo, tstz, updatedAt } from './columns.js';
import { users } from './users.js';

/**
 * Double-entry ledger. A transaction's entries sum to zero (debits positive, credits negative).
 * Member accounts carry the member's id; cooperative accounts have none.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    /** The business row this posting belongs to, e.g. ('contribution', id); unique per kind. */
    referenceType: text('reference_type'),
    referenceId: uuid('reference_id'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    // One posting of each kind per business row: the same event posted twice is refused by the
    // database, whatever the app does (a repayment names its repayment row, not its loan).
    uniqueIndex('ledger_transactions_kind_reference_key').on(
      t.kind,
      t.referenceType,
      t.referenceId,
    ),
    index('ledger_transactions_reference_idx').on(t.referenceType, t.referenceId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account').notNull(),
    userId: uuid('user_id').references(() => users.id),
    /** Signed kobo: debit > 0, credit < 0. */
    amount: kobo('amount').notNull(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_user_account_idx').on(t.userId, t.account),
    check('ledger_entries_amount_nonzero', sql`amount <> 0`),
    // Member accounts (member_savings, member_shares, member_loans) always name their member;
    // cooperative accounts never do. See modules/ledger/ledger.service.ts for the chart of accounts.
    check(
      'ledger_entries_member_account_user',
      sql`starts_with(account, 'member_') = (user_id is not null)`,
    ),
  ],
);

/**
 * Per-member balances projected from the ledger in the same database transaction as each posting.
 * The row exists from the moment the member exists, so `SELECT … FOR UPDATE` always has a row to lock.
 * `frozenAmount` and `frozenShares` are not ledger money: they are the sums of the member's open
 * holds on savings and on shares (`member_holds`), kept in step by the ledger module.
 */
export const memberBalances = pgTable(
  'member_balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    savingsBalance: kobo('savings_balance').notNull().default(0),
    shareBalance: kobo('share_balance').notNull().default(0),
    loanBalance: kobo('loan_balance').notNull().default(0),
    frozenAmount: kobo('frozen_amount').notNull().default(0),
    frozenShares: kobo('frozen_shares').notNull().default(0),
    version: integer('version').notNull().default(0),
    updatedAt: updatedAt(),
  },
  () => [
    check('member_balances_frozen_nonnegative', sql`frozen_amount >= 0`),
    check('member_balances_frozen_shares_nonnegative', sql`frozen_shares >= 0`),
    // A member can never hold less than nothing, nor owe less than nothing: the last line of
    // defence behind the ledger's own refusal (modules/ledger/ledger.service.ts) and each service's rule.
    check(
      'member_balances_nonnegative',
      sql`savings_balance >= 0 and share_balance >= 0 and loan_balance >= 0`,
    ),
  ],
);

/**
 * Each member's savings and share holding moves per effective day, projected from the ledger in
 * the same database transaction as each posting (`postLedgerTransactions`), like
 * `member_balances`: the net change of `member_savings` and `member_shares` (credits to the member
 * as positive kobo) of every entry effective that day. The savings chart sums a member's days by
 * month (`savingsHistorySql`): a few rows a month read from one index, where the ledger's entries
 * would each need their transaction's effective date. `findProjectionMismatches` checks it against
 * the ledger; `rebuildMemberBalances` rewrites it.
 */
export const memberBalanceDays = pgTable(
  'member_balance_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    savings: kobo('savings').notNull(),
    shares: kobo('shares').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    // The chart reads a member's days with their figures from the index alone.
    index('member_balance_days_user_day_figures_idx').on(t.userId, t.day, t.savings, t.shares),
  ],
);

export const HOLD_REASONS = ['guarantee', 'withdrawal'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];
export const HOLD_ACCOUNTS = ['member_savings', 'member_shares'] as const;
export type HoldAccount = (typeof HOLD_ACCOUNTS)[number];

/**
 * Money of a member set aside for a reason: an accepted guarantee (reference: the guarantor slot)
 * or a pending withdrawal request (reference: the request). A hold is opened once and released
 * once; its amount never changes (a guarantee that shrinks is released and held again for less).
 * At most one hold is open per reason and reference. The sum of a member's open holds on an
 * account is that account's frozen amount in `member_balances`.
 */
export const memberHolds = pgTable(
  'member_holds',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account: text('account', { enum: HOLD_ACCOUNTS }).notNull(),
    amount: kobo('amount').notNull(),
    reason: text('reason', { enum: HOLD_REASONS }).notNull(),
    referenceId: uuid('reference_id').notNull(),
    openedAt: tstz('opened_at').notNull().defaultNow(),
    releasedAt: tstz('released_at'),
  },
  (t) => [
    check('member_holds_amount_positive', sql`amount > 0`),
    enumCheck('member_holds_account_check', t.account),
    enumCheck('member_holds_reason_check', t.reason),
    uniqueIndex('member_holds_open_reference_idx')
      .on(t.reason, t.referenceId)
      .where(sql`released_at is null`),
    index('member_holds_open_user_idx')
      .on(t.userId)
      .where(sql`released_at is null`),
    index('member_holds_reference_idx').on(t.reason, t.referenceId),
  ],
);

/** Append-only audit trail (a trigger refuses UPDATE and DELETE). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    before: text('before'),
    after: text('after'),
    ip: text('ip'),
    occurredAt: createdAt(),
  },
  (t) => [
    index('audit_log_actor_time_idx').on(t.actorId, t.occurredAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    // The back office's audit log: newest first, and by action (docs/decisions/070-back-office.md).
    index('audit_log_time_idx').on(t.occurredAt),
    index('audit_log_action_time_idx').on(t.action, t.occurredAt),
  ],
);
