import type { ConfirmContributionsResponse } from '@coop/shared/contributions';
import { api } from '../../../lib/api';
import { refreshAfterContributionChange } from './contribution-keys';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

/**
 * POST /users/contributions/confirm. docs/member-portal.md §7: the body carries a single id as a
 * string when one contribution is confirmed, and an array otherwise.
 */
export function confirmContributions(
  ids: readonly string[],
): Promise<ConfirmContributionsResponse> {
  const contributionIds = ids.length === 1 ? ids[0] : ids;
  return api.post<ConfirmContributionsResponse>('/users/contributions/confirm', {
    contributionIds,
  });
}

export function useConfirmContributions() {
  return useRefreshingMutation(confirmContributions, refreshAfterContributionChange);
}
