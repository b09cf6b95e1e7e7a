import { and, desc, eq, gt } from 'drizzle-orm';
import { rateLimitEvents } from '../db/schema/index.js';
import type { Executor } from '../db/client.js';

/**
 * Sliding-window counters in the database (rate_limit_events), so a limit holds across every API
 * instance. Returns the milliseconds until one more event is allowed, or null when it is allowed.
 */
export async function blockedFor(
  db: Executor,
  args: { bucket: string; key: string; limit: number; windowMs: number; now: Date },
): Promise<number | null> {
  const { bucket, key, limit, windowMs, now } = args;
  const [oldest] = await db
    .select({ at: rateLimitEvents.createdAt })
    .from(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.bucket, bucket),
        eq(rateLimitEvents.key, key),
        gt(rateLimitEvents.createdAt, new Date(now.getTime() - windowMs)),
      ),
    )
    .orderBy(desc(rateLimitEvents.createdAt))
    .offset(limit - 1)
    .limit(1);
  if (!oldest) return null;
  return oldest.at.getTime() + windowMs - now.getTime();
}

/** Records one event against the bucket's key; answers its id, for `forgetEvent`. */
export async function recordEvent(
  db: Executor,
  args: { bucket: string; key: string; now: Date },
): Promise<number> {
  const [event] = await db
    .insert(rateLimitEvents)
    .values({ bucket: args.bucket, key: args.key, createdAt: args.now })
    .returning({ id: rateLimitEvents.id });
  return event!.id;
}

/** Takes back an event that turned out not to count (a claimed failure that was a success). */
export async function forgetEvent(db: Executor, id: number): Promise<void> {
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.id, id));
}
