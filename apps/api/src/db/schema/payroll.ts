import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { ledgerTransactions } from './ledger.js';
import { contributions } from './contributions.js';
import { loans } from './loans.js';

/**
 * The payroll cycle (docs/decisions/150-payroll-cycle.md): who deducts for each member (a payroll
 * group), what they are told to deduct (instructions, schedules), what they deducted (deductions)
 * and what they paid over (remittances).
 */

const MONTH_FORMAT = "~ '^[0-9]{4}-(0[1-9]|1[0-2])$'";
const monthCheck = (name: string, column: string) =>
  check(name, sql.raw(`${column} ${MONTH_FORMAT}`));

/** An employer's payroll office (or a unit of one) that deducts and remits for its staff. */
export const payrollGroups = pgTable(
  'payroll_groups',
  {
    id: id(),
    /** Short code officers and files use ('MOF-HQ'); unique, case as typed. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payroll_groups_code_key').on(t.code)],
);

export const INSTRUCTION_SOURCE_VALUES = ['import', 'officer', 'member', 'policy', 'demo'] as const;

/**
 * A member's standing monthly deduction instruction, kept as history: the instruction for month M
 * is the row with the latest `effective_month` <= M (ties: the latest `created_at`). A change never
 * edits a row; it adds one.
 */
export const deductionInstructions = pgTable(
  'deduction_instructions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    payrollGroupId: uuid('payroll_group_id')
      .notNull()
      .references(() => payrollGroups.id),
    staffNumber: text('staff_number').notNull(),
    savingsAmount: kobo('savings_amount').notNull(),
    shareAmount: kobo('share_amount').notNull(),
    /** 'yyyy-MM': the first payroll month this instruction applies to. */
    effectiveMonth: text('effective_month').notNull(),
    source: text('source', { enum: INSTRUCTION_SOURCE_VALUES }).notNull(),
    /** The member's request this row carries out, when it came from one. */
    changeRequestId: uuid('change_request_id'),
    /** The officer who set it (import, edit or approval); null for the policy and the demo. */
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck('deduction_instructions_source_valid', t.source),
    index('deduction_instructions_user_effective_idx').on(
      t.userId,
      t.effectiveMonth.desc(),
      t.createdAt.desc(),
    ),
    index('deduction_instructions_group_idx').on(t.payrollGroupId),
    monthCheck('deduction_instructions_month_format', 'effective_month'),
    check(
      'deduction_instructions_amounts_nonnegative',
      sql`savings_amount >= 0 and share_amount >= 0`,
    ),
  ],
);

export const CHANGE_REQUEST_STATUS_VALUES = [
  'pending',
  'approved',
  'rejected',
  'cancelled',
] as const;

/** A member's request to change their savings or share amount, decided by an officer or the policy. */
export const deductionChangeRequests = pgTable(
  'deduction_change_requests',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    savingsAmount: kobo('savings_amount').notNull(),
    shareAmount: kobo('share_amount').notNull(),
    effectiveMonth: text('effective_month').notNull(),
    status: text('status', { enum: CHANGE_REQUEST_STATUS_VALUES }).notNull().default('pending'),
    /** Approved by the policy's limits, with no officer. */
    autoApproved: boolean('auto_approved').notNull().default(false),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: tstz('decided_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck('deduction_change_requests_status_valid', t.status),
    // One open request per member, enforced by the database under any concurrency.
    uniqueIndex('deduction_change_requests_one_pending_key')
      .on(t.userId)
      .where(sql`status = 'pending'`),
    index('deduction_change_requests_status_created_idx').on(t.status, t.createdAt),
    index('deduction_change_requests_user_created_idx').on(t.userId, t.createdAt),
    monthCheck('deduction_change_requests_month_format', 'effective_month'),
    check(
      'deduction_change_requests_amounts_nonnegative',
      sql`savings_amount >= 0 and share_amount >= 0`,
    ),
  ],
);

/**
 * The expected deductions sent to one payroll group for one month. Regenerated until the month is
 * posted (each generation a new version); posting freezes the latest (`posted_at`).
 */
export const payrollSchedules = pgTable(
  'payroll_schedules',
  {
    id: id(),
    month: text('month').notNull(),
    payrollGroupId: uuid('payroll_group_id')
      .notNull()
      .references(() => payrollGroups.id),
    version: integer('version').notNull(),
    members: integer('members').notNull(),
    savingsAmount: kobo('savings_amount').notNull(),
    shareAmount: kobo('share_amount').notNull(),
    instalmentAmount: kobo('instalment_amount').notNull(),
    fineAmount: kobo('fine_amount').notNull(),
    totalAmount: kobo('total_amount').notNull(),
    generatedBy: uuid('generated_by').references(() => users.id),
    generatedAt: tstz('generated_at').notNull().defaultNow(),
    /** Set when the month's actuals are posted against this version; it can no longer change. */
    postedAt: tstz('posted_at'),
  },
  (t) => [
    uniqueIndex('payroll_schedules_month_group_version_key').on(
      t.month,
      t.payrollGroupId,
      t.version,
    ),
    monthCheck('payroll_schedules_month_format', 'month'),
  ],
);

/** One member's expected lines in a schedule. */
export const payrollScheduleLines = pgTable(
  'payroll_schedule_lines',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => payrollSchedules.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    staffNumber: text('staff_number').notNull(),
    savingsAmount: kobo('savings_amount').notNull(),
    shareAmount: kobo('share_amount').notNull(),
    /** The running loan's instalment(s) due in the month, unpaid. */
    instalmentAmount: kobo('instalment_amount').notNull(),
    loanId: uuid('loan_id').references(() => loans.id),
    /** Unpaid fines due by the month's end. */
    fineAmount: kobo('fine_amount').notNull(),
    totalAmount: kobo('total_amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.userId] }),
    index('payroll_schedule_lines_user_idx').on(t.userId),
  ],
);

export const VARIANCE_KIND_VALUES = ['matched', 'short', 'over', 'missing', 'unexpected'] as const;

/**
 * What was deducted from one member in one posted payroll month, beside what was expected, and how
 * the deducted amount was allocated (docs/decisions/150-payroll-cycle.md). A row exists for every
 * member expected or deducted in a posted month, so "missing" is a row too.
 */
export const payrollDeductions = pgTable(
  'payroll_deductions',
  {
    id: id(),
    month: text('month').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Null for a member deducted with no instruction (an unexpected row). */
    payrollGroupId: uuid('payroll_group_id').references(() => payrollGroups.id),
    scheduleId: uuid('schedule_id').references(() => payrollSchedules.id),
    expectedSavings: kobo('expected_savings').notNull(),
    expectedShares: kobo('expected_shares').notNull(),
    expectedInstalment: kobo('expected_instalment').notNull(),
    expectedFines: kobo('expected_fines').notNull(),
    expectedTotal: kobo('expected_total').notNull(),
    deductedTotal: kobo('deducted_total').notNull(),
    /** How the deducted total was allocated: these four always add up to deducted_total. */
    allocatedSavings: kobo('allocated_savings').notNull(),
    allocatedShares: kobo('allocated_shares').notNull(),
    allocatedInstalment: kobo('allocated_instalment').notNull(),
    allocatedFines: kobo('allocated_fines').notNull(),
    kind: text('kind', { enum: VARIANCE_KIND_VALUES }).notNull(),
    contributionId: uuid('contribution_id').references(() => contributions.id),
    postedBy: uuid('posted_by').references(() => users.id),
    postedAt: tstz('posted_at').notNull().defaultNow(),
  },
  (t) => [
    enumCheck('payroll_deductions_kind_valid', t.kind),
    uniqueIndex('payroll_deductions_user_month_key').on(t.userId, t.month),
    index('payroll_deductions_month_group_idx').on(t.month, t.payrollGroupId),
    monthCheck('payroll_deductions_month_format', 'month'),
    check(
      'payroll_deductions_allocation_adds_up',
      sql`allocated_savings + allocated_shares + allocated_instalment + allocated_fines = deducted_total`,
    ),
    check(
      'payroll_deductions_amounts_nonnegative',
      sql`least(expected_savings, expected_shares, expected_instalment, expected_fines, expected_total, deducted_total, allocated_savings, allocated_shares, allocated_instalment, allocated_fines) >= 0`,
    ),
  ],
);

/** Money a payroll group paid over to the cooperative's bank account for a posted month. */
export const payrollRemittances = pgTable(
  'payroll_remittances',
  {
    id: id(),
    month: text('month').notNull(),
    payrollGroupId: uuid('payroll_group_id')
      .notNull()
      .references(() => payrollGroups.id),
    amount: kobo('amount').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** The bank's reference; one remittance per group and reference. */
    reference: text('reference').notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payroll_remittances_group_reference_key').on(t.payrollGroupId, t.reference),
    index('payroll_remittances_month_group_idx').on(t.month, t.payrollGroupId),
    monthCheck('payroll_remittances_month_format', 'month'),
    check('payroll_remittances_amount_positive', sql`amount > 0`),
  ],
);
