import type {
  Notification,
  NotificationListQuery,
  NotificationType,
} from '@coop/shared/notifications';
import type { Executor } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/domain-error.js';
import { pageWindow, paginationFor } from '../../lib/pagination.js';
import {
  notificationsRepository,
  type NewNotification,
  type NotificationRow,
} from './notifications.repository.js';

/** The API shape of spec §3 Notification. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    // Rows are only written through createNotification, whose input is a NotificationType.
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    priority: row.priority,
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    actionText: row.actionText,
    actionUrl: row.actionUrl,
  };
}

export async function listNotifications(
  db: Executor,
  userId: string,
  query: NotificationListQuery,
) {
  const repo = notificationsRepository(db);
  const { offset, limit } = pageWindow(query);
  const [rows, totalItems, unreadCount] = await Promise.all([
    repo.page(userId, {
      offset,
      limit,
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
      read: query.read,
    }),
    repo.count(userId, query.read),
    repo.count(userId, false),
  ]);
  return {
    data: rows.map(toNotification),
    pagination: paginationFor(query, totalItems),
    summary: { unreadCount },
  };
}

/** Marks one of the member's own notifications read; anyone else's answers 404. */
export async function markNotificationRead(db: Executor, clock: Clock, userId: string, id: string) {
  const row = await notificationsRepository(db).markRead(userId, id, clock.now());
  if (!row) throw notFound('Notification');
  return toNotification(row);
}

export async function markAllNotificationsRead(db: Executor, clock: Clock, userId: string) {
  return { updated: await notificationsRepository(db).markAllRead(userId, clock.now()) };
}

/** Written by the events that concern a member, inside the transaction of that event. */
export async function createNotification(
  db: Executor,
  input: Omit<NewNotification, 'id' | 'type'> & { type: NotificationType },
) {
  return toNotification(await notificationsRepository(db).insert(input));
}
