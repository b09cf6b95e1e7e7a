/**
 * Deciding two-person changes (docs/administrators.md "Approvals"). A different officer holding
 * the right permission (`officers.manage`, `policy.manage`) approves a proposal within 7 days, and
 * the module that owns the record applies it in the same transaction: members for an officer's
 * details, status, roles and flags, two-factor for a reset, policy for its controls. Approving
 * applies the change only while the record still reads as it did when proposed. This module sits
 * above those three and the proposals store, so none of them depends on another through it.
 */
import { hasPermission, type OfficerRole } from '@coop/shared/officers';
import {
  PROPOSAL_MESSAGES,
  proposalArea,
  type Proposal,
  type ProposalListQuery,
} from '@coop/shared/proposals';
import type { Deps } from '../../deps.js';
import { requireTwoFactor, type MemberActor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError } from '../../lib/domain-error.js';
import {
  listProposalRows,
  lockPending,
  markApproved,
  type ProposalRow,
} from '../proposals/proposals.service.js';
import type { Values } from '../proposals/propose.service.js';
import { applyOfficerProposal, memberNames } from '../members/members.service.js';
import { applyControlsProposal } from '../policy/policy.service.js';
import { resetTwoFactor } from '../two-factor/two-factor.service.js';

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
  const rows = await listProposalRows(deps.db, query, now);
  const names = await memberNames(
    deps.db,
    rows.flatMap((row) =>
      [row.proposedBy, row.decidedBy, row.targetUserId].filter((id): id is string => !!id),
    ),
  );
  const nameOf = (id: string | null) => (id ? names.get(id) : undefined);
  return rows.map((row) => {
    const before = row.before as Values;
    const after = row.after as Values;
    const status = statusAt(row, now);
    const target = nameOf(row.targetUserId);
    const decider = nameOf(row.decidedBy);
    return {
      id: row.id,
      kind: row.kind,
      status,
      target:
        row.targetUserId && target
          ? { id: row.targetUserId, name: target.name, membershipId: target.membershipId }
          : null,
      changes: Object.keys(after).map((field) => ({
        field,
        before: before[field] ?? null,
        after: after[field] ?? null,
      })),
      proposedBy: { id: row.proposedBy, name: nameOf(row.proposedBy)?.name ?? '' },
      proposedAt: row.proposedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      decidedBy: row.decidedBy && decider ? { id: row.decidedBy, name: decider.name } : null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      rejectionReason: row.rejectionReason,
      canApprove: status === 'pending' && mayApprove(actor.user.roles, actor.user.id, row),
    };
  });
}

const stale = () => new DomainError({ code: 'PROPOSAL_STALE', message: PROPOSAL_MESSAGES.stale });

/**
 * POST /admin/proposals/{area}/{id}/approve: a different officer, signed in with the second
 * factor, approves, and the change takes effect in the same transaction. Never the proposer,
 * never the person the change is about.
 */
export async function approveProposal(
  deps: Deps,
  actor: MemberActor,
  { id, area }: { id: string; area: 'officers' | 'policy' },
): Promise<void> {
  requireTwoFactor(actor);
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
    await markApproved(tx, actor, row, deps.clock.now());
    if (row.kind === 'policy.controls') {
      await applyControlsProposal(tx, deps, actor, row, stale);
    } else if (row.kind === 'officer.two_factor_reset') {
      if (!row.targetUserId) throw stale();
      // Audited there as auth.two_factor.reset; proposal.approved names proposer and approver.
      await resetTwoFactor({ ...deps, db: tx }, actor, { userId: row.targetUserId });
    } else {
      await applyOfficerProposal(tx, deps, actor, row, stale);
    }
    await writeAudit(tx, actor, {
      action: 'proposal.approved',
      entityType: 'proposal',
      entityId: row.id,
      before: row.before,
      after: { kind: row.kind, proposedBy: row.proposedBy, approvedBy: actor.user.id },
    });
  });
}
