import type {
  MarkAllNotificationsReadResponse,
  NotificationListResponse,
} from '@coop/shared/notifications';
import { api } from '../../../lib/api';
import { useUndoable } from '../../../lib/undoable';
import { notificationKeys } from './get-notifications';
import { withAllNotificationsRead } from './mark-read-in-cache';

/** PUT /users/notifications/mark-all-read */
export function markAllNotificationsRead(
  keepalive = false,
): Promise<MarkAllNotificationsReadResponse> {
  return api.put<MarkAllNotificationsReadResponse>(
    '/users/notifications/mark-all-read',
    undefined,
    keepalive ? { keepalive } : undefined,
  );
}

/**
 * 'Mark all as read' with Undo (docs/decisions/162-undo-is-a-delayed-send.md): the bell and the
 * list read 0 unread at once; the change is sent when the window ends.
 */
export function useMarkAllNotificationsRead() {
  const undoable = useUndoable();
  return (unreadCount: number) =>
    undoable<NotificationListResponse>({
      title: 'All notifications marked as read',
      description: `${unreadCount} unread ${unreadCount === 1 ? 'notification' : 'notifications'} marked as read.`,
      queryKey: notificationKeys.lists(),
      update: (page) => withAllNotificationsRead(page, new Date().toISOString()),
      send: (keepalive) => markAllNotificationsRead(keepalive),
      refresh: (queryClient) =>
        queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
      failureTitle: 'Could not mark notifications as read',
      failureFallback: 'Please try again later.',
    });
}
