import type { DisputeListResponse } from '@coop/shared/contributions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { contributionKeys } from './contribution-keys';

/** GET /admin/contributions/disputes: one page of the members' disputed contributions. */
export function getDisputes(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<DisputeListResponse> {
  return api.get<DisputeListResponse>('/admin/contributions/disputes', { params: query, signal });
}

export const disputesQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: contributionKeys.officerDisputes(query),
    queryFn: ({ signal }) => getDisputes(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDisputes(query: QueryParams) {
  return useQuery(disputesQueryOptions(query));
}
