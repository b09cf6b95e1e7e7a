import type { ActionResponse } from '@coop/shared/http';
import type { DisableTwoFactorInput } from '@coop/shared/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { securityKeys } from './security-keys';

/** POST /users/two-factor/disable: with the password and a current code. */
export function disableTwoFactor(input: DisableTwoFactorInput): Promise<ActionResponse> {
  return api.post<ActionResponse>('/users/two-factor/disable', input);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor }),
  });
}
