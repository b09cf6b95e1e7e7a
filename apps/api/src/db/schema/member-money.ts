import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, kobo, tstz, updatedAt, enumCheck } from './columns.js';
import { users } from './users.js';
import { ledgerTransactions } from './ledger.js';
import { loanScheduleItems } from './loans.js';

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    withdrawalType: text('withdrawal_type', { enum: ['savings', 'share_holding'] }).notNull(),
    requestedAmount: kobo('requested_amount').notNull(),
    reason: text('reason'),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled'] })
      .notNull()
      .default('pending'),
    requestDate: tstz('request_date').notNull().defaultNow(),
    processedDate: tstz('processed_date'),
    processedBy: uuid('processed_by').references(() => users.id),
    rejectionReason: text('rejection_reason'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck('withdrawals_withdrawal_type_valid', t.withdrawalType),
    enumCheck('withdrawals_status_valid', t.status),
    index('withdrawals_user_request_date_idx').on(t.userId, t.requestDate),
    index('withdrawals_user_status_type_idx').on(t.userId, t.status, t.withdrawalType),
    // One pending request per member and type, enforced by the database under any concurrency.
    uniqueIndex('withdrawals_one_pending_key')
      .on(t.userId, t.withdrawalType)
      .where(sql`status = 'pending'`),
    check('withdrawals_amount_positive', sql`requested_amount > 0`),
  ],
);

export const dividends = pgTable(
  'dividends',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    dividendYear: integer('dividend_year').notNull(),
    dividendPeriod: text('dividend_period').notNull(),
    dividendType: text('dividend_type', {
      enum: ['share_holding', 'savings', 'patronage'],
    }).notNull(),
    rateBps: integer('rate_bps').notNull(),
    /** The share holding on 31 December the amount is calculated on (null on rows declared before the back office existed). */
    shareHolding: kobo('share_holding'),
    amount: kobo('amount').notNull(),
    notes: text('notes'),
    issuedDate: date('issued_date', { mode: 'string' }).notNull(),
    paidDate: date('paid_date', { mode: 'string' }),
    status: text('status', { enum: ['calculated', 'pending', 'paid'] })
      .notNull()
      .default('calculated'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck('dividends_dividend_type_valid', t.dividendType),
    enumCheck('dividends_status_valid', t.status),
    uniqueIndex('dividends_user_year_type_key').on(t.userId, t.dividendYear, t.dividendType),
    index('dividends_user_paid_date_idx').on(t.userId, t.paidDate),
    index('dividends_user_year_idx').on(t.userId, t.dividendYear),
    // The back office's declarations and a year's rows (docs/decisions/070-back-office.md).
    index('dividends_year_idx').on(t.dividendYear),
    check('dividends_amount_nonnegative', sql`amount >= 0`),
  ],
);

export const fines = pgTable(
  'fines',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    amount: kobo('amount').notNull(),
    fineDate: date('fine_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'waived'] })
      .notNull()
      .default('pending'),
    paidDate: date('paid_date', { mode: 'string' }),
    issuedBy: uuid('issued_by').references(() => users.id),
    waivedBy: uuid('waived_by').references(() => users.id),
    waiverNote: text('waiver_note'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    /** The overdue instalment a late-repayment fine is for (decision 043): one fine each. */
    loanScheduleItemId: uuid('loan_schedule_item_id').references(() => loanScheduleItems.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck('fines_status_valid', t.status),
    uniqueIndex('fines_loan_schedule_item_key').on(t.loanScheduleItemId),
    index('fines_user_fine_date_idx').on(t.userId, t.fineDate),
    index('fines_user_status_idx').on(t.userId, t.status),
    check('fines_amount_positive', sql`amount > 0`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    priority: text('priority', { enum: ['urgent', 'high', 'medium', 'low'] })
      .notNull()
      .default('medium'),
    actionText: text('action_text'),
    actionUrl: text('action_url'),
    /**
     * The record the notification is about (e.g. 'contribution', its id), so settling the record
     * can settle its notification: a confirmed contribution's "please confirm" is read.
     */
    subjectType: text('subject_type'),
    subjectId: uuid('subject_id'),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck('notifications_priority_valid', t.priority),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_subject_idx')
      .on(t.subjectId)
      .where(sql`subject_id is not null`),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
  ],
);

/**
 * A voluntary transfer a member says they made into the cooperative's account
 * (docs/decisions/042-deposit-notices.md): pending until an administrator finds it on the bank
 * statement and verifies it (which posts it to the ledger as a contribution) or rejects it.
 */
export const depositNotices = pgTable(
  'deposit_notices',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    savingsAmount: kobo('savings_amount').notNull(),
    shareHoldingAmount: kobo('share_holding_amount').notNull(),
    transferDate: date('transfer_date', { mode: 'string' }).notNull(),
    bankReference: text('bank_reference').notNull(),
    note: text('note'),
    status: text('status', { enum: ['pending', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    submittedAt: tstz('submitted_at').notNull().defaultNow(),
    decidedAt: tstz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id),
    rejectionReason: text('rejection_reason'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck('deposit_notices_status_valid', t.status),
    index('deposit_notices_user_submitted_idx').on(t.userId, t.submittedAt),
    index('deposit_notices_status_submitted_idx').on(t.status, t.submittedAt),
    // One live notice per member and bank reference: a transfer is not notified twice.
    uniqueIndex('deposit_notices_user_reference_key')
      .on(t.userId, t.bankReference)
      .where(sql`status <> 'rejected'`),
    check(
      'deposit_notices_amounts',
      sql`savings_amount >= 0 and share_holding_amount >= 0 and savings_amount + share_holding_amount > 0`,
    ),
  ],
);

/**
 * A statement of account as issued (docs/business-rules.md "Statement verification"): every PDF
 * statement carries a code, and this row is what that code certifies, so an officer can tell a
 * genuine statement from an edited one. `code` is twelve characters of Crockford's base 32 (60
 * random bits, unguessable at any rate the lookup allows), stored without the dashes it is printed
 * with. Balances are the statement's own, in kobo; the loan's are null when the statement has no
 * loan account. `content_sha256` is the SHA-256 of the PDF file as it was sent.
 */
export const statementCertificates = pgTable(
  'statement_certificates',
  {
    id: id(),
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    savingsOpening: kobo('savings_opening').notNull(),
    savingsClosing: kobo('savings_closing').notNull(),
    sharesOpening: kobo('shares_opening').notNull(),
    sharesClosing: kobo('shares_closing').notNull(),
    loanOpening: kobo('loan_opening'),
    loanClosing: kobo('loan_closing'),
    contentSha256: text('content_sha256').notNull(),
    issuedAt: tstz('issued_at').notNull(),
  },
  (t) => [
    uniqueIndex('statement_certificates_code_key').on(t.code),
    index('statement_certificates_user_idx').on(t.userId, t.issuedAt),
    check('statement_certificates_code_format', sql`${t.code} ~ '^[0-9A-HJKMNP-TV-Z]{12}$'`),
    check('statement_certificates_sha256_format', sql`${t.contentSha256} ~ '^[0-9a-f]{64}$'`),
    check('statement_certificates_period', sql`${t.startDate} <= ${t.endDate}`),
    check(
      'statement_certificates_loan_both_or_neither',
      sql`(${t.loanOpening} is null) = (${t.loanClosing} is null)`,
    ),
  ],
);
