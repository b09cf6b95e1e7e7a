import type {
  WithdrawalEligibilityResponse,
  WithdrawalListResponse,
  WithdrawalResponse,
} from '@coop/shared/withdrawals';
import { WITHDRAWAL_PATH_SEGMENTS, type WithdrawalType } from '@coop/shared/withdrawal-rules';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { refreshDashboard } from '../../../lib/shared-query-keys';

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  eligibility: () => [...withdrawalKeys.all, 'eligibility'] as const,
  list: (query: QueryParams) => [...withdrawalKeys.all, 'list', query] as const,
};

/** GET /users/withdrawals/eligibility */
export function getWithdrawalEligibility(
  signal?: AbortSignal,
): Promise<WithdrawalEligibilityResponse> {
  return api.get<WithdrawalEligibilityResponse>('/users/withdrawals/eligibility', { signal });
}

export function useWithdrawalEligibility() {
  return useQuery(
    queryOptions({
      queryKey: withdrawalKeys.eligibility(),
      queryFn: ({ signal }) => getWithdrawalEligibility(signal),
    }),
  );
}

/** GET /users/withdrawals: one page of the member's requests. */
export function getWithdrawals(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<WithdrawalListResponse> {
  return api.get<WithdrawalListResponse>('/users/withdrawals', { params: query, signal });
}

export function useWithdrawals(query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: withdrawalKeys.list(query),
      queryFn: ({ signal }) => getWithdrawals(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** After a change: the list, the eligibility and the dashboard's figures are stale. */
function refreshAfterWithdrawalChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
    refreshDashboard(queryClient),
  ]);
}

export type RequestWithdrawalInput = {
  withdrawalType: WithdrawalType;
  amount: number;
  reason: string;
  /** One key per dialog submission, so a retry after a lost answer is not a second request. */
  idempotencyKey: string;
};

/** POST /users/withdrawals/savings or /share-holding with Idempotency-Key. */
export function requestWithdrawal({
  withdrawalType,
  amount,
  reason,
  idempotencyKey,
}: RequestWithdrawalInput): Promise<WithdrawalResponse> {
  const trimmed = reason.trim();
  return api.post<WithdrawalResponse>(
    `/users/withdrawals/${WITHDRAWAL_PATH_SEGMENTS[withdrawalType]}`,
    trimmed ? { amount, reason: trimmed } : { amount },
    { idempotencyKey },
  );
}

export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: () => refreshAfterWithdrawalChange(queryClient),
  });
}

export type ChangeWithdrawalInput = { id: string; amount: number; reason: string };

/**
 * PUT /users/withdrawals/{id} with the new amount and reason of a pending request (a blank reason
 * clears it); the server moves the request's hold to the new amount.
 */
export function changeWithdrawal({
  id,
  amount,
  reason,
}: ChangeWithdrawalInput): Promise<WithdrawalResponse> {
  return api.put<WithdrawalResponse>(`/users/withdrawals/${encodeURIComponent(id)}`, {
    amount,
    reason: reason.trim(),
  });
}

export function useChangeWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeWithdrawal,
    onSuccess: () => refreshAfterWithdrawalChange(queryClient),
  });
}

/** PUT /users/withdrawals/{id} with `{ status: 'cancelled' }`: the member cancels a pending one. */
export function cancelWithdrawal(id: string): Promise<WithdrawalResponse> {
  return api.put<WithdrawalResponse>(`/users/withdrawals/${encodeURIComponent(id)}`, {
    status: 'cancelled',
  });
}

export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSuccess: () => refreshAfterWithdrawalChange(queryClient),
  });
}
