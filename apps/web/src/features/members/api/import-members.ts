import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import type { OfficerJobResponse } from '@coop/shared/jobs';
import { api } from '../../../lib/api';
import { useOfficerJobMutation } from '../../../lib/officer-jobs';

/** `key` is the Idempotency-Key: one per previewed file, kept across retries of its import. */
export type ImportMembersInput = { upload: CsvUploadInput; key: string };

/** POST /admin/users/import: a job (202), followed until the members are imported. */
export function importMembers({ upload, key }: ImportMembersInput): Promise<OfficerJobResponse> {
  return api.post<OfficerJobResponse>('/admin/users/import', upload, { idempotencyKey: key });
}

export function useImportMembers() {
  return useOfficerJobMutation(importMembers);
}
