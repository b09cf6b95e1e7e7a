import type { QueryParams } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';

/**
 * GET an export (the audit log's CSV, the reconciliation's CSV or PDF) with the session's token,
 * and hand it to the browser as `fileName`.
 */
export async function downloadFile(path: string, params: QueryParams, fileName: string) {
  saveFile(await api.download(path, { params }), fileName);
}
