import type { ConfirmContributionsResponse } from '@coop/shared/contributions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterContributionChange } from './contribution-keys';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmContributions,
    onSuccess: () => refreshAfterContributionChange(queryClient),
  });
}
