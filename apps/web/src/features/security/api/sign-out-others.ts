import type { SuccessResponse } from '@coop/shared/http';
import type { SignOutOthersInput } from '@coop/shared/security';
import { api } from '../../../lib/api';
import { securityKeys } from './security-keys';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

/** POST /users/login-history/sign-out-others: every other session ends; the answer counts them. */
export async function signOutOthers(input: SignOutOthersInput): Promise<{ ended: number }> {
  const { data } = await api.post<SuccessResponse<{ ended: number }>>(
    '/users/login-history/sign-out-others',
    input,
  );
  return data;
}

export function useSignOutOthers() {
  return useRefreshingMutation(signOutOthers, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: securityKeys.loginHistory }),
  );
}
