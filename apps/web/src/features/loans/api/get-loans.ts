import type { Loan } from '@coop/shared/loans';
import type { ListResponse } from '@coop/shared/http';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { loanKeys } from './loan-keys';

/** GET /users/loans: one page of the member's loans, filtered and sorted. */
export function getLoans(query: QueryParams, signal?: AbortSignal): Promise<ListResponse<Loan>> {
  return api.get<ListResponse<Loan>>('/users/loans', { params: query, signal });
}

export const loansQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: loanKeys.list(query),
    queryFn: ({ signal }) => getLoans(query, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useLoans(query: QueryParams) {
  return useQuery(loansQueryOptions(query));
}
