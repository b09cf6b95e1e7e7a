import type { DividendDeclarationListResponse } from '@coop/shared/dividends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dividendKeys } from './dividend-keys';

/** GET /admin/dividends: every declared year, newest first. */
export function getDividendDeclarations(
  signal?: AbortSignal,
): Promise<DividendDeclarationListResponse> {
  return api.get<DividendDeclarationListResponse>('/admin/dividends', { signal });
}

export const dividendDeclarationsQueryOptions = () =>
  queryOptions({
    queryKey: dividendKeys.officerDeclarations(),
    queryFn: ({ signal }) => getDividendDeclarations(signal),
  });

export function useDividendDeclarations() {
  return useQuery(dividendDeclarationsQueryOptions());
}
