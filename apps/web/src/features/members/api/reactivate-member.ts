import type { AdminMemberResponse } from '@coop/shared/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';
import { memberPath } from './member-keys';

/** POST /admin/users/{id}/reactivate: a suspended member may sign in again. */
export function reactivateMember(id: string): Promise<AdminMemberResponse> {
  return api.post<AdminMemberResponse>(`${memberPath(id)}/reactivate`);
}

export function useReactivateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateMember,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
