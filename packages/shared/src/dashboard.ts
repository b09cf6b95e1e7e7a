/** The dashboard: financial summary, recent activity and pending actions (spec §2, §3, §4). */
import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import { idSchema, successEnvelope } from './http.js';
import { formatNaira, type Naira } from './money.js';
import type { NotificationType } from './notifications.js';

/** Spec §3, in naira; how each figure is derived is DESIGN §6 "Balances". */
export const financialSummarySchema = z.object({
  totalSavings: z.number(),
  totalShareHolding: z.number(),
  availableBalance: z.number(),
  frozenAmount: z.number(),
  outstandingLoans: z.number(),
  totalDividends: z.number(),
  totalFines: z.number(),
});
export type FinancialSummary = z.infer<typeof financialSummarySchema>;

export const ACTIVITY_TYPES = ['contribution', 'loan', 'withdrawal', 'dividend', 'fine'] as const;
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

/** The things a member is asked to do: the notification types that call for action. */
export const PENDING_ACTION_TYPES = [
  'contribution_confirm',
  'guarantor_request',
  'loan_document',
  'fine_payment',
  'loan_review',
] as const satisfies readonly NotificationType[];
export const pendingActionTypeSchema = z.enum(PENDING_ACTION_TYPES);
export type PendingActionType = z.infer<typeof pendingActionTypeSchema>;

/**
 * Spec §3 Pending action. `actionUrl` is where 'Take Action' goes (DESIGN §6: the screen where
 * the action is done); `deadline` is a calendar date, or null when there is none.
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

/** The activity badge (spec §4): completed and confirmed read 'Completed'; others as they are. */
export function activityStatusLabel(status: string): string {
  switch (status) {
    case 'completed':
    case 'confirmed':
      return 'Completed';
    case 'pending':
      return 'Pending';
    case 'disputed':
      return 'Disputed';
    default:
      return status;
  }
}

export type ActivityDirection = 'incoming' | 'outgoing' | 'none';

/**
 * Money in (+) or out (−) of the member's savings (spec §4). A loan moves no savings, so it has
 * no sign; a contribution with a negative amount is a reversal and counts as money out.
 */
export function activityDirection(type: ActivityType, amount: Naira): ActivityDirection {
  switch (type) {
    case 'contribution':
      return amount < 0 ? 'outgoing' : 'incoming';
    case 'dividend':
      return 'incoming';
    case 'withdrawal':
    case 'fine':
      return 'outgoing';
    case 'loan':
      return 'none';
  }
}

/** The icon to show: a negative contribution is shown as a withdrawal (spec §3). */
export function activityDisplayType(type: ActivityType, amount: Naira): ActivityType {
  return type === 'contribution' && amount < 0 ? 'withdrawal' : type;
}

/** '+₦5,000', '-₦5,000' or '₦5,000' by direction. */
export function formatActivityAmount(type: ActivityType, amount: Naira): string {
  const sign = { incoming: '+', outgoing: '-', none: '' }[activityDirection(type, amount)];
  return `${sign}${formatNaira(Math.abs(amount))}`;
}
