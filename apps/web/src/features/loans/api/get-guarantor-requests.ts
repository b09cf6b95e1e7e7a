import type { GuarantorRequest } from '@coop/shared/guarantors';
import type { ListResponse } from '@coop/shared/http';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { loanKeys } from './loan-keys';

/** GET /users/guarantees: one page of the requests to guarantee others' loans. */
export function getGuarantorRequests(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<ListResponse<GuarantorRequest>> {
  return api.get<ListResponse<GuarantorRequest>>('/users/guarantees', { params: query, signal });
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
