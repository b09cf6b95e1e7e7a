import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import type { PayrollPreviewResponse } from '@coop/shared/payroll';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /admin/payroll/preview: the month's rows checked, nothing posted (no Idempotency-Key). */
export function previewPayroll(upload: CsvUploadInput): Promise<PayrollPreviewResponse> {
  return api.post<PayrollPreviewResponse>('/admin/payroll/preview', upload);
}

/** A mutation for its pending and error states; nothing is stale after it. */
export function usePreviewPayroll() {
  return useMutation({ mutationFn: previewPayroll });
}
