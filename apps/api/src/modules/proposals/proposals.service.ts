/**
 * Two-person changes (docs/administrators.md "Approvals"). A change to an officer's identity,
 * roles, flags or two-factor, and a change to a policy field that governs a control, is not made
 * by the officer who asks: it becomes a proposal that a DIFFERENT officer holding the right
 * permission (`officers.manage`, `policy.manage`) approves or rejects within 7 days. The person
 * affected is told at their current (old) e-mail address and in the portal when it is proposed,
 * before anything takes effect. Approving applies the change only while the record still reads as
 * it did when proposed, and the audit row of the change names both proposer and approver.
 */
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { hasPermission, type OfficerRole } from '@coop/shared/officers';
import {
  PROPOSAL_MESSAGES,
  proposalArea,
  type ControlledPolicyField,
  type Proposal,
  type ProposalListQuery,
} from '@coop/shared/proposals';
import type { Policy } from '@coop/shared/policy';
import { proposals, users } from '../../db/schema/index.js';
import type { Executor, Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError, notFound } from '../../lib/domain-error.js';
import { propose, same, type ProposalRow, type Values } from './propose.js';
import { currentPolicy, lockPolicy, storePolicy } from '../policy/policy.service.js';
import { resetTwoFactor } from '../two-factor/two-factor.service.js';
import { revokeAllSessions } from '../sessions/sessions.service.js';

/* ------------------------------------------------------------------- the queue */

const proposer = alias(users, 'proposer');
const decider = alias(users, 'decider');
const target = alias(users, 'target');
const nameOf = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

/** The shown status: a pending proposal past its time reads as expired. */
function statusAt(row: ProposalRow, now: Date): Proposal['status'] {
  return row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status;
}

function mayApprove(roles: readonly OfficerRole[], actorId: string, row: ProposalRow): boolean {
  const permission = proposalArea(row.kind) === 'policy' ? 'policy.manage' : 'officers.manage';
  return (
    hasPermission(roles, permission) && row.proposedBy !== actorId && row.targetUserId !== actorId
  );
}

/** GET /admin/proposals: the pending ones (the Approvals queue) or the decided ones. */
export async function listProposals(
  deps: Deps,
  actor: MemberActor,
  query: ProposalListQuery,
): Promise<Proposal[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({
      proposal: proposals,
      proposerName: nameOf(proposer),
      deciderName: nameOf(decider),
      targetName: nameOf(target),
      targetMembershipId: target.membershipId,
    })
    .from(proposals)
    .innerJoin(proposer, eq(proposer.id, proposals.proposedBy))
    .leftJoin(decider, eq(decider.id, proposals.decidedBy))
    .leftJoin(target, eq(target.id, proposals.targetUserId))
    .where(
      query.status === 'pending'
        ? and(eq(proposals.status, 'pending'), sql`${proposals.expiresAt} > ${now}`)
        : sql`${proposals.status} <> 'pending' or ${proposals.expiresAt} <= ${now}`,
    )
    .orderBy(desc(proposals.proposedAt))
    .limit(100);
  return rows.map(({ proposal: row, ...names }) => {
    const before = row.before as Values;
    const after = row.after as Values;
    const status = statusAt(row, now);
    return {
      id: row.id,
      kind: row.kind,
      status,
      target:
        row.targetUserId && names.targetName
          ? {
              id: row.targetUserId,
              name: names.targetName,
              membershipId: names.targetMembershipId ?? '',
            }
          : null,
      changes: Object.keys(after).map((field) => ({
        field,
        before: before[field] ?? null,
        after: after[field] ?? null,
      })),
      proposedBy: { id: row.proposedBy, name: names.proposerName },
      proposedAt: row.proposedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      decidedBy:
        row.decidedBy && names.deciderName ? { id: row.decidedBy, name: names.deciderName } : null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      rejectionReason: row.rejectionReason,
      canApprove: status === 'pending' && mayApprove(actor.user.roles, actor.user.id, row),
    };
  });
}

/** How many proposals wait for a decision (the back office's navigation and overview). */
export async function pendingProposalCount(db: Executor, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(proposals)
    .where(and(eq(proposals.status, 'pending'), sql`${proposals.expiresAt} > ${now}`));
  return Number(row?.n ?? 0);
}

/* ------------------------------------------------------------------ decisions */

async function lockPending(tx: Tx, deps: Deps, id: string, area: 'officers' | 'policy') {
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for('update');
  if (!row || proposalArea(row.kind) !== area) throw notFound('Proposal');
  if (row.status !== 'pending') {
    throw new DomainError({ code: 'PROPOSAL_NOT_PENDING', message: PROPOSAL_MESSAGES.notPending });
  }
  if (row.expiresAt <= deps.clock.now()) {
    throw new DomainError({ code: 'PROPOSAL_EXPIRED', message: PROPOSAL_MESSAGES.expired });
  }
  return row;
}

const stale = () => new DomainError({ code: 'PROPOSAL_STALE', message: PROPOSAL_MESSAGES.stale });

/**
 * POST /admin/proposals/{area}/{id}/approve: a different officer approves, and the change takes
 * effect in the same transaction. Never the proposer, never the person the change is about.
 */
export async function approveProposal(
  deps: Deps,
  actor: MemberActor,
  { id, area }: { id: string; area: 'officers' | 'policy' },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, deps, id, area);
    if (row.proposedBy === actor.user.id) {
      throw new DomainError({
        code: 'PROPOSAL_SELF_APPROVAL',
        message: PROPOSAL_MESSAGES.selfApproval,
      });
    }
    if (row.targetUserId === actor.user.id) {
      throw new DomainError({ code: 'PROPOSAL_ABOUT_YOU', message: PROPOSAL_MESSAGES.aboutYou });
    }
    const now = deps.clock.now();
    await tx
      .update(proposals)
      .set({ status: 'approved', decidedBy: actor.user.id, decidedAt: now })
      .where(eq(proposals.id, row.id));
    await apply(tx, { ...deps, db: tx }, actor, row);
    await writeAudit(tx, actor, {
      action: 'proposal.approved',
      entityType: 'proposal',
      entityId: row.id,
      before: row.before,
      after: { kind: row.kind, proposedBy: row.proposedBy, approvedBy: actor.user.id },
    });
  });
}

/**
 * POST /admin/proposals/{area}/{id}/reject: any officer holding the permission, the proposer too
 * (withdrawing it), rejects with a reason; nothing changes.
 */
export async function rejectProposal(
  deps: Deps,
  actor: MemberActor,
  { id, area, reason }: { id: string; area: 'officers' | 'policy'; reason: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, deps, id, area);
    await tx
      .update(proposals)
      .set({
        status: 'rejected',
        decidedBy: actor.user.id,
        decidedAt: deps.clock.now(),
        rejectionReason: reason,
      })
      .where(eq(proposals.id, row.id));
    await writeAudit(tx, actor, {
      action: 'proposal.rejected',
      entityType: 'proposal',
      entityId: row.id,
      after: { kind: row.kind, proposedBy: row.proposedBy, rejectedBy: actor.user.id, reason },
    });
  });
}

/** Makes an approved change, refusing it (409, nothing written) if the record moved since. */
async function apply(tx: Tx, deps: Deps, actor: MemberActor, row: ProposalRow): Promise<void> {
  const before = row.before as Values;
  const after = row.after as Values;
  const signatures = { proposalId: row.id, proposedBy: row.proposedBy, approvedBy: actor.user.id };
  const now = deps.clock.now();

  if (row.kind === 'policy.controls') {
    await lockPolicy(tx);
    const policy = await currentPolicy(tx);
    const next = structuredClone(policy) as unknown as Record<string, Values>;
    for (const field of Object.keys(after) as ControlledPolicyField[]) {
      const [group, key] = field.split('.') as [string, string];
      const section = next[group];
      if (!section || !same(section[key], before[field])) throw stale();
      section[key] = after[field];
    }
    await storePolicy(tx, {
      settings: next as unknown as Policy,
      updatedBy: actor.user.id,
      now,
    });
    await writeAudit(tx, actor, {
      action: 'policy.updated',
      entityType: 'policy',
      entityId: '1',
      before,
      after: { ...after, ...signatures },
    });
    return;
  }

  const userId = row.targetUserId;
  if (!userId) throw stale();
  const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!current) throw stale();
  const record = current as unknown as Values;

  if (row.kind === 'officer.two_factor_reset') {
    // Audited there as auth.two_factor.reset; proposal.approved names proposer and approver.
    await resetTwoFactor(deps, actor, { userId });
    return;
  }

  for (const field of Object.keys(after)) {
    if (!same(record[field], before[field])) throw stale();
  }
  if (row.kind === 'officer.details') {
    // Someone else took the address or number meanwhile: the unique index would refuse it.
    const email = typeof after.email === 'string' ? after.email : null;
    const phone = typeof after.phoneNumber === 'string' ? after.phoneNumber : null;
    const clashes = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          ne(users.id, userId),
          or(
            email ? eq(users.email, email) : undefined,
            phone ? eq(users.phoneNumber, phone) : undefined,
          ),
        ),
      );
    if ((email || phone) && clashes.length > 0) throw stale();
  }
  await tx
    .update(users)
    .set({
      ...(after as Partial<typeof users.$inferInsert>),
      // A new e-mail, a suspension or new roles end every sign-in: the person signs in again
      // under what was approved.
      ...(row.kind === 'officer.details' || row.kind === 'officer.roles' || after.isActive === false
        ? { tokensValidAfter: now }
        : {}),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  if (row.kind === 'officer.details' || row.kind === 'officer.roles' || after.isActive === false) {
    await revokeAllSessions(tx, userId, now);
  }
  const action = {
    'officer.details': 'member.updated',
    'officer.status': after.isActive ? 'member.reinstated' : 'member.suspended',
    'officer.roles': 'member.roles_changed',
    'officer.flags': 'member.flags_changed',
  } as const;
  await writeAudit(tx, actor, {
    action: action[row.kind],
    entityType: 'user',
    entityId: userId,
    before,
    after: { ...after, ...signatures },
  });
}

/**
 * POST /admin/users/{id}/two-factor/reset on an officer: turning an officer's second factor off
 * is a two-person change (a takeover needs it). Answers whether it was proposed; a member's reset
 * stays immediate.
 */
export async function proposeTwoFactorResetOfOfficer(
  deps: Deps,
  actor: MemberActor,
  { userId }: { userId: string },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ roles: users.roles })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row || row.roles.length === 0) return false;
    await propose(tx, deps, actor, {
      kind: 'officer.two_factor_reset',
      targetUserId: userId,
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
    return true;
  });
}
