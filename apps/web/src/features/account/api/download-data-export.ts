import type { DownloadedFile } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** GET /users/export/data: everything the portal holds about the member. */
export function downloadDataExport(format: 'json' | 'csv'): Promise<DownloadedFile> {
  return api.download('/users/export/data', { params: { format } });
}
