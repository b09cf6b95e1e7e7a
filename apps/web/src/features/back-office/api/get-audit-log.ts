import type { AuditListResponse } from '@coop/shared/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { backOfficeKeys } from './back-office-keys';

/** GET /admin/audit: one page of the audit log, filtered. */
export function getAuditLog(query: QueryParams, signal?: AbortSignal): Promise<AuditListResponse> {
  return api.get<AuditListResponse>('/admin/audit', { params: query, signal });
}

export const auditLogQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: backOfficeKeys.audit(query),
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(query: QueryParams) {
  return useQuery(auditLogQueryOptions(query));
}
