import type { AdminMemberResponse } from '@coop/shared/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';
import { memberPath } from './member-keys';

/** POST /admin/users/{id}/suspend: the member can no longer sign in. */
export function suspendMember(id: string): Promise<AdminMemberResponse> {
  return api.post<AdminMemberResponse>(`${memberPath(id)}/suspend`);
}

export function useSuspendMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendMember,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
