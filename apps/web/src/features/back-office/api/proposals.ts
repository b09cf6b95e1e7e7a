import type { Proposal } from '@coop/shared/proposals';
import { proposalArea } from '@coop/shared/proposals';
import type { ActionResponse, SuccessResponse } from '@coop/shared/http';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/admin-keys';

/** GET /admin/proposals: the Approvals queue (pending) or what was decided. */
export function useProposals(status: 'pending' | 'decided') {
  return useQuery({
    queryKey: adminKeys.proposals(status),
    queryFn: ({ signal }) =>
      api.get<SuccessResponse<Proposal[]>>('/admin/proposals', { params: { status }, signal }),
  });
}

const decisionPath = (proposal: Proposal, decision: 'approve' | 'reject') =>
  `/admin/proposals/${proposalArea(proposal.kind)}/${encodeURIComponent(proposal.id)}/${decision}`;

/** Approve or reject a proposal; every back-office list refreshes after (a change took effect). */
export function useDecideProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      proposal,
      decision,
      reason,
      key,
    }: {
      proposal: Proposal;
      decision: 'approve' | 'reject';
      reason?: string;
      key: string;
    }) =>
      api.post<ActionResponse>(
        decisionPath(proposal, decision),
        decision === 'reject' ? { reason } : undefined,
        { idempotencyKey: key },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
