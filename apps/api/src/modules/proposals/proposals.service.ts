/**
 * Two-person changes (docs/administrators.md "Approvals"): the store of proposals. A change to an
 * officer's identity, roles, flags or two-factor, and a change to a policy field that governs a
 * control, is not made by the officer who asks: it becomes a proposal that a DIFFERENT officer
 * holding the right permission (`officers.manage`, `policy.manage`) approves or rejects within 7
 * days. Making one is propose.service.ts; approving one, which applies the change through the
 * module that owns the record, is modules/approvals (so this module depends on none of them).
 */
import { PROPOSAL_MESSAGES, proposalArea, type ProposalListQuery } from '@coop/shared/proposals';
import type { Executor, Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError, notFound } from '../../lib/domain-error.js';
import { proposalsRepository, type ProposalRow } from './proposals.repository.js';

export type { ProposalRow } from './proposals.repository.js';

/** The proposals shown in the Approvals queue (pending) or its history (decided), newest first. */
export function listProposalRows(
  db: Executor,
  query: ProposalListQuery,
  now: Date,
): Promise<ProposalRow[]> {
  return proposalsRepository(db).list(query.status, now);
}

/** How many proposals wait for a decision (the back office's navigation and overview). */
export function pendingProposalCount(db: Executor, now: Date): Promise<number> {
  return proposalsRepository(db).pendingCount(now);
}

/** Locks a proposal still open for a decision in the given area, or refuses (404, 409). */
export async function lockPending(
  tx: Tx,
  deps: Pick<Deps, 'clock'>,
  id: string,
  area: 'officers' | 'policy',
): Promise<ProposalRow> {
  const row = await proposalsRepository(tx).lock(id);
  if (!row || proposalArea(row.kind) !== area) throw notFound('Proposal');
  if (row.status !== 'pending') {
    throw new DomainError({ code: 'PROPOSAL_NOT_PENDING', message: PROPOSAL_MESSAGES.notPending });
  }
  if (row.expiresAt <= deps.clock.now()) {
    throw new DomainError({ code: 'PROPOSAL_EXPIRED', message: PROPOSAL_MESSAGES.expired });
  }
  return row;
}

/** Marks a locked proposal approved by the actor (the caller applies the change). */
export async function markApproved(
  tx: Tx,
  actor: MemberActor,
  row: ProposalRow,
  now: Date,
): Promise<void> {
  await proposalsRepository(tx).decide(row.id, {
    status: 'approved',
    decidedBy: actor.user.id,
    decidedAt: now,
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
    await proposalsRepository(tx).decide(row.id, {
      status: 'rejected',
      decidedBy: actor.user.id,
      decidedAt: deps.clock.now(),
      rejectionReason: reason,
    });
    await writeAudit(tx, actor, {
      action: 'proposal.rejected',
      entityType: 'proposal',
      entityId: row.id,
      after: { kind: row.kind, proposedBy: row.proposedBy, rejectedBy: actor.user.id, reason },
    });
  });
}
