/**
 * GET /users/transactions (the member's ledger movements with running balances), the statement
 * of a period (/users/statement, CSV and PDF) and their shapes (docs/business-rules.md).
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.js';
import {
  dateRangeFilters,
  filteredListQuery,
  listEnvelope,
  searchFilter,
  successEnvelope,
} from './http.js';
import { isoDateSchema } from './date-schemas.js';
import { addDays, isIsoDate, type IsoDate } from './dates.js';
import { STATEMENT_MAX_DAYS, TRANSACTION_ACCOUNTS, TRANSACTION_TYPES } from './account-rules.js';

export const transactionTypeSchema = z.enum(TRANSACTION_TYPES, {
  error: 'Unknown transaction type',
});
export const transactionAccountSchema = z.enum(TRANSACTION_ACCOUNTS, { error: 'Unknown account' });

/**
 * Newest first, 10 a page; filtered by date range, type and account; `search` finds a movement by
 * its description, its transaction ID or, when it reads as an amount, its whole-naira amount.
 */
export const transactionListQuerySchema = filteredListQuery({
  sortFields: ['date'],
  defaults: { sortBy: 'date', sortOrder: 'desc', limit: DEFAULT_PAGE_SIZE },
  filters: {
    ...dateRangeFilters,
    ...searchFilter,
    type: transactionTypeSchema.optional(),
    account: transactionAccountSchema.optional(),
  },
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

/**
 * One movement on one of the member's accounts. `amount` is the change of that account's balance
 * in naira (a contribution to savings +, a withdrawal −; a loan disbursement raises the loan +, a
 * repayment lowers it −); `balanceAfter` is the account's balance after it.
 */
export const transactionSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  date: isoDateSchema,
  type: transactionTypeSchema,
  account: transactionAccountSchema,
  description: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
  reference: z.object({ type: z.string(), id: z.string() }).nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListResponseSchema = listEnvelope(transactionSchema);
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

const statementPeriod = {
  startDate: isoDateSchema,
  endDate: isoDateSchema,
};

function checkPeriod(
  { startDate, endDate }: { startDate: IsoDate; endDate: IsoDate },
  ctx: z.RefinementCtx,
) {
  // Zod runs this refinement even when a date already failed; such a date has its own message.
  if (!isIsoDate(startDate) || !isIsoDate(endDate)) return;
  if (startDate > endDate) {
    ctx.addIssue({
      code: 'custom',
      message: 'Start date must be on or before end date',
      path: ['endDate'],
    });
  } else if (addDays(startDate, STATEMENT_MAX_DAYS) < endDate) {
    ctx.addIssue({
      code: 'custom',
      message: 'A statement can cover at most 10 years',
      path: ['endDate'],
    });
  }
}

/** GET /users/statement: the period, both ends included (Lagos calendar days). */
export const statementQuerySchema = z.object(statementPeriod).superRefine(checkPeriod);
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** GET /users/statement/download: the same period as a file. */
export const statementDownloadQuerySchema = z
  .object({
    ...statementPeriod,
    format: z.enum(STATEMENT_FORMATS, { error: "Format must be 'csv' or 'pdf'" }),
  })
  .superRefine(checkPeriod);
export type StatementDownloadQuery = z.infer<typeof statementDownloadQuerySchema>;

/** One account's figures over the period: opening + credits − debits = closing. */
export const statementAccountSummarySchema = z.object({
  account: transactionAccountSchema,
  openingBalance: z.number(),
  totalIncrease: z.number(),
  totalDecrease: z.number(),
  closingBalance: z.number(),
});
export type StatementAccountSummary = z.infer<typeof statementAccountSummarySchema>;

export const statementSchema = z.object({
  member: z.object({
    firstName: z.string(),
    lastName: z.string(),
    membershipId: z.string(),
    email: z.string(),
  }),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  generatedAt: z.string(),
  accounts: z.array(statementAccountSummarySchema),
  /** Oldest first, as a statement reads. */
  transactions: z.array(transactionSchema),
});
export type Statement = z.infer<typeof statementSchema>;
export const statementResponseSchema = successEnvelope(statementSchema);
export type StatementResponse = z.infer<typeof statementResponseSchema>;
