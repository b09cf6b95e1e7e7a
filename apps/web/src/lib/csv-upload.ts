import type { CsvUploadInput } from '@coop/shared/csv-uploads';

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
