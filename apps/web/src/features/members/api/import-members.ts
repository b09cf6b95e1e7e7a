import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import type { OfficerJobResponse } from '@coop/shared/jobs';
import { api } from '../../../lib/api';
import { useOfficerJobMutation } from '../../../lib/officer-jobs';

/** The Idempotency-Key: one per previewed file, kept across retries of its import. */
export type ImportMembersInput = { upload: CsvUploadInput; idempotencyKey: string };

/** POST /admin/users/import: a job (202), followed until the members are imported. */
export function importMembers({
  upload,
  idempotencyKey,
}: ImportMembersInput): Promise<OfficerJobResponse> {
  return api.post<OfficerJobResponse>('/admin/users/import', upload, { idempotencyKey });
}

export function useImportMembers() {
  return useOfficerJobMutation(importMembers);
}
