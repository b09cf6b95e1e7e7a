import { desc, eq } from 'drizzle-orm';
import { LOGIN_HISTORY_LIMIT } from '@coop/shared/security';
import type { Executor } from '../../db/client.js';
import { loginEvents } from '../../db/schema/index.js';
import { listPage } from '../../lib/list-query.js';

export type NewLoginEvent = typeof loginEvents.$inferInsert;

export function loginHistoryRepository(db: Executor) {
  return {
    async insert(event: NewLoginEvent): Promise<void> {
      await db.insert(loginEvents).values(event);
    },

    /**
     * The member's last LOGIN_HISTORY_LIMIT events, newest first, a page at a time: the list is
     * cut to those before it is paged, so its total never counts more.
     */
    page(userId: string, window: { page: number; limit: number }) {
      const latestOf = (member: string) =>
        db
          .select()
          .from(loginEvents)
          .where(eq(loginEvents.userId, member))
          .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
          .limit(LOGIN_HISTORY_LIMIT)
          .as('latest');
      // The sort columns name the subquery's columns, the same whoever's it is.
      const latest = latestOf(userId);
      // One order only (newest first), so the list's one sort field is the time.
      return listPage(
        { ...window, sortBy: 'occurredAt' as const, sortOrder: 'desc' as const },
        {
          db,
          statement: 'login_history_member',
          values: { userId },
          sortColumns: { occurredAt: latest.createdAt },
          tiebreakers: [latest.id],
          select: (page, bound) => {
            const own = latestOf(bound.userId);
            return db
              .select({
                row: {
                  id: own.id,
                  kind: own.kind,
                  createdAt: own.createdAt,
                  ip: own.ip,
                  userAgent: own.userAgent,
                  sessionId: own.sessionId,
                },
                totalItems: page.totalItems,
                session: page.session,
              })
              .from(own)
              .orderBy(...page.orderBy)
              .limit(page.limit)
              .offset(page.offset);
          },
        },
      );
    },
  };
}
