/**
 * A payroll month in the back office: the preview of an uploaded file and its posting. The
 * columns and row statuses are zod-free in payroll-rules.ts.
 */
import { z } from 'zod';
import { csvRowErrorSchema } from './csv-uploads.js';
import { successEnvelope } from './http.js';
import { PAYROLL_ROW_STATUSES } from './payroll-rules.js';

export * from './payroll-rules.js';

export const payrollRowSchema = z.object({
  line: z.number().int(),
  membershipId: z.string(),
  memberName: z.string().nullable(),
  month: z.string(),
  savings: z.number(),
  shares: z.number(),
  total: z.number(),
  /** The loan repayment of the optional `repayment` column (0 when none). */
  repayment: z.number(),
  /** The running loan the repayment goes to ('LN-000123'), when there is one. */
  loanNumber: z.string().nullable(),
  status: z.enum(PAYROLL_ROW_STATUSES),
  errors: z.array(z.string()),
});
export type PayrollRow = z.infer<typeof payrollRowSchema>;

export const payrollTotalsSchema = z.object({
  rows: z.number().int(),
  members: z.number().int(),
  newRows: z.number().int(),
  alreadyPosted: z.number().int(),
  errorRows: z.number().int(),
  /** Of the rows that would be posted. */
  savings: z.number(),
  shares: z.number(),
  total: z.number(),
  repayments: z.number(),
});

export const payrollPreviewSchema = z.object({
  fileName: z.string(),
  month: z.string().nullable(),
  rows: z.array(payrollRowSchema),
  errors: z.array(csvRowErrorSchema),
  totals: payrollTotalsSchema,
});
export type PayrollPreview = z.infer<typeof payrollPreviewSchema>;
export const payrollPreviewResponseSchema = successEnvelope(payrollPreviewSchema);
export type PayrollPreviewResponse = z.infer<typeof payrollPreviewResponseSchema>;

/** What posting a payroll month did: the summary its job ends with. */
export const payrollPostResultSchema = z.object({
  month: z.string(),
  posted: z.number().int(),
  alreadyPosted: z.number().int(),
  savings: z.number(),
  shares: z.number(),
  total: z.number(),
  repayments: z.number(),
});
export type PayrollPostResult = z.infer<typeof payrollPostResultSchema>;
export const payrollPostResponseSchema = successEnvelope(payrollPostResultSchema);
export type PayrollPostResponse = z.infer<typeof payrollPostResponseSchema>;
