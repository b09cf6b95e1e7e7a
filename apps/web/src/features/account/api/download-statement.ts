import type { DownloadedFile } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** GET /users/statement/download: the period as a CSV or PDF file. */
export function downloadStatement(period: {
  startDate: string;
  endDate: string;
  format: 'csv' | 'pdf';
}): Promise<DownloadedFile> {
  return api.download('/users/statement/download', { params: period });
}
