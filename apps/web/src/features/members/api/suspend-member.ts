import type { AdminMemberResponse } from '@coop/shared/members';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';
import { memberPath } from './member-keys';

/** POST /admin/users/{id}/suspend: the member can no longer sign in. */
export function suspendMember(id: string): Promise<AdminMemberResponse> {
  return api.post<AdminMemberResponse>(`${memberPath(id)}/suspend`);
}

export function useSuspendMember() {
  return useOfficerMutation(suspendMember);
}
