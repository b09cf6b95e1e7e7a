import type { ActionResponse } from '@coop/shared/http';
import { proposalArea, type Proposal } from '@coop/shared/proposals';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';

/** The Idempotency-Key: one per decision the officer made, kept across its retries. */
export type ApproveProposalInput = { proposal: Proposal; idempotencyKey: string };

/** POST /admin/proposals/{area}/{id}/approve: the second officer's yes; the change takes effect. */
export function approveProposal({
  proposal,
  idempotencyKey,
}: ApproveProposalInput): Promise<ActionResponse> {
  return api.post<ActionResponse>(
    `/admin/proposals/${proposalArea(proposal.kind)}/${encodeURIComponent(proposal.id)}/approve`,
    undefined,
    { idempotencyKey },
  );
}

export function useApproveProposal() {
  return useOfficerMutation(approveProposal);
}
