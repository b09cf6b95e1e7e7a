/**
 * The employers' remittances and the payroll reconciliation in the back office
 * (docs/decisions/157-payroll-remittances.md). Amounts are naira, as everywhere in the API; the
 * states, limits and texts are zod-free in payroll-remittance-rules.ts.
 */
import { z } from 'zod';
import { payrollGroupRefSchema } from './deductions.js';
import { isoDateSchema, isoDateTimeSchema, isoMonthSchema } from './date-schemas.js';
import type { IsoDate } from './dates.js';
import { filteredListQuery, idSchema, listEnvelope, successEnvelope } from './http.js';
import { isWholeKobo } from './money.js';
import {
  REMITTANCE_MAX_NAIRA,
  REMITTANCE_MESSAGES,
  REMITTANCE_REFERENCE_MAX_LENGTH,
  REMITTANCE_STATES,
  remittanceEarliestDate,
  remittanceRefusals,
} from './payroll-remittance-rules.js';

export * from './payroll-remittance-rules.js';

const remittanceAmountSchema = z
  .number({ error: REMITTANCE_MESSAGES.invalidAmount })
  .positive(REMITTANCE_MESSAGES.amountPositive)
  .max(REMITTANCE_MAX_NAIRA, REMITTANCE_MESSAGES.amountTooLarge)
  .refine(isWholeKobo, REMITTANCE_MESSAGES.tooPrecise);

const remittanceReferenceSchema = z
  .string({ error: REMITTANCE_MESSAGES.referenceRequired })
  .trim()
  .min(1, REMITTANCE_MESSAGES.referenceRequired)
  .max(REMITTANCE_REFERENCE_MAX_LENGTH, REMITTANCE_MESSAGES.referenceTooLong);

/**
 * POST /admin/payroll/remittances: money a payroll group paid over for a posted month. The server
 * also refuses a date in the future or before the month began, a month not posted for the group,
 * an amount above what is still outstanding, and a bank reference the group used before.
 */
export const recordRemittanceSchema = z.strictObject({
  month: isoMonthSchema,
  payrollGroupId: idSchema,
  amount: remittanceAmountSchema,
  receivedOn: isoDateSchema,
  reference: remittanceReferenceSchema,
});
export type RecordRemittanceInput = z.infer<typeof recordRemittanceSchema>;

/**
 * The Record remittance form, for one month and group: the request's amount and reference, and a
 * date received between the month's first day and `today`.
 */
export function recordRemittanceFormSchema(month: string, today: IsoDate) {
  const { shape } = recordRemittanceSchema;
  return z.strictObject({
    amount: shape.amount,
    receivedOn: z
      .string()
      .refine(
        (date) => isoDateSchema.safeParse(date).success,
        REMITTANCE_MESSAGES.receivedOnRequired,
      )
      .refine((date) => date <= today, REMITTANCE_MESSAGES.receivedOnFuture)
      .refine(
        (date) => date >= remittanceEarliestDate(month),
        remittanceRefusals.beforeMonth(month),
      ),
    reference: shape.reference,
  });
}
export type RecordRemittanceForm = z.infer<ReturnType<typeof recordRemittanceFormSchema>>;

export const payrollRemittanceSchema = z.object({
  id: z.string(),
  month: isoMonthSchema,
  payrollGroup: payrollGroupRefSchema,
  amount: z.number(),
  receivedOn: isoDateSchema,
  reference: z.string(),
  /** The officer who recorded it. */
  recordedBy: z.object({ id: z.string(), name: z.string(), membershipId: z.string() }),
  recordedAt: isoDateTimeSchema,
});
export type PayrollRemittance = z.infer<typeof payrollRemittanceSchema>;
export const payrollRemittanceResponseSchema = successEnvelope(payrollRemittanceSchema);
export type PayrollRemittanceResponse = z.infer<typeof payrollRemittanceResponseSchema>;

/** A payroll group by its code ('MOF-HQ'), exactly as the group is registered. */
const groupCodeFilterSchema = z.string().trim().min(1).max(40).optional();

/** GET /admin/payroll/remittances: newest month first, by month and group. */
export const remittanceListQuerySchema = filteredListQuery({
  sortFields: ['month'],
  defaults: { sortBy: 'month', sortOrder: 'desc', limit: 25 },
  filters: { month: isoMonthSchema.optional(), group: groupCodeFilterSchema },
});
export type RemittanceListQuery = z.infer<typeof remittanceListQuerySchema>;
export const remittanceListResponseSchema = listEnvelope(payrollRemittanceSchema);
export type RemittanceListResponse = z.infer<typeof remittanceListResponseSchema>;

/**
 * One posted month of one payroll group: what its payroll deducted, what it remitted, what it
 * still owes. `payrollGroup` is null for deductions posted without a group (a member deducted
 * with no instruction), which no remittance can be recorded against.
 */
export const payrollMonthReconciliationSchema = z.object({
  month: isoMonthSchema,
  payrollGroup: payrollGroupRefSchema.nullable(),
  /** Members with a deduction row for the month in the group (missing ones included). */
  members: z.number().int(),
  deducted: z.number(),
  remitted: z.number(),
  outstanding: z.number(),
  state: z.enum(REMITTANCE_STATES),
  remittances: z.number().int(),
  lastReceivedOn: isoDateSchema.nullable(),
});
export type PayrollMonthReconciliation = z.infer<typeof payrollMonthReconciliationSchema>;

/** GET /admin/payroll/reconciliation: newest month first, by month, group and state. */
export const payrollReconciliationQuerySchema = filteredListQuery({
  sortFields: ['month'],
  defaults: { sortBy: 'month', sortOrder: 'desc', limit: 10 },
  filters: {
    month: isoMonthSchema.optional(),
    group: groupCodeFilterSchema,
    state: z.enum(REMITTANCE_STATES).optional(),
  },
});
export type PayrollReconciliationQuery = z.infer<typeof payrollReconciliationQuerySchema>;
export const payrollReconciliationResponseSchema = listEnvelope(payrollMonthReconciliationSchema);
export type PayrollReconciliationResponse = z.infer<typeof payrollReconciliationResponseSchema>;
