import type { WithdrawalEligibilityResponse } from '@coop/shared/withdrawals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withdrawalKeys } from './withdrawal-keys';

/** GET /users/withdrawals/eligibility: what the member may withdraw now, of each kind. */
export function getWithdrawalEligibility(
  signal?: AbortSignal,
): Promise<WithdrawalEligibilityResponse> {
  return api.get<WithdrawalEligibilityResponse>('/users/withdrawals/eligibility', { signal });
}

export const withdrawalEligibilityQueryOptions = () =>
  queryOptions({
    queryKey: withdrawalKeys.eligibility(),
    queryFn: ({ signal }) => getWithdrawalEligibility(signal),
  });

export function useWithdrawalEligibility() {
  return useQuery(withdrawalEligibilityQueryOptions());
}
