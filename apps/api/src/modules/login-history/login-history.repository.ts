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
      const latest = db
        .select()
        .from(loginEvents)
        .where(eq(loginEvents.userId, userId))
        .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
        .limit(LOGIN_HISTORY_LIMIT)
        .as('latest');
      // One order only (newest first), so the list's one sort field is the time.
      return listPage(
        { ...window, sortBy: 'occurredAt' as const, sortOrder: 'desc' as const },
        {
          sortColumns: { occurredAt: latest.createdAt },
          tiebreakers: [latest.id],
          fetch: (page) =>
            db
              .select({
                row: {
                  id: latest.id,
                  kind: latest.kind,
                  createdAt: latest.createdAt,
                  ip: latest.ip,
                  userAgent: latest.userAgent,
                  sessionId: latest.sessionId,
                },
                totalItems: page.totalItems,
              })
              .from(latest)
              .orderBy(...page.orderBy)
              .limit(page.limit)
              .offset(page.offset),
        },
      );
    },
  };
}
