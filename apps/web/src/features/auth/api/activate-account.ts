import type { ActivateAccountInput, LoginResponse } from '@coop/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { authStore } from '../../../lib/auth-store';

/** POST /auth/activate-account: sets the first password and signs the member in. */
export function activateAccount(input: ActivateAccountInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/activate-account', input, { skipAuthRefresh: true });
}

export function useActivateAccount() {
  return useMutation({
    mutationFn: activateAccount,
    onSuccess: ({ data }) => authStore.signedIn(data),
  });
}
