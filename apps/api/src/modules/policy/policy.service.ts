/**
 * The cooperative's admin-editable policy (DESIGN §6 defaults: loans, withdrawals, fines), one row
 * of the `policy` table validated by `@coop/shared/policy` on every read.
 *
 * Every rule that depends on the policy reads it through `currentPolicy`, inside the transaction
 * of the use case, so one use case sees one policy from start to end. Until an administrator
 * saves a policy the row does not exist and the defaults apply: a fresh cooperative works at once.
 * A stored row that no longer passes the schema (an edit made outside the portal) is refused with
 * a 500 rather than used: a bad policy must never price a loan.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_POLICY, policySchema, type Policy } from '@coop/shared/policy';
import { policy } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';

export type { Policy } from '@coop/shared/policy';

/** The row's one id (a check constraint keeps it the only one). */
const POLICY_ROW_ID = 1;

/** The policy in force: the stored row, or the DESIGN §6 defaults while none was saved. */
export async function currentPolicy(db: Executor): Promise<Policy> {
  const [row] = await db
    .select({ settings: policy.settings })
    .from(policy)
    .where(eq(policy.id, POLICY_ROW_ID));
  if (!row) return DEFAULT_POLICY;
  const parsed = policySchema.safeParse(row.settings);
  if (!parsed.success) {
    throw new Error(`The stored policy is invalid: ${parsed.error.message}`);
  }
  return parsed.data;
}

/**
 * Stores a whole policy (validated), replacing the previous one; `updatedBy` names the
 * administrator. The back office's use case wraps this with its audit row; tests and the demo
 * use it to set a policy.
 */
export async function storePolicy(
  db: Executor,
  { settings, updatedBy, now }: { settings: Policy; updatedBy: string | null; now: Date },
): Promise<Policy> {
  const valid = policySchema.parse(settings);
  await db
    .insert(policy)
    .values({ id: POLICY_ROW_ID, settings: valid, updatedBy, updatedAt: now })
    .onConflictDoUpdate({
      target: policy.id,
      set: { settings: valid, updatedBy, updatedAt: now },
    });
  return valid;
}
