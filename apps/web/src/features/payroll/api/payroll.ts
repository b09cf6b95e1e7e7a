import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import type { PayrollPreviewResponse } from '@coop/shared/payroll';
import type { OfficerJobResponse } from '@coop/shared/jobs';
import { api } from '../../../lib/api';
import { useOfficerJobMutation } from '../../../lib/officer-jobs';

export const previewPayroll = (upload: CsvUploadInput) =>
  api.post<PayrollPreviewResponse>('/admin/payroll/preview', upload);

/** POST /admin/payroll: a job (202), followed until the month is posted. */
export const usePostPayroll = () =>
  useOfficerJobMutation(({ upload, key }: { upload: CsvUploadInput; key: string }) =>
    api.post<OfficerJobResponse>('/admin/payroll', upload, { idempotencyKey: key }),
  );
