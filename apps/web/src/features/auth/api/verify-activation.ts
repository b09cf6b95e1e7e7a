import type { ActivatingUser, VerifyActivationResponse } from '@coop/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /auth/verify-activation: the token in the body, out of proxies' logs (decision 084). */
export async function verifyActivation(
  token: string,
  signal?: AbortSignal,
): Promise<ActivatingUser> {
  const { data } = await api.post<VerifyActivationResponse>(
    '/auth/verify-activation',
    { token },
    { signal, skipAuthRefresh: true },
  );
  return data.user;
}

export const verifyActivationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-activation', token],
    queryFn: ({ signal }) => verifyActivation(token, signal),
    // A bad link stays bad: asking again would only delay the failure view.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

export function useVerifyActivation(token: string | null) {
  return useQuery({ ...verifyActivationQueryOptions(token ?? ''), enabled: token !== null });
}
