import type { AdminFineListResponse } from '@coop/shared/fines';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { fineKeys } from './fine-keys';

/** GET /admin/fines: one page of every member's fines, for the officers' list. */
export function getOfficerFines(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<AdminFineListResponse> {
  return api.get<AdminFineListResponse>('/admin/fines', { params: query, signal });
}

export const officerFinesQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: fineKeys.officerList(query),
    queryFn: ({ signal }) => getOfficerFines(query, signal),
    placeholderData: keepPreviousData,
  });

export function useOfficerFines(query: QueryParams) {
  return useQuery(officerFinesQueryOptions(query));
}
