import type {
  CsvUploadInput,
  MemberImportPreviewResponse,
  MemberImportResponse,
  PayrollPostResponse,
  PayrollPreviewResponse,
} from '@coop/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './admin-keys';

/** A chosen file as the API takes it: its name and its bytes in base64 (decision 070). */
export async function toCsvUpload(file: File): Promise<CsvUploadInput> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return { fileName: file.name, content: btoa(binary) };
}

export const previewMemberImport = (upload: CsvUploadInput) =>
  api.post<MemberImportPreviewResponse>('/admin/users/import/preview', upload);

export const previewPayroll = (upload: CsvUploadInput) =>
  api.post<PayrollPreviewResponse>('/admin/payroll/preview', upload);

export function useImportMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upload, key }: { upload: CsvUploadInput; key: string }) =>
      api.post<MemberImportResponse>('/admin/users/import', upload, { idempotencyKey: key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function usePostPayroll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upload, key }: { upload: CsvUploadInput; key: string }) =>
      api.post<PayrollPostResponse>('/admin/payroll', upload, { idempotencyKey: key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
