import type { SuccessResponse } from '@coop/shared/http';
import type { EnableTwoFactorInput } from '@coop/shared/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { authStore } from '../../../lib/auth-store';
import { securityKeys } from './security-keys';

/** POST /users/two-factor/enable: the first code confirms the secret; the answer holds the recovery codes. */
export async function enableTwoFactor(
  input: EnableTwoFactorInput,
): Promise<{ recoveryCodes: string[] }> {
  const { data } = await api.post<SuccessResponse<{ recoveryCodes: string[] }>>(
    '/users/two-factor/enable',
    input,
  );
  return data;
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: async () => {
      // The sign-in that turned it on counts as a two-factor one from its next token: an
      // officer reaches the back office without signing in again.
      if (await api.renewAccessToken()) authStore.twoFactorSatisfied();
      await queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor });
    },
  });
}
