import type { GuarantorRequestListResponse } from '@coop/shared/guarantors';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { loanKeys } from './loan-keys';

/** GET /users/guarantees: one page of the requests to guarantee others' loans. */
export function getGuarantorRequests(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<GuarantorRequestListResponse> {
  return api.get<GuarantorRequestListResponse>('/users/guarantees', { params: query, signal });
}

export const guarantorRequestsQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: loanKeys.guarantees(query),
    queryFn: ({ signal }) => getGuarantorRequests(query, signal),
    placeholderData: keepPreviousData,
  });

export function useGuarantorRequests(query: QueryParams) {
  return useQuery(guarantorRequestsQueryOptions(query));
}
