import type { AdminLoanListResponse } from '@coop/shared/loans';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { loanKeys } from './loan-keys';

/** GET /admin/loans: one page of the pipeline, every member's loans. */
export function getOfficerLoans(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<AdminLoanListResponse> {
  return api.get<AdminLoanListResponse>('/admin/loans', { params: query, signal });
}

export const officerLoansQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: loanKeys.officerList(query),
    queryFn: ({ signal }) => getOfficerLoans(query, signal),
    placeholderData: keepPreviousData,
  });

export function useOfficerLoans(query: QueryParams) {
  return useQuery(officerLoansQueryOptions(query));
}
