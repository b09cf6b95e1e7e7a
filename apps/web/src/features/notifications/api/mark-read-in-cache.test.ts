import type { Notification, NotificationListResponse } from '@coop/shared/notifications';
import { describe, expect, it } from 'vitest';
import { withAllNotificationsRead, withNotificationRead } from './mark-read-in-cache';

const item = (id: string, read: boolean): Notification => ({
  id,
  type: 'general',
  title: id,
  message: id,
  read,
  readAt: read ? '2026-03-01T00:00:00.000Z' : null,
  createdAt: '2026-03-01T00:00:00.000Z',
  priority: 'low',
});

const page = (data: Notification[], unreadCount: number): NotificationListResponse => ({
  success: true,
  data,
  pagination: {
    currentPage: 1,
    totalPages: 1,
    totalItems: data.length,
    hasNext: false,
    hasPrev: false,
    limit: 10,
  },
  summary: { unreadCount },
});

describe('notification cache updates', () => {
  it('reads one: readAt set, count down by one', () => {
    const updated = { ...item('a', true), readAt: '2026-03-06T09:00:00.000Z' };
    const next = withNotificationRead(page([item('a', false), item('b', false)], 2), updated, true);
    expect(next.data[0]).toMatchObject({ read: true, readAt: '2026-03-06T09:00:00.000Z' });
    expect(next.data[1]?.read).toBe(false);
    expect(next.summary.unreadCount).toBe(1);
  });

  it('never lowers the count below 0, nor for one that was already read', () => {
    const updated = item('a', true);
    expect(withNotificationRead(page([], 0), updated, true).summary.unreadCount).toBe(0);
    expect(withNotificationRead(page([], 3), updated, false).summary.unreadCount).toBe(3);
  });

  it('reads all: every item read, count 0, earlier readAt kept', () => {
    const next = withAllNotificationsRead(
      page([item('a', false), item('b', true)], 1),
      '2026-03-06T09:00:00.000Z',
    );
    expect(next.summary.unreadCount).toBe(0);
    expect(next.data.map((entry) => entry.readAt)).toEqual([
      '2026-03-06T09:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ]);
  });
});
