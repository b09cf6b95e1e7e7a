import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationListQuery } from '@coop/shared/notifications';
import { notifications, users, userSettings } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import { chunks } from '../../lib/chunks.js';
import { jsonValues, listPageJson } from '../../lib/list-query.js';
import { memberDataVersionSql } from '../../lib/member-read-cache.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/**
 * A notification as the shared `notificationSchema` writes it (`toNotification`), written by
 * PostgreSQL for the member's list (decision 165): the same keys in the schema's order.
 */
const notificationJson = jsonValues.object({
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  message: notifications.message,
  read: sql`${notifications.readAt} is not null`,
  readAt: jsonValues.instant(notifications.readAt),
  createdAt: jsonValues.instant(notifications.createdAt),
  priority: notifications.priority,
  actionText: notifications.actionText,
  actionUrl: notifications.actionUrl,
});

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
    /**
     * Who the messages go to: name, address, phone, membership ID and whether they take e-mail
     * and texts. Read
     * here, not asked of members, which sends messages itself (a folder cycle otherwise).
     */
    recipients(userIds: string[]) {
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          email: users.email,
          membershipId: users.membershipId,
          emailNotifications: userSettings.emailNotifications,
          phoneNumber: users.phoneNumber,
          smsNotifications: userSettings.smsNotifications,
        })
        .from(users)
        .leftJoin(userSettings, eq(userSettings.userId, users.id))
        .where(inArray(users.id, userIds));
    },

    /**
     * One page as JSON (decision 165), with the member's unread count across every page. `kept`:
     * the page kept at write time (decision 185), with the member's data version read in the same
     * statement.
     */
    page(userId: string, query: NotificationListQuery, kept = false) {
      return listPageJson(query, {
        db,
        statement: kept ? 'notifications_member_kept' : 'notifications_member',
        // `read` changes the statement (is null / is not null): a shape each, nothing to bind.
        values: {
          userId,
          read: query.read === true || undefined,
          unread: query.read === false || undefined,
        },
        sortColumns: { createdAt: notifications.createdAt },
        tiebreakers: [notifications.id],
        select: (page, bound) =>
          db
            .select({ item: page.item(notificationJson), totalItems: page.totalItems })
            .from(notifications)
            .where(ownedBy(bound.userId, bound.read ? true : bound.unread ? false : undefined))
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
        // The unread count rides on the page's row: with the session check, one round trip, on
        // an empty page too.
        also: (bound) => ({
          unreadCount: sql<number>`(${db
            .select({ n: count() })
            .from(notifications)
            .where(ownedBy(bound.userId, false))})`.mapWith(Number),
          ...(kept ? { version: memberDataVersionSql(bound.userId) } : {}),
        }),
      });
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

    async markSubjectsRead(
      subject: { userId: string; type: string; ids: readonly string[] },
      at: Date,
    ): Promise<void> {
      for (const ids of chunks(subject.ids)) {
        await db
          .update(notifications)
          .set({ readAt: at })
          .where(
            and(
              inArray(notifications.subjectId, ids),
              eq(notifications.subjectType, subject.type),
              ownedBy(subject.userId, false),
            ),
          );
      }
    },

    /** Everyone's notifications about one record (work any of several officers could do). */
    async markSubjectReadForAll(subject: { type: string; id: string }, at: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(
          and(
            eq(notifications.subjectId, subject.id),
            eq(notifications.subjectType, subject.type),
            isNull(notifications.readAt),
          ),
        );
    },

    async insertMany(rows: readonly NewNotification[]): Promise<void> {
      for (const chunk of chunks(rows)) await db.insert(notifications).values(chunk);
    },
  };
}
