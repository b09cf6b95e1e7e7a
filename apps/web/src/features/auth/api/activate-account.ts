import type { ActivateAccountInput, ActivateAccountResponse } from '@coop/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { authStore } from '../../../lib/auth-store';

/** POST /auth/activate-account: sets the first password and signs the member in. */
export function activateAccount(input: ActivateAccountInput): Promise<ActivateAccountResponse> {
  return api.post<ActivateAccountResponse>('/auth/activate-account', input, {
    skipAuthRefresh: true,
  });
}

export function useActivateAccount() {
  return useMutation({
    mutationFn: activateAccount,
    onSuccess: ({ data }) => authStore.signedIn(data),
  });
}
