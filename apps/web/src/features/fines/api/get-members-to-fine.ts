import type { AdminMemberListResponse } from '@coop/shared/members';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { officerKeys } from '../../../lib/shared-query-keys';

/** GET /admin/users: the active members an officer picks to fine, by name or membership ID. */
export function getMembersToFine(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<AdminMemberListResponse> {
  return api.get<AdminMemberListResponse>('/admin/users', { params: query, signal });
}

/** The members list's own key, so a search made there is not fetched again. */
export const membersToFineQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: officerKeys.members(query),
    queryFn: ({ signal }) => getMembersToFine(query, signal),
    placeholderData: keepPreviousData,
  });

export function useMembersToFine(query: QueryParams) {
  return useQuery(membersToFineQueryOptions(query));
}
