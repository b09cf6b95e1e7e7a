/**
 * The sign-in budgets' SQL (docs/decisions/093-sign-in-budgets-instead-of-account-lockout.md):
 * one row of `sign_in_locks` per budget that failed lately, and the record of every attempt in
 * `sign_in_attempts`. The rules (how many guesses, how long a budget rests) stay in
 * sign-in-throttle.service.ts, which passes them in.
 */
import { and, eq, inArray, isNull, like, lt, or, sql } from 'drizzle-orm';
import { signInAttempts, signInLocks } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';

export function signInThrottleRepository(db: Executor) {
  return {
    /** When the budget's rest ends, if it rests now. */
    async restingUntil(key: string, now: Date): Promise<Date | null> {
      const [lock] = await db
        .select({ lockedUntil: signInLocks.lockedUntil })
        .from(signInLocks)
        .where(eq(signInLocks.key, key));
      const until = lock?.lockedUntil ?? null;
      return until && until.getTime() > now.getTime() ? until : null;
    },

    /**
     * Adds one failure to the budget in one upsert, so parallel failures count one another (the row
     * then stays locked until the transaction ends). A budget that rests keeps its count; one whose
     * window opened at or before `windowStart` starts a new window with this failure.
     */
    async addFailure(
      key: string,
      now: Date,
      windowStart: Date,
    ): Promise<{ failures: number; lockedUntil: Date | null }> {
      const at = now.toISOString();
      const resting = sql`${signInLocks.lockedUntil} is not null and ${signInLocks.lockedUntil} > ${at}::timestamptz`;
      const expired = sql`${signInLocks.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(signInLocks)
        .values({ key, failures: 1, windowStartedAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: signInLocks.key,
          set: {
            failures: sql`case when ${resting} then ${signInLocks.failures} when ${expired} then 1 else ${signInLocks.failures} + 1 end`,
            windowStartedAt: sql`case when ${resting} or not ${expired} then ${signInLocks.windowStartedAt} else ${at}::timestamptz end`,
            updatedAt: now,
          },
        })
        .returning({ failures: signInLocks.failures, lockedUntil: signInLocks.lockedUntil });
      return row!;
    },

    /** Rests the budget until `until`, its count starting afresh after it. */
    async rest(key: string, now: Date, until: Date): Promise<void> {
      await db
        .update(signInLocks)
        .set({ failures: 0, windowStartedAt: now, lockedUntil: until, updatedAt: now })
        .where(eq(signInLocks.key, key));
    },

    /** Forgets these budgets, and every budget whose key starts with `keyPrefix` when one is given. */
    async forget(keys: string[], keyPrefix?: string): Promise<void> {
      const named = keys.length > 0 ? inArray(signInLocks.key, keys) : undefined;
      const prefixed = keyPrefix === undefined ? undefined : like(signInLocks.key, `${keyPrefix}%`);
      const which = or(named, prefixed);
      if (which) await db.delete(signInLocks).where(which);
    },

    /** Deletes budgets untouched since `before` that no longer rest; answers how many went. */
    async forgetIdle(before: Date, now: Date): Promise<number> {
      const gone = await db
        .delete(signInLocks)
        .where(
          and(
            lt(signInLocks.updatedAt, before),
            or(isNull(signInLocks.lockedUntil), lt(signInLocks.lockedUntil, now)),
          ),
        )
        .returning({ key: signInLocks.key });
      return gone.length;
    },

    async insertAttempt(attempt: {
      userId: string | null;
      identifier: string;
      ip: string;
      succeeded: boolean;
      now: Date;
    }): Promise<void> {
      await db.insert(signInAttempts).values({
        userId: attempt.userId,
        identifier: attempt.identifier,
        ip: attempt.ip,
        succeeded: attempt.succeeded,
        createdAt: attempt.now,
      });
    },
  };
}
