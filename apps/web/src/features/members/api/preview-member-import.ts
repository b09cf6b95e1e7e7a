import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import type { MemberImportPreviewResponse } from '@coop/shared/members';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /admin/users/import/preview: every row checked, nothing written (no Idempotency-Key). */
export function previewMemberImport(upload: CsvUploadInput): Promise<MemberImportPreviewResponse> {
  return api.post<MemberImportPreviewResponse>('/admin/users/import/preview', upload);
}

/** A mutation for its pending and error states; nothing is stale after it. */
export function usePreviewMemberImport() {
  return useMutation({ mutationFn: previewMemberImport });
}
