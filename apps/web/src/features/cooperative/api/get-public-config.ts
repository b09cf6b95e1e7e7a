import type { PublicConfig, PublicConfigResponse } from '@coop/shared/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /config: the cooperative's name and administrator contact, readable before sign-in. */
export async function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const { data } = await api.get<PublicConfigResponse>('/config', {
    signal,
    skipAuthRefresh: true,
  });
  return data;
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: ({ signal }) => getPublicConfig(signal),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
