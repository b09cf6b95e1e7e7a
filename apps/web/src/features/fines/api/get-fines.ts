import type { FineListResponse } from '@coop/shared/fines';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { fineKeys } from './fine-keys';

/** GET /users/fines: one page of the member's fines. */
export function getFines(query: QueryParams, signal?: AbortSignal): Promise<FineListResponse> {
  return api.get<FineListResponse>('/users/fines', { params: query, signal });
}

export const finesQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: fineKeys.list(query),
    queryFn: ({ signal }) => getFines(query, signal),
    placeholderData: keepPreviousData,
  });

export function useFines(query: QueryParams) {
  return useQuery(finesQueryOptions(query));
}
