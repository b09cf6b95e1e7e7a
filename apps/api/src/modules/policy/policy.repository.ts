import { eq } from 'drizzle-orm';
import { policy } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';

/** The row's one id (a check constraint keeps it the only one). */
export const POLICY_ROW_ID = 1;

/** The policy's one row: its stored settings, when and by whom it was saved. */
export function policyRepository(db: Executor) {
  return {
    async row() {
      const [row] = await db
        .select({
          settings: policy.settings,
          updatedAt: policy.updatedAt,
          updatedBy: policy.updatedBy,
        })
        .from(policy)
        .where(eq(policy.id, POLICY_ROW_ID));
      return row;
    },

    /** Replaces the stored settings (the row is created at the first save). */
    async store(settings: unknown, updatedBy: string | null, now: Date): Promise<void> {
      await db
        .insert(policy)
        .values({ id: POLICY_ROW_ID, settings, updatedBy, updatedAt: now })
        .onConflictDoUpdate({
          target: policy.id,
          set: { settings, updatedBy, updatedAt: now },
        });
    },
  };
}
