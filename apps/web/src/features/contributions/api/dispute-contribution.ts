import type { ContributionResponse } from '@coop/shared/contributions';
import { api } from '../../../lib/api';
import { refreshAfterContributionChange } from './contribution-keys';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

export type DisputeContributionInput = { id: string; reason: string };

/** POST /users/contributions/{id}/dispute with the member's reason, trimmed. */
export function disputeContribution({
  id,
  reason,
}: DisputeContributionInput): Promise<ContributionResponse> {
  return api.post<ContributionResponse>(`/users/contributions/${encodeURIComponent(id)}/dispute`, {
    reason: reason.trim(),
  });
}

export function useDisputeContribution() {
  return useRefreshingMutation(disputeContribution, refreshAfterContributionChange);
}
