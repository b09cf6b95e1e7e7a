import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import type { PayrollPreviewResponse } from '@coop/shared/payroll';
import { api } from '../../../lib/api';

/** POST /admin/payroll/preview: the month's rows checked, nothing posted (no Idempotency-Key). */
export function previewPayroll(upload: CsvUploadInput): Promise<PayrollPreviewResponse> {
  return api.post<PayrollPreviewResponse>('/admin/payroll/preview', upload);
}
