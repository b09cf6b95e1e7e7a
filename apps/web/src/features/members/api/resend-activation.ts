import type { AdminMemberResponse } from '@coop/shared/members';
import { api } from '../../../lib/api';
import { useOfficerMutation } from '../../../lib/officer-mutation';
import { memberPath } from './member-keys';

/** POST /admin/users/{id}/resend-activation: a new activation email, the old link no longer works. */
export function resendActivation(id: string): Promise<AdminMemberResponse> {
  return api.post<AdminMemberResponse>(`${memberPath(id)}/resend-activation`);
}

export function useResendActivation() {
  return useOfficerMutation(resendActivation);
}
