import type { UnderReviewLoan } from '@coop/shared/loans';
import type { ListResponse } from '@coop/shared/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { loanKeys } from './loan-keys';

/** GET /users/loans/under-review: the loans a reviewer may certify. */
export function getLoansUnderReview(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<ListResponse<UnderReviewLoan>> {
  return api.get<ListResponse<UnderReviewLoan>>('/users/loans/under-review', {
    params: query,
    signal,
  });
}

export const loansUnderReviewQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: loanKeys.underReview(query),
    queryFn: ({ signal }) => getLoansUnderReview(query, signal),
  });

/** Only a loan reviewer asks (`enabled`); for anyone else the server would answer 403. */
export function useLoansUnderReview(query: QueryParams, enabled: boolean) {
  return useQuery({ ...loansUnderReviewQueryOptions(query), enabled });
}
