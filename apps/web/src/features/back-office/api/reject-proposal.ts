import type { ActionResponse } from '@coop/shared/http';
import { proposalArea, type Proposal } from '@coop/shared/proposals';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';

/** The Idempotency-Key: one per decision the officer made, kept across its retries. */
export type RejectProposalInput = { proposal: Proposal; reason: string; idempotencyKey: string };

/**
 * POST /admin/proposals/{area}/{id}/reject: nothing changes, the reason is kept (the proposer
 * withdrawing their own proposal is the same call).
 */
export function rejectProposal({
  proposal,
  reason,
  idempotencyKey,
}: RejectProposalInput): Promise<ActionResponse> {
  return api.post<ActionResponse>(
    `/admin/proposals/${proposalArea(proposal.kind)}/${encodeURIComponent(proposal.id)}/reject`,
    { reason },
    { idempotencyKey },
  );
}

export function useRejectProposal() {
  return useOfficerMutation(rejectProposal);
}
