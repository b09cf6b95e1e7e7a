import type { AdminMemberResponse } from '@coop/shared/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOfficerLists } from '../../../lib/shared-query-keys';
import { memberPath } from './member-keys';

/** POST /admin/users/{id}/resend-activation: a new activation email, the old link no longer works. */
export function resendActivation(id: string): Promise<AdminMemberResponse> {
  return api.post<AdminMemberResponse>(`${memberPath(id)}/resend-activation`);
}

export function useResendActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendActivation,
    onSuccess: () => refreshOfficerLists(queryClient),
  });
}
