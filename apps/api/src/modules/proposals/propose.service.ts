/**
 * Making a proposal (docs/administrators.md "Approvals"), for the use cases whose change becomes
 * one: the members' and the policy's. Deciding it is modules/approvals.
 */
import type { Policy } from '@coop/shared/policy';
import {
  CONTROLLED_POLICY_FIELDS,
  PROPOSAL_LIFETIME_DAYS,
  type ControlledPolicyField,
  type ProposalKind,
} from '@coop/shared/proposals';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit-log.js';
import { sendMessages } from '../notifications/notifications.service.js';
import { proposalsRepository, type ProposalRow } from './proposals.repository.js';

export type { ProposalRow } from './proposals.repository.js';
export type Values = Record<string, unknown>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Lets two values read from JSON be compared (arrays of roles in any order are one set). */
export function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    const [x, y] = [a as unknown[], b as unknown[]];
    return x.length === y.length && [...x].sort().join() === [...y].sort().join();
  }
  return (a ?? null) === (b ?? null);
}

/**
 * Records a proposal in the caller's transaction, audits it and, when it is about a person,
 * tells them at the address they have now and in the portal.
 */
export async function propose(
  tx: Tx,
  deps: Pick<Deps, 'config' | 'clock'>,
  actor: MemberActor,
  input: { kind: ProposalKind; targetUserId: string | null; before: Values; after: Values },
): Promise<ProposalRow> {
  const now = deps.clock.now();
  const row = await proposalsRepository(tx).insert({
    kind: input.kind,
    targetUserId: input.targetUserId,
    before: input.before,
    after: input.after,
    proposedBy: actor.user.id,
    proposedAt: now,
    expiresAt: new Date(now.getTime() + PROPOSAL_LIFETIME_DAYS * DAY_MS),
  });
  await writeAudit(tx, actor, {
    action: 'proposal.created',
    entityType: 'proposal',
    entityId: row.id,
    before: input.before,
    after: { kind: input.kind, targetUserId: input.targetUserId, ...input.after },
  });
  if (input.targetUserId) {
    await sendMessages(tx, deps, actor, [
      {
        userId: input.targetUserId,
        template: 'officerChangeProposed',
        facts: {
          kind: input.kind,
          proposer: `${actor.user.firstName} ${actor.user.lastName}`,
          changes: Object.keys(input.after).map((field) => ({
            field,
            before: input.before[field],
            after: input.after[field],
          })),
          expiresAt: row.expiresAt,
        },
      },
    ]);
  }
  return row;
}

/* ------------------------------------------------------- what becomes a proposal */

/** The policy fields a save changes that govern a control, as flat `group.field` values. */
export function controlledChanges(
  current: Policy,
  next: Policy,
): { before: Values; after: Values } | null {
  const before: Values = {};
  const after: Values = {};
  for (const field of Object.keys(CONTROLLED_POLICY_FIELDS) as ControlledPolicyField[]) {
    const [group, key] = field.split('.') as [string, string];
    const was = (current as unknown as Record<string, Values>)[group]?.[key];
    const will = (next as unknown as Record<string, Values>)[group]?.[key];
    if (!same(was, will)) {
      before[field] = was;
      after[field] = will;
    }
  }
  return Object.keys(after).length > 0 ? { before, after } : null;
}

/** The policy with its controlled fields kept as they are (what one officer may save alone). */
export function withControlsOf(current: Policy, next: Policy): Policy {
  const merged = structuredClone(next) as unknown as Record<string, Values>;
  const source = current as unknown as Record<string, Values>;
  for (const field of Object.keys(CONTROLLED_POLICY_FIELDS)) {
    const [group, key] = field.split('.') as [string, string];
    const section = merged[group];
    if (section) section[key] = source[group]?.[key];
  }
  return merged as unknown as Policy;
}
