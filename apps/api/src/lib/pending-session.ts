/**
 * A member list's session check, carried by its page statement (decision 108). The route group
 * (plugins/route-groups.ts, a route's `sessionInPage`) verifies the token and leaves the check of
 * the user and the sign-in pending; the list helper (lib/list-query.ts) selects `column` beside
 * the page's rows and calls `settle` with what it read, before anything of the page is used. It
 * is made on its own whenever the page could not carry it: an empty page, an error before the
 * handler's statement (the error handler), a handler that never reached one (the group's
 * `preSerialization`). Until it settles, `req.member.user` holds only the token's user id, and
 * nothing is answered: 401 and 403 still come first, and the check still reads the database on
 * every request (decision 083).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQL } from 'drizzle-orm';

export interface PendingSession {
  /**
   * The session check as a scalar subquery giving one JSON object (null: no such user); the same
   * SQL for every request, its values placeholders (`sessionUserId`, `sessionId`, `sessionNow`),
   * so a prepared list binds them like its own (decision 143).
   */
  column: SQL;
  /** This request's values of those placeholders. */
  values: { sessionUserId: string; sessionId: string; sessionNow: string };
  /** Checks what the page's statement read (null: reads it on its own); throws 401/403. */
  settle(row: unknown): Promise<void>;
  settled: boolean;
}

/** The pending check of the request whose handler is running (entered in the group's preHandler). */
export const pendingSessions = new AsyncLocalStorage<PendingSession>();

/** The current request's session check still to make, when its route reads it with the page. */
export function pendingSession(): PendingSession | undefined {
  const pending = pendingSessions.getStore();
  return pending && !pending.settled ? pending : undefined;
}
