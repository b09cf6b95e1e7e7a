/**
 * The cooperative's admin-editable policy (docs/business-rules.md defaults: loans, withdrawals,
 * fines), one row of the `policy` table validated by `@coop/shared/policy` on every read.
 *
 * Every rule that depends on the policy reads it through `currentPolicy`, inside the transaction
 * of the use case, so one use case sees one policy from start to end. Until an administrator
 * saves a policy the row does not exist and the defaults apply: a fresh cooperative works at once.
 * A stored row that no longer passes the schema (an edit made outside the portal) is refused with
 * a 500 rather than used: a bad policy must never price a loan.
 */
import { DEFAULT_POLICY, policySchema, type Policy, type PolicyView } from '@coop/shared/policy';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { actorIdOf, type Actor, type MemberActor } from '../../lib/actor.js';
import { advisoryLock } from '../../lib/advisory-lock.js';
import { writeAudit } from '../../lib/audit-log.js';
import type { ControlledPolicyField } from '@coop/shared/proposals';
import {
  controlledChanges,
  propose,
  same,
  withControlsOf,
  type ProposalRow,
  type Values,
} from '../proposals/propose.service.js';
import { memberNames } from '../members/members.service.js';
import { POLICY_ROW_ID, policyRepository } from './policy.repository.js';

export type { Policy } from '@coop/shared/policy';

/**
 * The policy in force: the stored row, or the docs/business-rules.md defaults while none was saved.
 */
export async function currentPolicy(db: Executor): Promise<Policy> {
  const row = await policyRepository(db).row();
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
  await policyRepository(db).store(valid, updatedBy, now);
  return valid;
}

/** Saves of the policy queue here, so each audit row's "before" is what the previous save left. */
export async function lockPolicy(tx: Executor): Promise<void> {
  await advisoryLock(tx, 'coop.policy');
}

/**
 * Applies an approved change to the policy's controls (docs/administrators.md "Approvals"), in
 * the approver's transaction; refused (409, nothing written) if a field moved since it was
 * proposed. The audit row names both proposer and approver.
 */
export async function applyControlsProposal(
  tx: Executor,
  deps: Pick<Deps, 'clock'>,
  actor: MemberActor,
  row: ProposalRow,
  stale: () => Error,
): Promise<void> {
  const before = row.before as Values;
  const after = row.after as Values;
  await lockPolicy(tx);
  const next = structuredClone(await currentPolicy(tx)) as unknown as Record<string, Values>;
  for (const field of Object.keys(after) as ControlledPolicyField[]) {
    const [group, key] = field.split('.') as [string, string];
    const section = next[group];
    if (!section || !same(section[key], before[field])) throw stale();
    section[key] = after[field];
  }
  await storePolicy(tx, {
    settings: next as unknown as Policy,
    updatedBy: actor.user.id,
    now: deps.clock.now(),
  });
  await writeAudit(tx, actor, {
    action: 'policy.updated',
    entityType: 'policy',
    entityId: '1',
    before,
    after: { ...after, proposalId: row.id, proposedBy: row.proposedBy, approvedBy: actor.user.id },
  });
}

/** GET /admin/policy: the policy in force, who saved it and when (defaults: never saved). */
export async function policyView(deps: Deps, _actor: Actor): Promise<PolicyView> {
  const row = await policyRepository(deps.db).row();
  const savedBy = row?.updatedBy
    ? (await memberNames(deps.db, [row.updatedBy])).get(row.updatedBy)
    : undefined;
  return {
    policy: await currentPolicy(deps.db),
    updatedAt: row ? row.updatedAt.toISOString() : null,
    updatedBy: row?.updatedBy && savedBy ? { id: row.updatedBy, name: savedBy.name } : null,
    isDefault: row === undefined,
  };
}

/**
 * PUT /admin/policy: the officer replaces the whole policy (validated by the shared schema),
 * audited with the policy before and after, in one transaction. It applies to what is asked for
 * from now on: a loan keeps the rate and fees fixed when it was requested, a fine its due date, so
 * nothing already requested changes (docs/administrators.md "Policy"). A change to a field that
 * governs a control (CONTROLLED_POLICY_FIELDS) is not saved: it becomes a proposal another officer
 * approves (docs/administrators.md "Approvals"); the rest is saved at once.
 */
export async function updatePolicy(
  deps: Deps,
  actor: MemberActor,
  input: Policy,
): Promise<{ view: PolicyView; proposed: boolean }> {
  return deps.db.transaction(async (tx) => {
    await lockPolicy(tx);
    const before = await currentPolicy(tx);
    const next = policySchema.parse(input);
    const controlled = controlledChanges(before, next);
    const direct = withControlsOf(before, next);
    if (JSON.stringify(direct) !== JSON.stringify(before)) {
      const after = await storePolicy(tx, {
        settings: direct,
        updatedBy: actorIdOf(actor),
        now: deps.clock.now(),
      });
      await writeAudit(tx, actor, {
        action: 'policy.updated',
        entityType: 'policy',
        entityId: String(POLICY_ROW_ID),
        before,
        after,
      });
    }
    if (controlled) {
      await propose(tx, deps, actor, {
        kind: 'policy.controls',
        targetUserId: null,
        ...controlled,
      });
    }
    return { view: await policyView({ ...deps, db: tx }, actor), proposed: controlled !== null };
  });
}

export const POLICY_SAVED_MESSAGE =
  'Policy saved. It applies to new requests; loans and fines already made keep their terms.';
export const POLICY_PROPOSED_MESSAGE =
  'Saved, except the controls you changed: another officer must approve those (Approvals).';
