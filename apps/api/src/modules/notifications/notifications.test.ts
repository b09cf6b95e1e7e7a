import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@coop/shared/notifications';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createActiveMember, signIn } from '../../test/auth-helpers.js';
import { notifications } from '../../db/schema/index.js';
import type { Database } from '../../db/client.js';

/** A stored notification with the dates a test needs (sending one always stamps "now"). */
async function createNotification(
  db: Database,
  values: typeof notifications.$inferInsert,
): Promise<{ id: string }> {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  if (!row) throw new Error('notification insert returned nothing');
  return row;
}

interface ListBody {
  success: true;
  data: Notification[];
  pagination: {
    currentPage: number;
    totalPages: number;
    totalItems: number;
    hasNext: boolean;
    hasPrev: boolean;
    limit: number;
  };
  summary: { unreadCount: number };
}

describe('notifications API', () => {
  let t: TestApp;
  let ada: { id: string; token: string };
  let bayo: { id: string; token: string };
  let bayosNotificationId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-06-01T09:00:00Z' });
    const adaUser = await createActiveMember(t, { email: 'ada@test.coop' });
    const bayoUser = await createActiveMember(t, { email: 'bayo@test.coop' });
    ada = { id: adaUser.id, token: (await signIn(t, 'ada@test.coop')).accessToken };
    bayo = { id: bayoUser.id, token: (await signIn(t, 'bayo@test.coop')).accessToken };

    // Twelve for Ada, one hour apart; the three oldest already read.
    for (let i = 0; i < 12; i++) {
      await createNotification(t.db, {
        userId: ada.id,
        type: i % 2 ? 'guarantor_request' : 'fine_payment',
        title: `Notice ${i}`,
        message: `Message ${i}`,
        priority: i % 2 ? 'medium' : 'high',
        createdAt: new Date(Date.UTC(2026, 4, 1, i)),
        readAt: i < 3 ? new Date(Date.UTC(2026, 4, 2)) : null,
      });
    }
    const bayos = await createNotification(t.db, {
      userId: bayo.id,
      type: 'loan_decision',
      title: 'Loan approved',
      message: 'Your loan was approved',
    });
    bayosNotificationId = bayos.id;
  });
  afterAll(() => t.close());

  const list = async (token: string, query = '') => {
    const res = await t.app.inject({
      url: `/api/v1/users/notifications${query}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return res.json<ListBody>();
  };

  it('lists the member’s own notifications newest first, 10 per page, with the unread count', async () => {
    const body = await list(ada.token);
    expect(body.data).toHaveLength(10);
    expect(body.data[0]).toMatchObject({
      title: 'Notice 11',
      read: false,
      readAt: null,
      priority: 'medium',
    });
    expect(body.data.map((n) => n.title)).not.toContain('Loan approved');
    expect(body.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalItems: 12,
      hasNext: true,
      hasPrev: false,
      limit: 10,
    });
    expect(body.summary).toEqual({ unreadCount: 9 });
  });

  it('pages and filters by read state', async () => {
    const page2 = await list(ada.token, '?page=2&limit=10');
    expect(page2.data.map((n) => n.title)).toEqual(['Notice 1', 'Notice 0']);
    expect(page2.pagination).toMatchObject({ currentPage: 2, hasNext: false, hasPrev: true });
    const read = await list(ada.token, '?read=true');
    expect(read.data.every((n) => n.read)).toBe(true);
    expect(read.pagination.totalItems).toBe(3);
  });

  it('gives the unread count across every page, whatever page or filter is asked for', async () => {
    // Read ones only, a page past the end, and a member with a single unread one: the count is
    // still the member's unread notifications, not the rows on this page.
    expect((await list(ada.token, '?read=true')).summary.unreadCount).toBe(9);
    const pastTheEnd = await list(ada.token, '?page=5&limit=10');
    expect(pastTheEnd.data).toEqual([]);
    expect(pastTheEnd.summary.unreadCount).toBe(9);
    const bayosReadOnes = await list(bayo.token, '?read=true');
    expect(bayosReadOnes.data).toEqual([]);
    expect(bayosReadOnes.summary.unreadCount).toBe(1);
  });

  it('refuses a page size above 100', async () => {
    const res = await t.app.inject({
      url: '/api/v1/users/notifications?limit=101',
      headers: bearer(ada.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('marks one read, lowering the unread count by one, and keeps the first read time', async () => {
    const [newest] = (await list(ada.token)).data;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/notifications/${newest!.id}/read`,
      headers: bearer(ada.token),
    });
    expect(res.statusCode).toBe(200);
    const marked = res.json<{ data: Notification }>().data;
    expect(marked).toMatchObject({
      id: newest!.id,
      read: true,
      readAt: '2026-06-01T09:00:00.000Z',
    });
    expect((await list(ada.token)).summary.unreadCount).toBe(8);

    t.clock.advance(60_000);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/notifications/${newest!.id}/read`,
      headers: bearer(ada.token),
    });
    expect(again.json<{ data: Notification }>().data.readAt).toBe('2026-06-01T09:00:00.000Z');
    expect((await list(ada.token)).summary.unreadCount).toBe(8);
  });

  it("answers 404 for another member's notification and leaves it unread", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/notifications/${bayosNotificationId}/read`,
      headers: bearer(ada.token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await list(bayo.token)).summary.unreadCount).toBe(1);
  });

  it('refuses an id that is not a UUID', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/notifications/not-an-id/read',
      headers: bearer(ada.token),
    });
    expect(res.statusCode).toBe(400);
  });

  it("marks all of the member's notifications read and no one else's", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/notifications/mark-all-read',
      headers: bearer(ada.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { updated: 8 } });
    const after = await list(ada.token);
    expect(after.summary.unreadCount).toBe(0);
    expect(after.data.every((n) => n.read)).toBe(true);
    expect((await list(bayo.token)).summary.unreadCount).toBe(1);
  });

  it('requires a signed-in member', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/notifications/mark-all-read',
    });
    expect(res.statusCode).toBe(401);
  });
});
