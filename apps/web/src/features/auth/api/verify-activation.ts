import type { ActivatingUser, VerifyActivationResponse } from '@coop/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /auth/verify-activation/{token} */
export async function verifyActivation(
  token: string,
  signal?: AbortSignal,
): Promise<ActivatingUser> {
  const { data } = await api.get<VerifyActivationResponse>(
    `/auth/verify-activation/${encodeURIComponent(token)}`,
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
