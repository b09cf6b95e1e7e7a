/** Notifications (docs/member-portal.md §2 Notifications, §3, §4, §7 Other lists). */
import { z } from 'zod';
import { DEFAULT_SORTS } from './constants.js';
import { isoDateTimeSchema } from './date-schemas.js';
import {
  booleanQuerySchema,
  filteredListQuery,
  idSchema,
  listEnvelope,
  successEnvelope,
} from './http.js';

/**
 * The first four are the original types; the rest are written by the events of
 * docs/business-rules.md and by the administrator. Each event has a type of its own, because the
 * member reads the type as the badge's label ('Dispute resolved', 'Loan disbursed'): a shared type
 * would name one event by another's name.
 */
export const NOTIFICATION_TYPES = [
  'contribution_confirm',
  'guarantor_request',
  'loan_document',
  'fine_payment',
  'loan_decision',
  'withdrawal_decision',
  'contribution_posted',
  'fine_issued',
  'general',
  'loan_review',
  'dispute_resolved',
  'deposit_decision',
  'fine_settled',
  'dividend_paid',
  'loan_under_review',
  'loan_disbursed',
  'repayment_recorded',
  'guarantee_released',
  'loan_default',
  'instalment_overdue',
  'disbursement_approval',
  'payroll_variance',
  'deduction_change_decision',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export const notificationPrioritySchema = z.enum(NOTIFICATION_PRIORITIES);
export type NotificationPriority = z.infer<typeof notificationPrioritySchema>;

/** docs/member-portal.md §3 Notification. */
export const notificationSchema = z.object({
  id: idSchema,
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  readAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  priority: notificationPrioritySchema,
  actionText: z.string().nullish(),
  actionUrl: z.string().nullish(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /users/notifications: newest first; `read` narrows to read or unread ones. */
export const notificationListQuerySchema = filteredListQuery({
  sortFields: ['createdAt'],
  defaults: DEFAULT_SORTS.notifications,
  filters: { read: booleanQuerySchema.optional() },
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** `summary.unreadCount` counts every unread notification, not only those on the page. */
export const notificationListResponseSchema = listEnvelope(notificationSchema).extend({
  summary: z.object({ unreadCount: z.number().int().min(0) }),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** PUT /users/notifications/{id}/read: the notification as it is now. */
export const notificationResponseSchema = successEnvelope(notificationSchema);
export type NotificationResponse = z.infer<typeof notificationResponseSchema>;

/** PUT /users/notifications/mark-all-read: how many were unread. */
export const markAllNotificationsReadResponseSchema = successEnvelope(
  z.object({ updated: z.number().int().min(0) }),
);
export type MarkAllNotificationsReadResponse = z.infer<
  typeof markAllNotificationsReadResponseSchema
>;
export type MarkAllNotificationsReadResult = MarkAllNotificationsReadResponse['data'];

/**
 * Priority by type, as the dashboard widget ranks them (docs/member-portal.md §4): paying a fine
 * and confirming a contribution first, then guarantor requests and loan documents. Also the
 * priority a new notification gets unless its event says otherwise.
 */
export function notificationPriorityForType(type: NotificationType): NotificationPriority {
  switch (type) {
    case 'fine_payment':
    case 'contribution_confirm':
    case 'payroll_variance':
      return 'high';
    case 'guarantor_request':
    case 'loan_document':
    case 'loan_review':
    case 'disbursement_approval':
      return 'medium';
    default:
      return 'low';
  }
}

export type NotificationTone = 'success' | 'error' | 'warning' | 'info';

/**
 * The colour of a notification's type badge (docs/member-portal.md §2: success, error, warning,
 * else info). 'warning' asks the member to act, 'error' tells of a penalty, 'success' of money
 * received. Decisions are 'info': whether a loan was approved or rejected is in the title, not the
 * type.
 */
export function notificationTone(type: NotificationType): NotificationTone {
  switch (type) {
    case 'contribution_confirm':
    case 'guarantor_request':
    case 'loan_document':
    case 'fine_payment':
    case 'loan_review':
    case 'instalment_overdue':
    case 'disbursement_approval':
    case 'payroll_variance':
      return 'warning';
    case 'fine_issued':
    case 'loan_default':
      return 'error';
    case 'contribution_posted':
    case 'fine_settled':
    case 'dividend_paid':
    case 'loan_disbursed':
    case 'guarantee_released':
      return 'success';
    default:
      return 'info';
  }
}
