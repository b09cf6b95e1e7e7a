/**
 * Withdrawals of savings or share holding (docs/member-portal.md §2 Withdrawals, §3, §5, §7;
 * docs/business-rules.md).
 */
import { z } from 'zod';
import { AMOUNT_TOO_LARGE, DEFAULT_SORTS, MAX_AMOUNT_NAIRA, NOTE_MAX_LENGTH } from './constants.js';
import { isoDateTimeSchema } from './date-schemas.js';
import {
  dateRangeFilters,
  filteredListQuery,
  idSchema,
  listEnvelope,
  searchFilter,
  successEnvelope,
} from './http.js';
import { isWholeKobo, type Naira } from './money.js';
import { WITHDRAWAL_MESSAGES, WITHDRAWAL_STATUSES, WITHDRAWAL_TYPES } from './withdrawal-rules.js';
import { heldSchema } from './holds.js';
import { adminMemberRefSchema } from './members.js';
import { REASON_RULES } from './reason-rules.js';

// The types, statuses, rules and texts the Withdrawals page uses live zod-free in
// withdrawal-rules.ts.
export * from './withdrawal-rules.js';

export const withdrawalTypeSchema = z.enum(WITHDRAWAL_TYPES);
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);

const withdrawalAmountSchema = z
  .number({ error: WITHDRAWAL_MESSAGES.invalidAmount })
  .positive(WITHDRAWAL_MESSAGES.invalidAmount)
  .max(MAX_AMOUNT_NAIRA, AMOUNT_TOO_LARGE)
  .refine(isWholeKobo, WITHDRAWAL_MESSAGES.tooPrecise);

const withdrawalReasonSchema = z
  .string()
  .trim()
  .max(NOTE_MAX_LENGTH, `Reason cannot exceed ${NOTE_MAX_LENGTH} characters`)
  .optional();

/** The request body; the server checks the balance under a lock (docs/business-rules.md). */
export const withdrawalRequestSchema = z.strictObject({
  amount: withdrawalAmountSchema,
  reason: withdrawalReasonSchema,
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/**
 * The dialog's form: the request rules plus the balance available for the chosen type. The
 * balance is checked first: a member who asks for more than they have is told so, not about the
 * cooperative's ceiling on any one amount, which is also exceeded.
 */
export function withdrawalFormSchema(availableBalance: Naira) {
  return z.strictObject({
    amount: z
      .number({ error: WITHDRAWAL_MESSAGES.invalidAmount })
      .refine((amount) => amount <= availableBalance, {
        error: WITHDRAWAL_MESSAGES.exceedsBalance,
        abort: true,
      })
      .pipe(withdrawalAmountSchema),
    reason: withdrawalReasonSchema,
  });
}

/**
 * PUT /users/withdrawals/{id}: a pending request's new amount or reason, or `status: 'cancelled'`
 * to cancel it (docs/decisions/041-withdrawals.md).
 */
export const withdrawalUpdateSchema = z
  .strictObject({
    amount: withdrawalAmountSchema.optional(),
    reason: withdrawalReasonSchema,
    status: z.literal('cancelled').optional(),
  })
  .refine(
    (update) =>
      update.amount !== undefined || update.reason !== undefined || update.status !== undefined,
    'Nothing to update',
  );
export type WithdrawalUpdate = z.infer<typeof withdrawalUpdateSchema>;

/**
 * docs/member-portal.md §3 Withdrawal eligibility: `restrictions` explains each `false` flag in
 * plain words.
 */
export const withdrawalEligibilitySchema = z.object({
  availableSavings: z.number(),
  availableShares: z.number(),
  canWithdrawSavings: z.boolean(),
  canWithdrawShares: z.boolean(),
  restrictions: z.array(z.string()),
  /** Why savings and shares are held: each reason's amount, said under the available figures. */
  held: z.array(heldSchema),
});
export type WithdrawalEligibility = z.infer<typeof withdrawalEligibilitySchema>;
export const withdrawalEligibilityResponseSchema = successEnvelope(withdrawalEligibilitySchema);

/** docs/member-portal.md §3 Withdrawal. */
export const withdrawalSchema = z.object({
  _id: idSchema,
  id: idSchema,
  withdrawalType: withdrawalTypeSchema,
  requestedAmount: z.number(),
  status: withdrawalStatusSchema,
  requestDate: isoDateTimeSchema,
  processedDate: isoDateTimeSchema.nullable(),
  reason: z.string().nullable(),
  /** Why the administrator rejected it; null unless rejected. Shown on the member's row. */
  rejectionReason: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalResponseSchema = successEnvelope(withdrawalSchema);

/** GET /users/withdrawals */
export const withdrawalListQuerySchema = filteredListQuery({
  sortFields: ['requestDate', 'requestedAmount'],
  defaults: DEFAULT_SORTS.withdrawals,
  filters: {
    status: withdrawalStatusSchema.optional(),
    requestType: withdrawalTypeSchema.optional(),
  },
});
export type WithdrawalListQuery = z.infer<typeof withdrawalListQuerySchema>;
export const withdrawalListResponseSchema = listEnvelope(withdrawalSchema);

/** The administrator approves a pending request (back office; the demo). */
export const approveWithdrawalSchema = z.strictObject({ id: idSchema });
export type ApproveWithdrawalInput = z.infer<typeof approveWithdrawalSchema>;

/** The administrator rejects a pending request, saying why. */
export const rejectWithdrawalSchema = z.strictObject({
  id: idSchema,
  reason: z
    .string()
    .trim()
    .min(REASON_RULES.decision.min, 'Say why the request is rejected')
    .max(REASON_RULES.decision.max),
});
export type RejectWithdrawalInput = z.infer<typeof rejectWithdrawalSchema>;
export type WithdrawalListResponse = z.infer<typeof withdrawalListResponseSchema>;
export type WithdrawalEligibilityResponse = z.infer<typeof withdrawalEligibilityResponseSchema>;
export type WithdrawalResponse = z.infer<typeof withdrawalResponseSchema>;

/* ------------------------------------------------------------------ back office */

export const adminWithdrawalSchema = z.object({
  id: z.string(),
  member: adminMemberRefSchema,
  withdrawalType: z.enum(WITHDRAWAL_TYPES),
  requestedAmount: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  requestDate: isoDateTimeSchema,
  processedDate: isoDateTimeSchema.nullable(),
  reason: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** What the member holds of this type now: savings net of frozen guarantees, or shares. */
  memberBalance: z.number(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const adminWithdrawalListQuerySchema = filteredListQuery({
  sortFields: ['requestDate', 'requestedAmount'],
  defaults: { sortBy: 'requestDate', sortOrder: 'asc', limit: 25 },
  filters: {
    ...searchFilter,
    status: z.enum(WITHDRAWAL_STATUSES).optional(),
    withdrawalType: z.enum(WITHDRAWAL_TYPES).optional(),
    ...dateRangeFilters,
  },
});
export type AdminWithdrawalListQuery = z.infer<typeof adminWithdrawalListQuerySchema>;
export const adminWithdrawalListResponseSchema = listEnvelope(adminWithdrawalSchema);
export type AdminWithdrawalListResponse = z.infer<typeof adminWithdrawalListResponseSchema>;
export const adminWithdrawalResponseSchema = successEnvelope(adminWithdrawalSchema);
export type AdminWithdrawalResponse = z.infer<typeof adminWithdrawalResponseSchema>;
