import type { AdminMemberDetailResponse } from '@coop/shared/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { memberKeys, memberPath } from './member-keys';

/** GET /admin/users/{id}/record: the member's page (details, balances, everything that happened). */
export function getMemberRecord(
  id: string,
  signal?: AbortSignal,
): Promise<AdminMemberDetailResponse> {
  return api.get<AdminMemberDetailResponse>(`${memberPath(id)}/record`, { signal });
}

export const memberRecordQueryOptions = (id: string) =>
  queryOptions({
    queryKey: memberKeys.record(id),
    queryFn: ({ signal }) => getMemberRecord(id, signal),
  });

export function useMemberRecord(id: string) {
  return useQuery(memberRecordQueryOptions(id));
}
