import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

const SORT_COLUMNS = {
  createdAt: notifications.createdAt,
  priority: notifications.priority,
} as const;

export interface NotificationPageQuery {
  offset: number;
  limit: number;
  sortBy: keyof typeof SORT_COLUMNS;
  sortOrder: 'asc' | 'desc';
  read?: boolean | undefined;
}

export function notificationsRepository(db: Executor) {
  const ownedBy = (userId: string, read?: boolean) =>
    and(
      eq(notifications.userId, userId),
      read === undefined
        ? undefined
        : read
          ? sql`${notifications.readAt} is not null`
          : isNull(notifications.readAt),
    );

  return {
    async page(userId: string, q: NotificationPageQuery) {
      const order = q.sortOrder === 'asc' ? asc : desc;
      // Ties on the sort column keep a stable order across pages.
      return db
        .select()
        .from(notifications)
        .where(ownedBy(userId, q.read))
        .orderBy(order(SORT_COLUMNS[q.sortBy]), order(notifications.id))
        .limit(q.limit)
        .offset(q.offset);
    },

    async count(userId: string, read?: boolean): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(ownedBy(userId, read));
      return row?.n ?? 0;
    },

    async markRead(userId: string, id: string, at: Date): Promise<NotificationRow | undefined> {
      // coalesce keeps the first read time when a read notification is marked again.
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      return row;
    },

    async markAllRead(userId: string, at: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(ownedBy(userId, false))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async insert(values: NewNotification): Promise<NotificationRow> {
      const [row] = await db.insert(notifications).values(values).returning();
      if (!row) throw new Error('notification insert returned nothing');
      return row;
    },
  };
}
