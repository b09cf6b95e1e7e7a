import type { SuccessResponse } from '@coop/shared/http';
import type { Proposal } from '@coop/shared/proposals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { backOfficeKeys } from './back-office-keys';

type ProposalStatus = 'pending' | 'decided';

/** GET /admin/proposals: the Approvals queue (pending) or what was decided. */
export function getProposals(
  status: ProposalStatus,
  signal?: AbortSignal,
): Promise<SuccessResponse<Proposal[]>> {
  return api.get<SuccessResponse<Proposal[]>>('/admin/proposals', { params: { status }, signal });
}

export const proposalsQueryOptions = (status: ProposalStatus) =>
  queryOptions({
    queryKey: backOfficeKeys.proposals(status),
    queryFn: ({ signal }) => getProposals(status, signal),
  });

export function useProposals(status: ProposalStatus) {
  return useQuery(proposalsQueryOptions(status));
}
