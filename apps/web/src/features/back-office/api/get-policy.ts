import type { PolicyResponse } from '@coop/shared/policy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { backOfficeKeys } from './back-office-keys';

/** GET /admin/policy: the cooperative's rules as they stand. */
export function getPolicy(signal?: AbortSignal): Promise<PolicyResponse> {
  return api.get<PolicyResponse>('/admin/policy', { signal });
}

export const policyQueryOptions = () =>
  queryOptions({
    queryKey: backOfficeKeys.policy(),
    queryFn: ({ signal }) => getPolicy(signal),
  });

export function usePolicy() {
  return useQuery(policyQueryOptions());
}
