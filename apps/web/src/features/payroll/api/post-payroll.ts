import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import type { OfficerJobResponse } from '@coop/shared/jobs';
import { api } from '../../../lib/api';
import { useOfficerJobMutation } from '../../../lib/officer-jobs';

/** The Idempotency-Key: one per previewed file, kept across retries of its posting. */
export type PostPayrollInput = { upload: CsvUploadInput; idempotencyKey: string };

/** POST /admin/payroll: a job (202), followed until the month is posted. */
export function postPayroll({
  upload,
  idempotencyKey,
}: PostPayrollInput): Promise<OfficerJobResponse> {
  return api.post<OfficerJobResponse>('/admin/payroll', upload, { idempotencyKey });
}

export function usePostPayroll() {
  return useOfficerJobMutation(postPayroll);
}
