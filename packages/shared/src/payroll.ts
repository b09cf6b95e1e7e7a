/**
 * A payroll month in the back office: the preview of an uploaded file and its posting. The
 * columns and row statuses are zod-free in payroll-rules.ts.
 */
import { z } from 'zod';
import { csvRowErrorSchema } from './csv-uploads.js';
import { successEnvelope } from './http.js';
import {
  PAYROLL_FILE_FORMATS,
  PAYROLL_ROW_STATUSES,
  PAYROLL_VARIANCE_KINDS,
} from './payroll-rules.js';

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
  /** The fines of the schedule's `fines` column (0 when none). */
  fines: z.number(),
  /** What the row deducts in all (naira): its lines, or its one total. */
  deducted: z.number(),
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
  /** The variance report's totals over the members still to post (naira). */
  expected: z.number(),
  deducted: z.number(),
  difference: z.number(),
});

/** Four lines of a member's month in naira: expected, or deducted as allocated. */
export const payrollLinesSchema = z.object({
  savings: z.number(),
  shares: z.number(),
  instalment: z.number(),
  fines: z.number(),
  total: z.number(),
});
export type PayrollLinesNaira = z.infer<typeof payrollLinesSchema>;

/**
 * One member of the variance report: expected (the group's schedule, or the instruction when no
 * schedule was generated) beside deducted, line by line, and its kind. A missing member is in no
 * line of the file (`line` null).
 */
export const payrollVarianceSchema = z.object({
  line: z.number().int().nullable(),
  membershipId: z.string(),
  memberName: z.string(),
  payrollGroup: z.string().nullable(),
  staffNumber: z.string().nullable(),
  kind: z.enum(PAYROLL_VARIANCE_KINDS),
  expected: payrollLinesSchema,
  deducted: payrollLinesSchema,
  /** Deducted less expected (negative when short or missing). */
  difference: z.number(),
});
export type PayrollVariance = z.infer<typeof payrollVarianceSchema>;

export const payrollVarianceCountsSchema = z.object({
  matched: z.number().int(),
  short: z.number().int(),
  over: z.number().int(),
  missing: z.number().int(),
  unexpected: z.number().int(),
});

/** A payroll group's totals in the variance report (`code` null: members of no group). */
export const payrollGroupTotalsSchema = z.object({
  code: z.string().nullable(),
  name: z.string(),
  members: z.number().int(),
  expected: z.number(),
  deducted: z.number(),
  difference: z.number(),
  counts: payrollVarianceCountsSchema,
});
export type PayrollGroupTotals = z.infer<typeof payrollGroupTotalsSchema>;

export const payrollPreviewSchema = z.object({
  fileName: z.string(),
  month: z.string().nullable(),
  rows: z.array(payrollRowSchema),
  errors: z.array(csvRowErrorSchema),
  totals: payrollTotalsSchema,
  /** How the file gives its amounts; null when it could not be read. */
  format: z.enum(PAYROLL_FILE_FORMATS).nullable(),
  /** The variance report of the members still to post, missing ones included. */
  variances: z.array(payrollVarianceSchema),
  groups: z.array(payrollGroupTotalsSchema),
  counts: payrollVarianceCountsSchema,
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
  /** Members recorded with a variance kind (missing ones included), per kind. */
  counts: payrollVarianceCountsSchema.optional(),
});
export type PayrollPostResult = z.infer<typeof payrollPostResultSchema>;
export const payrollPostResponseSchema = successEnvelope(payrollPostResultSchema);
export type PayrollPostResponse = z.infer<typeof payrollPostResponseSchema>;
