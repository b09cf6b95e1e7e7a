import type { AdminMemberListResponse } from '@coop/shared/members';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { memberKeys } from './member-keys';

/**
 * GET /admin/users (docs/member-portal.md §7): 50 a page, by first name; search, status, flags,
 * joined date.
 */
export function getMembers(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<AdminMemberListResponse> {
  return api.get<AdminMemberListResponse>('/admin/users', { params: query, signal });
}

export const membersQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: memberKeys.list(query),
    queryFn: ({ signal }) => getMembers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useMembers(query: QueryParams) {
  return useQuery(membersQueryOptions(query));
}
