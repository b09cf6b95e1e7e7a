import type { AuditListResponse, ReconciliationResponse } from '@coop/shared/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { adminKeys } from './admin-keys';

/** GET /admin/audit */
export function useAuditLog(query: QueryParams) {
  return useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: ({ signal }) => api.get<AuditListResponse>('/admin/audit', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/reconciliation */
export function useReconciliation(query: QueryParams) {
  return useQuery({
    queryKey: adminKeys.reconciliation(query),
    queryFn: ({ signal }) =>
      api.get<ReconciliationResponse>('/admin/reconciliation', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Fetches an export (CSV, PDF) with the session's token and hands it to the browser. */
export async function downloadFile(path: string, params: QueryParams, fileName: string) {
  const { blob } = await api.download(path, { params });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
