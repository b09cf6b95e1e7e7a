import type { AdminMemberFlagsInput, AdminMemberResponse } from '@coop/shared/members';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';
import { memberPath } from './member-keys';

export type SetMemberFlagsInput = { id: string; values: AdminMemberFlagsInput };

/** PUT /admin/users/{id}/flags: loan reviewer, exco (an officer's change may become a proposal). */
export function setMemberFlags({ id, values }: SetMemberFlagsInput): Promise<AdminMemberResponse> {
  return api.put<AdminMemberResponse>(`${memberPath(id)}/flags`, values);
}

export function useSetMemberFlags() {
  return useOfficerMutation(setMemberFlags);
}
