/**
 * The dashboard: financial summary, recent activity and pending actions (docs/member-portal.md §2,
 * §3, §4).
 */
import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import { idSchema, successEnvelope } from './http.js';
import { ACTIVITY_TYPES, PENDING_ACTION_TYPES } from './dashboard-rules.js';
import { heldSchema } from './holds.js';

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

export const dashboardSchema = z.object({
  financialSummary: financialSummarySchema,
  recentActivity: z.array(recentActivitySchema),
  pendingActions: z.array(pendingActionSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET /users/dashboard */
export const dashboardResponseSchema = successEnvelope(dashboardSchema);
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
