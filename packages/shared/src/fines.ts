/**
 * Fines issued by the administrator or a late-repayment rule (docs/member-portal.md §2 Fines, §3,
 * §4).
 */
import { z } from 'zod';
import { AMOUNT_TOO_LARGE, DEFAULT_SORTS, MAX_AMOUNT_NAIRA } from './constants.js';
import { isoDateSchema } from './date-schemas.js';
import {
  dateRangeFilters,
  filteredListQuery,
  idSchema,
  listEnvelope,
  searchFilter,
  successEnvelope,
} from './http.js';
import { FINE_ISSUE_MAX_MEMBERS, FINE_PAYMENT_SOURCES, FINE_STATUSES } from './fine-rules.js';
import { isWholeKobo } from './money.js';
import { adminMemberRefSchema } from './members.js';
import { decisionReasonSchema } from './decision-reasons.js';
import { REASON_RULES } from './reason-rules.js';

// The statuses, transitions and texts the Fines page uses live zod-free in fine-rules.ts.
export * from './fine-rules.js';

export const fineStatusSchema = z.enum(FINE_STATUSES);

/** docs/member-portal.md §3 Fine; dates are calendar dates. */
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
  note: z
    .string()
    .trim()
    .min(REASON_RULES.decision.min, 'Say why the fine is waived')
    .max(REASON_RULES.decision.max),
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

/* ------------------------------------------------------------------ back office */

export const adminFineSchema = z.object({
  id: z.string(),
  member: adminMemberRefSchema,
  reason: z.string(),
  amount: z.number(),
  fineDate: isoDateSchema,
  dueDate: isoDateSchema,
  status: z.enum(FINE_STATUSES),
  paidDate: isoDateSchema.nullable(),
  waiverNote: z.string().nullable(),
  /** Issued by the late-repayment rule rather than by an administrator. */
  automatic: z.boolean(),
});
export type AdminFine = z.infer<typeof adminFineSchema>;

export const adminFineListQuerySchema = filteredListQuery({
  sortFields: ['fineDate', 'dueDate', 'amount'],
  defaults: { sortBy: 'fineDate', sortOrder: 'desc', limit: 25 },
  filters: {
    ...searchFilter,
    status: z.enum(FINE_STATUSES).optional(),
    ...dateRangeFilters,
  },
});
export type AdminFineListQuery = z.infer<typeof adminFineListQuerySchema>;
export const adminFineListResponseSchema = listEnvelope(adminFineSchema);
export type AdminFineListResponse = z.infer<typeof adminFineListResponseSchema>;
export const adminFineResponseSchema = successEnvelope(adminFineSchema);
export type AdminFineResponse = z.infer<typeof adminFineResponseSchema>;

/** POST /admin/fines: one fine each to one or many members, all or nothing. */
export const adminIssueFinesSchema = z.strictObject({
  userIds: z
    .array(idSchema)
    .min(1, 'Choose at least one member')
    .max(FINE_ISSUE_MAX_MEMBERS, `Choose at most ${FINE_ISSUE_MAX_MEMBERS} members at once`),
  reason: z
    .string({ error: 'Reason must be at least 3 characters' })
    .trim()
    .min(3, 'Reason must be at least 3 characters')
    .max(200, 'Reason cannot exceed 200 characters'),
  amount: z
    .number({ error: 'Enter a valid amount greater than 0' })
    .positive('Enter a valid amount greater than 0')
    .max(50_000_000, 'Amount cannot exceed ₦50,000,000')
    .refine(isWholeKobo, 'Amount must be in naira and kobo'),
  fineDate: isoDateSchema.optional(),
  dueDate: isoDateSchema.optional(),
});
export type AdminIssueFinesInput = z.infer<typeof adminIssueFinesSchema>;
export const adminIssueFinesResponseSchema = successEnvelope(
  z.object({ issued: z.number().int(), fines: z.array(adminFineSchema) }),
);
export type AdminIssueFinesResponse = z.infer<typeof adminIssueFinesResponseSchema>;

/** POST /admin/fines/{id}/waive */
export const adminWaiveFineSchema = z.strictObject({
  note: decisionReasonSchema('Say why the fine is waived (at least 3 characters)'),
});
export type AdminWaiveFineInput = z.infer<typeof adminWaiveFineSchema>;

/** POST /admin/fines/{id}/pay: from the member's savings or by a transfer to the bank. */
export const adminMarkFinePaidSchema = z.strictObject({
  paidFrom: z.enum(FINE_PAYMENT_SOURCES, { error: 'Choose how the fine was paid' }),
  paidDate: isoDateSchema.optional(),
});
export type AdminMarkFinePaidInput = z.infer<typeof adminMarkFinePaidSchema>;
