import type { Eligibility } from '@coop/shared/loans';
import type { SuccessResponse } from '@coop/shared/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { loanKeys } from './loan-keys';

/** GET /users/loans/eligibility: whether the member may borrow now, and how much. */
export async function getEligibility(signal?: AbortSignal): Promise<Eligibility> {
  const { data } = await api.get<SuccessResponse<Eligibility>>('/users/loans/eligibility', {
    signal,
  });
  return data;
}

export const eligibilityQueryOptions = () =>
  queryOptions({
    queryKey: loanKeys.eligibility(),
    queryFn: ({ signal }) => getEligibility(signal),
  });

export function useEligibility() {
  return useQuery(eligibilityQueryOptions());
}
