/** Fines issued by the administrator or a late-repayment rule (spec §2 Fines, §3, §4). */
import { z } from 'zod';
import { AMOUNT_TOO_LARGE, DEFAULT_SORTS, MAX_AMOUNT_NAIRA } from './constants.js';
import { isoDateSchema } from './date-schemas.js';
import { filteredListQuery, idSchema, listEnvelope } from './http.js';
import { FINE_PAYMENT_SOURCES, FINE_STATUSES } from './fine-rules.js';
import { isWholeKobo } from './money.js';

// The statuses, transitions and texts the Fines page uses live zod-free in fine-rules.ts.
export * from './fine-rules.js';

export const fineStatusSchema = z.enum(FINE_STATUSES);

/** Spec §3 Fine; dates are calendar dates. */
export const fineSchema = z.object({
  id: idSchema,
  reason: z.string(),
  amount: z.number(),
  fineDate: isoDateSchema,
  dueDate: isoDateSchema,
  status: fineStatusSchema,
  /** Why the administrator waived it; null unless waived. Shown on the member's row. */
  waiverNote: z.string().nullable(),
});
export type Fine = z.infer<typeof fineSchema>;

/** GET /users/fines */
export const fineListQuerySchema = filteredListQuery({
  sortFields: ['fineDate', 'dueDate', 'amount'],
  defaults: DEFAULT_SORTS.fines,
  filters: { status: fineStatusSchema.optional() },
});
export type FineListQuery = z.infer<typeof fineListQuerySchema>;
export const fineListResponseSchema = listEnvelope(fineSchema);

/** The administrator issues a fine (back office; the demo). Amount in naira. */
export const issueFineSchema = z.strictObject({
  userId: idSchema,
  reason: z.string().trim().min(3, 'Reason must be at least 3 characters').max(200),
  amount: z
    .number()
    .positive('Enter a valid amount greater than 0')
    .max(MAX_AMOUNT_NAIRA, AMOUNT_TOO_LARGE)
    .refine(isWholeKobo, 'Amount cannot have more than 2 decimal places'),
  fineDate: isoDateSchema.optional(),
  dueDate: isoDateSchema.optional(),
});
export type IssueFineInput = z.infer<typeof issueFineSchema>;

/** The administrator waives a pending fine, saying why. */
export const waiveFineSchema = z.strictObject({
  id: idSchema,
  note: z.string().trim().min(3, 'Say why the fine is waived').max(500),
});
export type WaiveFineInput = z.infer<typeof waiveFineSchema>;

/** The administrator records a pending fine as paid, from the member's savings or by transfer. */
export const markFinePaidSchema = z.strictObject({
  id: idSchema,
  paidFrom: z.enum(FINE_PAYMENT_SOURCES),
  paidDate: isoDateSchema.optional(),
});
export type MarkFinePaidInput = z.infer<typeof markFinePaidSchema>;
export type FineListResponse = z.infer<typeof fineListResponseSchema>;
