import type { GuarantorCandidate } from '@coop/shared/guarantors';
import type { ListResponse } from '@coop/shared/http';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { loanKeys } from './loan-keys';

const CANDIDATES_PAGE_SIZE = 20;

/** GET /users/guarantor-candidates: one page of the members who may guarantee a loan. */
export function getGuarantorCandidates(
  { search, page }: { search: string; page: number },
  signal?: AbortSignal,
): Promise<ListResponse<GuarantorCandidate>> {
  return api.get<ListResponse<GuarantorCandidate>>('/users/guarantor-candidates', {
    params: { search, page, limit: CANDIDATES_PAGE_SIZE },
    signal,
  });
}

/** A page at a time for infinite scroll; the term is already debounced. */
export const guarantorCandidatesQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: loanKeys.candidates(search),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => getGuarantorCandidates({ search, page: pageParam }, signal),
    getNextPageParam: (last) =>
      last.pagination.hasNext ? last.pagination.currentPage + 1 : undefined,
  });

export function useGuarantorCandidates(search: string) {
  return useInfiniteQuery(guarantorCandidatesQueryOptions(search));
}
