/**
 * An uploaded CSV file (members import, payroll month) and the problems found in it. The limits
 * and messages are zod-free in csv-upload-rules.ts.
 */
import { z } from 'zod';

export * from './csv-upload-rules.js';

/**
 * An uploaded CSV file: its name and its bytes in base64, so the server can refuse a file that
 * is not UTF-8 (a browser reading it as text would silently replace the bad bytes).
 */
export const csvUploadSchema = z.strictObject({
  fileName: z.string().trim().min(1, 'Choose a CSV file').max(255, 'The file name is too long'),
  content: z
    .string({ error: 'Choose a CSV file' })
    .min(1, 'Choose a CSV file')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file could not be read: upload it again'),
});
export type CsvUploadInput = z.infer<typeof csvUploadSchema>;

/** One problem in an uploaded file: its line (1 is the header) and, when known, the column. */
export const csvRowErrorSchema = z.object({
  line: z.number().int(),
  field: z.string().optional(),
  message: z.string(),
});
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;
