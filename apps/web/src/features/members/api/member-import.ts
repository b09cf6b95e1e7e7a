import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import type { MemberImportPreviewResponse } from '@coop/shared/members';
import type { OfficerJobResponse } from '@coop/shared/jobs';
import { api } from '../../../lib/api';
import { useOfficerJobMutation } from '../../../lib/officer-jobs';

export const previewMemberImport = (upload: CsvUploadInput) =>
  api.post<MemberImportPreviewResponse>('/admin/users/import/preview', upload);

/** POST /admin/users/import: a job (202), followed until the members are imported. */
export const useImportMembers = () =>
  useOfficerJobMutation(({ upload, key }: { upload: CsvUploadInput; key: string }) =>
    api.post<OfficerJobResponse>('/admin/users/import', upload, { idempotencyKey: key }),
  );
