import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import type { MemberImportPreviewResponse, MemberImportResponse } from '@coop/shared/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/admin-keys';

export const previewMemberImport = (upload: CsvUploadInput) =>
  api.post<MemberImportPreviewResponse>('/admin/users/import/preview', upload);

export function useImportMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upload, key }: { upload: CsvUploadInput; key: string }) =>
      api.post<MemberImportResponse>('/admin/users/import', upload, { idempotencyKey: key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
