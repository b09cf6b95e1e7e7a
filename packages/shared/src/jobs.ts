/**
 * Officer jobs (docs/decisions/101-officer-jobs.md): long back-office work (a members import,
 * posting a payroll month, paying a dividend year) answers 202 Accepted with its job, and runs in
 * the background; `GET /admin/jobs/{id}` tells its state, how far it got, and at the end the same
 * summary the work answered when it ran inside the request, or why it failed.
 */
import { z } from 'zod';
import { memberImportResultSchema } from './members.js';
import { payrollPostResultSchema } from './payroll.js';
import { isoDateTimeSchema } from './date-schemas.js';
import { dividendDeclarationSchema } from './dividends.js';
import { successEnvelope } from './http.js';

export const OFFICER_JOB_KINDS = ['members.import', 'payroll.post', 'dividends.pay'] as const;
export type OfficerJobKind = (typeof OFFICER_JOB_KINDS)[number];

export const OFFICER_JOB_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type OfficerJobState = (typeof OFFICER_JOB_STATES)[number];

/** Why a job failed: the error shape's code, message and details (e.g. the rows refused). */
export const officerJobErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type OfficerJobError = z.infer<typeof officerJobErrorSchema>;

const jobBase = z.object({
  id: z.uuid(),
  state: z.enum(OFFICER_JOB_STATES),
  /** Rows (members, payroll rows, dividends) done so far, of `total`; 0 of 0 until it starts. */
  done: z.number().int(),
  total: z.number().int(),
  /** The summary sentence the work ends with, once it succeeded. */
  message: z.string().nullable(),
  error: officerJobErrorSchema.nullable(),
  createdAt: isoDateTimeSchema,
  startedAt: isoDateTimeSchema.nullable(),
  finishedAt: isoDateTimeSchema.nullable(),
});

export const officerJobSchema = z.discriminatedUnion('kind', [
  jobBase.extend({
    kind: z.literal('members.import'),
    result: memberImportResultSchema.nullable(),
  }),
  jobBase.extend({ kind: z.literal('payroll.post'), result: payrollPostResultSchema.nullable() }),
  jobBase.extend({
    kind: z.literal('dividends.pay'),
    result: dividendDeclarationSchema.nullable(),
  }),
]);
export type OfficerJob = z.infer<typeof officerJobSchema>;

/** Both the 202 answer of the request that started the job and the job's status. */
export const officerJobResponseSchema = successEnvelope(officerJobSchema);
export type OfficerJobResponse = z.infer<typeof officerJobResponseSchema>;

/** Whether the job has ended (succeeded or failed): a screen stops asking then. */
export const isOfficerJobFinished = (job: { state: OfficerJobState }): boolean =>
  job.state === 'succeeded' || job.state === 'failed';

/** The 202 answer's message: the work was accepted, not done. */
export const OFFICER_JOB_STARTED_MESSAGES: Record<OfficerJobKind, string> = {
  'members.import': 'The import has started. Its progress shows here.',
  'payroll.post': 'The payroll month is being posted. Its progress shows here.',
  'dividends.pay': 'The dividend is being paid. Its progress shows here.',
};
