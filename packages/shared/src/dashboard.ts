/**
 * The dashboard: financial summary, recent activity and pending actions (docs/member-portal.md §2,
 * §3, §4).
 */
import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import { idSchema, successEnvelope } from './http.js';
import { ACTIVITY_TYPES, PENDING_ACTION_TYPES } from './dashboard-rules.js';
import { heldSchema } from './holds.js';
import { guarantorStatusSchema, loanProgressSchema, loanStatusSchema } from './loans.js';

// The rules and texts the Dashboard page uses live zod-free in dashboard-rules.ts.
export * from './dashboard-rules.js';

/**
 * docs/member-portal.md §3, in naira; how each figure is derived is docs/business-rules.md
 * "Balances".
 */
export const financialSummarySchema = z.object({
  totalSavings: z.number(),
  totalShareHolding: z.number(),
  availableBalance: z.number(),
  frozenAmount: z.number(),
  outstandingLoans: z.number(),
  totalDividends: z.number(),
  totalFines: z.number(),
  /** Why savings are held (`frozenAmount`, by reason): what the Available Balance card says. */
  held: z.array(heldSchema),
});
export type FinancialSummary = z.infer<typeof financialSummarySchema>;

export const activityTypeSchema = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof activityTypeSchema>;

/** One row of Recent Activity; `status` is the source record's own status. */
export const recentActivitySchema = z.object({
  id: idSchema,
  type: activityTypeSchema,
  description: z.string(),
  amount: z.number(),
  date: isoDateTimeSchema,
  status: z.string(),
});
export type RecentActivity = z.infer<typeof recentActivitySchema>;

export const pendingActionTypeSchema = z.enum(PENDING_ACTION_TYPES);
export type PendingActionType = z.infer<typeof pendingActionTypeSchema>;

/**
 * docs/member-portal.md §3 Pending action. `actionUrl` is where 'Take Action' goes
 * (docs/business-rules.md: the screen where the action is done); `deadline` is a calendar date, or
 * null when there is none.
 */
export const pendingActionSchema = z.object({
  id: idSchema,
  type: pendingActionTypeSchema,
  description: z.string(),
  actionRequired: z.string(),
  deadline: isoDateSchema.nullable(),
  actionUrl: z.string(),
});
export type PendingAction = z.infer<typeof pendingActionSchema>;

/**
 * What the member owes or is asked next (docs/business-rules.md "What's next"): the unpaid
 * instalments already past due (their sum, how many, the oldest due date and its age in days),
 * the next instalment due from today, and the oldest unanswered guarantor request with the day an
 * answer is expected. Each is null when there is none.
 */
export const nextUpSchema = z.object({
  overdue: z
    .object({
      loanId: z.string(),
      amount: z.number(),
      instalments: z.number().int(),
      since: isoDateSchema,
      daysOverdue: z.number().int(),
    })
    .nullable(),
  nextInstalment: z
    .object({
      loanId: z.string(),
      month: z.number().int(),
      ofMonths: z.number().int(),
      dueDate: isoDateSchema,
      amount: z.number(),
    })
    .nullable(),
  guarantorRequest: z
    .object({
      /** How many requests wait for the member's answer; the rest of the object is the oldest. */
      count: z.number().int(),
      loanId: z.string(),
      borrower: z.string(),
      amount: z.number(),
      deadline: isoDateSchema,
    })
    .nullable(),
});
export type NextUp = z.infer<typeof nextUpSchema>;

/**
 * The member's current loan, the newest not yet repaid nor rejected, with what its timeline reads
 * (loan-timeline.ts): an open request, or the running loan.
 */
export const currentLoanSchema = z.object({
  id: idSchema,
  loanId: z.string(),
  purpose: z.string(),
  requestedAmount: z.number(),
  repaymentTermMonths: z.number().int(),
  status: loanStatusSchema,
  requestDate: isoDateTimeSchema,
  guarantors: z.array(
    z.object({
      firstName: z.string(),
      lastName: z.string(),
      status: guarantorStatusSchema,
      invitationDate: isoDateTimeSchema,
      responseDate: isoDateTimeSchema.nullable(),
    }),
  ),
  progress: loanProgressSchema,
});
export type CurrentLoan = z.infer<typeof currentLoanSchema>;

/** Savings and share holding at the end of a month ('yyyy-MM'), in naira, from the ledger. */
export const savingsMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  savings: z.number(),
  shares: z.number(),
});
export type SavingsMonth = z.infer<typeof savingsMonthSchema>;

export const dashboardSchema = z.object({
  financialSummary: financialSummarySchema,
  recentActivity: z.array(recentActivitySchema),
  pendingActions: z.array(pendingActionSchema),
  nextUp: nextUpSchema,
  currentLoan: currentLoanSchema.nullable(),
  /** The last months (SAVINGS_HISTORY_MONTHS at most, from the first with money), oldest first. */
  savingsHistory: z.array(savingsMonthSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET /users/dashboard */
export const dashboardResponseSchema = successEnvelope(dashboardSchema);
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** GET /users/dashboard/savings-history: the statement page's chart. */
export const savingsHistoryResponseSchema = successEnvelope(z.array(savingsMonthSchema));
export type SavingsHistoryResponse = z.infer<typeof savingsHistoryResponseSchema>;
