import type { ContributionListResponse } from '@coop/shared/contributions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { contributionKeys } from './contribution-keys';

/** GET /users/contributions: one page of the member's contributions, filtered and sorted. */
export function getContributions(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<ContributionListResponse> {
  return api.get<ContributionListResponse>('/users/contributions', { params: query, signal });
}

export const contributionsQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: contributionKeys.list(query),
    queryFn: ({ signal }) => getContributions(query, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useContributions(query: QueryParams) {
  return useQuery(contributionsQueryOptions(query));
}
