import type { ReconciliationResponse } from '@coop/shared/back-office';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { backOfficeKeys } from './back-office-keys';

/** GET /admin/reconciliation: a period's ledger totals against the balances. */
export function getReconciliation(
  query: QueryParams,
  signal?: AbortSignal,
): Promise<ReconciliationResponse> {
  return api.get<ReconciliationResponse>('/admin/reconciliation', { params: query, signal });
}

export const reconciliationQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: backOfficeKeys.reconciliation(query),
    queryFn: ({ signal }) => getReconciliation(query, signal),
    placeholderData: keepPreviousData,
  });

export function useReconciliation(query: QueryParams) {
  return useQuery(reconciliationQueryOptions(query));
}
