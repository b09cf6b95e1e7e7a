import { asc, eq } from 'drizzle-orm';
import { passwordResetRequests } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';

export type PasswordResetRequestRow = typeof passwordResetRequests.$inferSelect;

/** The queue of forgot-password requests, which the reset job empties (decision 020). */
export function authRepository(db: Executor) {
  return {
    async queueResetRequest(values: typeof passwordResetRequests.$inferInsert): Promise<void> {
      await db.insert(passwordResetRequests).values(values);
    },

    /** Takes the oldest queued request off the queue (one worker each: SKIP LOCKED). */
    async takeOldestResetRequest(): Promise<PasswordResetRequestRow | undefined> {
      const [request] = await db
        .select()
        .from(passwordResetRequests)
        .orderBy(asc(passwordResetRequests.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (request) {
        await db.delete(passwordResetRequests).where(eq(passwordResetRequests.id, request.id));
      }
      return request;
    },
  };
}
