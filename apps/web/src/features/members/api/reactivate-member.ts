import type { AdminMemberResponse } from '@coop/shared/members';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';
import { memberPath } from './member-keys';

/** POST /admin/users/{id}/reactivate: a suspended member may sign in again. */
export function reactivateMember(id: string): Promise<AdminMemberResponse> {
  return api.post<AdminMemberResponse>(`${memberPath(id)}/reactivate`);
}

export function useReactivateMember() {
  return useOfficerMutation(reactivateMember);
}
