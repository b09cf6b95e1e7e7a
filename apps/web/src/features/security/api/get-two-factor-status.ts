import type { SuccessResponse } from '@coop/shared/http';
import type { TwoFactorStatus } from '@coop/shared/security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { securityKeys } from './security-keys';

/** GET /users/two-factor: whether two-factor sign-in is on, and how many recovery codes remain. */
export async function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  const { data } = await api.get<SuccessResponse<TwoFactorStatus>>('/users/two-factor', {
    signal,
  });
  return data;
}

export const twoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: securityKeys.twoFactor,
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
  });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
