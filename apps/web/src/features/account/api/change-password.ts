import type { ChangePasswordValues } from '@coop/shared/account-rules';
import type { ChangePasswordResponse } from '@coop/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { authStore } from '../../../lib/auth-store';

/**
 * PUT /users/change-password (docs/member-portal.md §7). Every other session ends; this one
 * continues with the access token the answer carries (and the refresh cookie it sets).
 */
export function changePassword(values: ChangePasswordValues): Promise<ChangePasswordResponse> {
  return api.put<ChangePasswordResponse>('/users/change-password', values);
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => authStore.tokenRefreshed(answer.data.accessToken),
  });
}
