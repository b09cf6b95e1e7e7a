import type { AdminMemberResponse, AdminUpdateMemberInput } from '@coop/shared/members';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';
import { memberPath } from './member-keys';

export type UpdateMemberInput = { id: string; values: AdminUpdateMemberInput };

/** PUT /admin/users/{id}: the member's details as the officer edited them. */
export function updateMember({ id, values }: UpdateMemberInput): Promise<AdminMemberResponse> {
  return api.put<AdminMemberResponse>(memberPath(id), values);
}

export function useUpdateMember() {
  return useOfficerMutation(updateMember);
}
