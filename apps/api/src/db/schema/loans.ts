import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, kobo, tstz, updatedAt, enumCheck } from './columns.js';
import { users } from './users.js';
import { ledgerTransactions } from './ledger.js';

/** Human loan IDs (LN-000123) come from a sequence, safe under concurrent requests. */
export const loanNumberSeq = pgSequence('loan_number_seq', { startWith: 1 });

export const LOAN_STATUS_VALUES = [
  'pending',
  'under_review',
  'approved',
  'rejected',
  'disbursed',
  'repaid',
  'defaulted',
] as const;

/** How an administrator pays a loan out (docs/decisions/062-loan-back-office.md). */
export const DISBURSEMENT_METHOD_VALUES = ['bank_transfer', 'cash', 'cheque'] as const;

export const loans = pgTable(
  'loans',
  {
    id: id(),
    loanNumber: text('loan_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    requestedAmount: kobo('requested_amount').notNull(),
    approvedAmount: kobo('approved_amount'),
    repaymentTermMonths: integer('repayment_term_months').notNull(),
    interestRateBps: integer('interest_rate_bps').notNull(),
    interestAmount: kobo('interest_amount').notNull(),
    insuranceFee: kobo('insurance_fee').notNull(),
    formFee: kobo('form_fee').notNull(),
    deductProcessingFee: boolean('deduct_processing_fee').notNull(),
    disbursementAmount: kobo('disbursement_amount').notNull(),
    monthlyPayment: kobo('monthly_payment').notNull(),
    totalRepayment: kobo('total_repayment').notNull(),
    outstandingBalance: kobo('outstanding_balance').notNull().default(0),
    status: text('status', { enum: LOAN_STATUS_VALUES }).notNull().default('pending'),
    requiredCertifications: integer('required_certifications').notNull(),
    remainingCertifications: integer('remaining_certifications').notNull(),
    requestDate: tstz('request_date').notNull().defaultNow(),
    underReviewAt: tstz('under_review_at'),
    decidedAt: tstz('decided_at'),
    rejectionReason: text('rejection_reason'),
    disbursedAt: tstz('disbursed_at'),
    disbursedBy: uuid('disbursed_by').references(() => users.id),
    /** How the money went out (docs/decisions/070-back-office.md): set at disbursement. */
    disbursementMethod: text('disbursement_method', { enum: DISBURSEMENT_METHOD_VALUES }),
    repaidAt: tstz('repaid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck('loans_status_valid', t.status),
    enumCheck('loans_disbursement_method_valid', t.disbursementMethod),
    uniqueIndex('loans_loan_number_key').on(t.loanNumber),
    index('loans_user_request_date_idx').on(t.userId, t.requestDate),
    index('loans_user_status_idx').on(t.userId, t.status),
    index('loans_status_created_idx').on(t.status, t.createdAt),
    // The reviewers' list (`underReviewPage`) reads these two small indexes only: its page in
    // either sort, and its total counted without touching the table (an index-only scan).
    index('loans_under_review_created_idx')
      .on(t.createdAt, t.id, t.userId)
      .where(sql`status = 'under_review'`),
    index('loans_under_review_amount_idx')
      .on(t.requestedAmount, t.createdAt, t.id, t.userId)
      .where(sql`status = 'under_review'`),
    check('loans_amounts_positive', sql`requested_amount > 0 and outstanding_balance >= 0`),
    check('loans_term', sql`repayment_term_months in (6, 12, 18)`),
    check('loans_remaining_certifications', sql`remaining_certifications >= 0`),
  ],
);

/**
 * A guarantor slot on a loan. `frozenAmount` is what this guarantee currently holds of the
 * guarantor's savings (0 until accepted; released in proportion to principal repaid).
 * A reassignment marks the rejected row `replacedById` and creates a new pending row.
 */
export const loanGuarantors = pgTable(
  'loan_guarantors',
  {
    id: id(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    guarantorUserId: uuid('guarantor_user_id')
      .notNull()
      .references(() => users.id),
    guaranteeAmount: kobo('guarantee_amount').notNull(),
    frozenAmount: kobo('frozen_amount').notNull().default(0),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    acceptanceToken: text('acceptance_token').notNull(),
    invitationDate: tstz('invitation_date').notNull().defaultNow(),
    responseDate: tstz('response_date'),
    rejectionReason: text('rejection_reason'),
    replacesId: uuid('replaces_id'),
    replacedById: uuid('replaced_by_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck('loan_guarantors_status_valid', t.status),
    index('loan_guarantors_loan_idx').on(t.loanId),
    index('loan_guarantors_guarantor_status_date_idx').on(
      t.guarantorUserId,
      t.status,
      t.invitationDate,
    ),
    uniqueIndex('loan_guarantors_live_pair_key')
      .on(t.loanId, t.guarantorUserId)
      .where(sql`replaced_by_id is null`),
    check(
      'loan_guarantors_amounts',
      sql`guarantee_amount > 0 and frozen_amount >= 0 and frozen_amount <= guarantee_amount`,
    ),
  ],
);

export const loanCertifications = pgTable(
  'loan_certifications',
  {
    id: id(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id),
    decision: text('decision', { enum: ['approve', 'reject'] }).notNull(),
    note: text('note'),
    certifiedAt: tstz('certified_at').notNull().defaultNow(),
  },
  (t) => [
    enumCheck('loan_certifications_decision_valid', t.decision),
    uniqueIndex('loan_certifications_loan_reviewer_key').on(t.loanId, t.reviewerId),
  ],
);

/** Fixed at disbursement; the quote's schedule is recomputed from the loan until then. */
export const loanScheduleItems = pgTable(
  'loan_schedule_items',
  {
    id: id(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    month: integer('month').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    principalAmount: kobo('principal_amount').notNull(),
    interestAmount: kobo('interest_amount').notNull(),
    totalAmount: kobo('total_amount').notNull(),
    remainingBalance: kobo('remaining_balance').notNull(),
    paidAmount: kobo('paid_amount').notNull().default(0),
    status: text('status', { enum: ['pending', 'partial', 'paid', 'overdue'] })
      .notNull()
      .default('pending'),
  },
  (t) => [
    enumCheck('loan_schedule_items_status_valid', t.status),
    uniqueIndex('loan_schedule_items_loan_month_key').on(t.loanId, t.month),
    index('loan_schedule_items_status_due_idx').on(t.status, t.dueDate),
  ],
);

export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: id(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    amount: kobo('amount').notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method', { enum: ['payroll', 'bank_transfer', 'cash'] }).notNull(),
    bankName: text('bank_name'),
    /**
     * The bank or receipt reference of a manual repayment (docs/decisions/062-loan-back-office.md).
     */
    reference: text('reference'),
    repaymentType: text('repayment_type', { enum: ['regular', 'partial', 'full'] }).notNull(),
    isEarlyPayment: boolean('is_early_payment').notNull().default(false),
    status: text('status', { enum: ['pending', 'confirmed', 'rejected'] })
      .notNull()
      .default('confirmed'),
    newBalance: kobo('new_balance').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck('loan_repayments_payment_method_valid', t.paymentMethod),
    enumCheck('loan_repayments_repayment_type_valid', t.repaymentType),
    enumCheck('loan_repayments_status_valid', t.status),
    index('loan_repayments_loan_date_idx').on(t.loanId, t.paymentDate),
    check('loan_repayments_amount_positive', sql`amount > 0`),
  ],
);

/**
 * Maker-checker (docs/decisions/062-loan-back-office.md): a disbursement above the policy threshold
 * waits here for a second administrator. At most one pending request per loan.
 */
export const loanDisbursementRequests = pgTable(
  'loan_disbursement_requests',
  {
    id: id(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    amount: kobo('amount').notNull(),
    disbursementDate: date('disbursement_date', { mode: 'string' }).notNull(),
    method: text('method', { enum: DISBURSEMENT_METHOD_VALUES }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: tstz('requested_at').notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: tstz('decided_at'),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    enumCheck('loan_disbursement_requests_method_valid', t.method),
    enumCheck('loan_disbursement_requests_status_valid', t.status),
    index('loan_disbursement_requests_loan_idx').on(t.loanId),
    uniqueIndex('loan_disbursement_requests_one_pending_key')
      .on(t.loanId)
      .where(sql`status = 'pending'`),
    check('loan_disbursement_requests_amount_positive', sql`amount > 0`),
  ],
);
