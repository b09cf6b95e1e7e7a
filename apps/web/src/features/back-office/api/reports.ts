import type { AuditListResponse } from '@coop/shared/audit';
import type { ReconciliationResponse } from '@coop/shared/back-office';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { adminKeys } from '../../../lib/admin-keys';

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
  saveFile(await api.download(path, { params }), fileName);
}
