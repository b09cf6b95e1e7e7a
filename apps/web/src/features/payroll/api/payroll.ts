import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import type { PayrollPostResponse, PayrollPreviewResponse } from '@coop/shared/payroll';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/admin-keys';

export const previewPayroll = (upload: CsvUploadInput) =>
  api.post<PayrollPreviewResponse>('/admin/payroll/preview', upload);

export function usePostPayroll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upload, key }: { upload: CsvUploadInput; key: string }) =>
      api.post<PayrollPostResponse>('/admin/payroll', upload, { idempotencyKey: key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
