import type { ActionResponse } from '@coop/shared/http';
import type { DisableTwoFactorInput } from '@coop/shared/security';
import { api } from '../../../lib/api';
import { securityKeys } from './security-keys';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

/** POST /users/two-factor/disable: with the password and a current code. */
export function disableTwoFactor(input: DisableTwoFactorInput): Promise<ActionResponse> {
  return api.post<ActionResponse>('/users/two-factor/disable', input);
}

export function useDisableTwoFactor() {
  return useRefreshingMutation(disableTwoFactor, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor }),
  );
}
