import type { Notification, NotificationListResponse } from '@coop/shared/notifications';

/**
 * How a cached page changes when notifications are read (docs/member-portal.md §4 Notification),
 * applied to every cached page at once so the bell and the list agree without waiting for the
 * server.
 */

/** One notification read: it gets its readAt, and the unread count drops by 1, never below 0. */
export function withNotificationRead(
  page: NotificationListResponse,
  updated: Notification,
  wasUnread: boolean,
): NotificationListResponse {
  return {
    ...page,
    data: page.data.map((item) =>
      item.id === updated.id ? { ...item, read: true, readAt: updated.readAt } : item,
    ),
    summary: {
      unreadCount: wasUnread ? Math.max(0, page.summary.unreadCount - 1) : page.summary.unreadCount,
    },
  };
}

/** 'Mark all': every notification read, the count 0. */
export function withAllNotificationsRead(
  page: NotificationListResponse,
  readAt: string,
): NotificationListResponse {
  return {
    ...page,
    data: page.data.map((item) => (item.read ? item : { ...item, read: true, readAt })),
    summary: { unreadCount: 0 },
  };
}
