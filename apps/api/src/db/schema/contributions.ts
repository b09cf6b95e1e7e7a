import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, kobo, tstz, updatedAt, enumCheck } from './columns.js';
import { users } from './users.js';
import { ledgerTransactions } from './ledger.js';

/** One row per member per month (payroll deduction), posted to the ledger when it arrives. */
export const contributions = pgTable(
  'contributions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** 'yyyy-MM' */
    contributionMonth: text('contribution_month').notNull(),
    contributionDate: date('contribution_date', { mode: 'string' }).notNull(),
    savingsAmount: kobo('savings_amount').notNull(),
    shareHoldingAmount: kobo('share_holding_amount').notNull(),
    totalAmount: bigint('total_amount', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`savings_amount + share_holding_amount`),
    status: text('status', { enum: ['pending', 'confirmed', 'disputed', 'resolved'] })
      .notNull()
      .default('pending'),
    confirmedAt: tstz('confirmed_at'),
    disputeReason: text('dispute_reason'),
    disputeDate: tstz('dispute_date'),
    disputeResolvedBy: uuid('dispute_resolved_by').references(() => users.id),
    disputeResolutionNote: text('dispute_resolution_note'),
    resolvedAt: tstz('resolved_at'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck('contributions_status_valid', t.status),
    uniqueIndex('contributions_user_month_key').on(t.userId, t.contributionMonth),
    index('contributions_user_date_idx').on(t.userId, t.contributionDate),
    index('contributions_user_status_date_idx').on(t.userId, t.status, t.contributionDate),
    // The back office's dispute queue and this month's payroll (docs/decisions/070-back-office.md).
    index('contributions_status_dispute_date_idx').on(t.status, t.disputeDate),
    index('contributions_month_idx').on(t.contributionMonth),
    check(
      'contributions_amounts_nonnegative',
      sql`savings_amount >= 0 and share_holding_amount >= 0`,
    ),
    check('contributions_month_format', sql`contribution_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);
