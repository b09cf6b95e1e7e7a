/** Voluntary deposits notified by members (docs/decisions/042-deposit-notices.md). */
import { z } from 'zod';
import { AMOUNT_TOO_LARGE, MAX_AMOUNT_NAIRA, NOTE_MAX_LENGTH } from './constants.js';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import { isIsoDate, type IsoDate } from './dates.js';
import {
  BANK_REFERENCE_MAX_LENGTH,
  DEPOSIT_NOTICE_MESSAGES,
  DEPOSIT_NOTICE_STATUSES,
} from './deposit-notice-rules.js';
import {
  dateRangeFilters,
  filteredListQuery,
  idSchema,
  listEnvelope,
  searchFilter,
  successEnvelope,
} from './http.js';
import { isWholeKobo } from './money.js';
import { adminMemberRefSchema } from './members.js';
import { REASON_RULES } from './reason-rules.js';

// The statuses, rules and texts the Make Contribution page uses live zod-free in
// deposit-notice-rules.ts.
export * from './deposit-notice-rules.js';

export const depositNoticeStatusSchema = z.enum(DEPOSIT_NOTICE_STATUSES);

const depositAmountSchema = z
  .number({ error: DEPOSIT_NOTICE_MESSAGES.invalidAmount })
  .min(0, DEPOSIT_NOTICE_MESSAGES.invalidAmount)
  .max(MAX_AMOUNT_NAIRA, AMOUNT_TOO_LARGE)
  .refine(isWholeKobo, DEPOSIT_NOTICE_MESSAGES.tooPrecise);

/** POST /users/deposit-notices; the server also refuses a future transfer date. */
export const depositNoticeRequestSchema = z
  .strictObject({
    savingsAmount: depositAmountSchema,
    shareHoldingAmount: depositAmountSchema,
    transferDate: isoDateSchema,
    bankReference: z
      .string({ error: DEPOSIT_NOTICE_MESSAGES.referenceRequired })
      .trim()
      .min(1, DEPOSIT_NOTICE_MESSAGES.referenceRequired)
      .max(BANK_REFERENCE_MAX_LENGTH, DEPOSIT_NOTICE_MESSAGES.referenceTooLong),
    note: z.string().trim().max(NOTE_MAX_LENGTH).optional(),
  })
  .refine((body) => body.savingsAmount + body.shareHoldingAmount > 0, {
    message: DEPOSIT_NOTICE_MESSAGES.nothingToDeposit,
    path: ['savingsAmount'],
  });
export type DepositNoticeRequest = z.infer<typeof depositNoticeRequestSchema>;

const depositAmountsSchema = z
  .object({ savingsAmount: depositAmountSchema, shareHoldingAmount: depositAmountSchema })
  .refine((amounts) => amounts.savingsAmount + amounts.shareHoldingAmount > 0, {
    message: DEPOSIT_NOTICE_MESSAGES.nothingToDeposit,
    path: ['savingsAmount'],
  });

/**
 * The Make Contribution form: the request's fields, a transfer date that is not after `today`, and
 * the two amounts' sum. The sum is checked on its own side of an intersection, so "nothing to
 * deposit" is said together with a missing reference, not only once every other field is right.
 */
export function depositNoticeFormSchema(today: IsoDate) {
  const { shape } = depositNoticeRequestSchema;
  return z
    .object({
      savingsAmount: shape.savingsAmount,
      shareHoldingAmount: shape.shareHoldingAmount,
      transferDate: z
        .string()
        .refine(isIsoDate, DEPOSIT_NOTICE_MESSAGES.transferDateRequired)
        .refine((date) => date <= today, DEPOSIT_NOTICE_MESSAGES.transferDateFuture),
      bankReference: shape.bankReference,
      note: shape.note,
    })
    .and(depositAmountsSchema);
}

export const depositNoticeSchema = z.object({
  id: idSchema,
  savingsAmount: z.number(),
  shareHoldingAmount: z.number(),
  totalAmount: z.number(),
  transferDate: isoDateSchema,
  bankReference: z.string(),
  note: z.string().nullable(),
  status: depositNoticeStatusSchema,
  submittedAt: isoDateTimeSchema,
  decidedAt: isoDateTimeSchema.nullable(),
  rejectionReason: z.string().nullable(),
});
export type DepositNotice = z.infer<typeof depositNoticeSchema>;
export const depositNoticeResponseSchema = successEnvelope(depositNoticeSchema);
export type DepositNoticeResponse = z.infer<typeof depositNoticeResponseSchema>;

/** GET /users/deposit-notices: newest first, 10 a page. */
export const depositNoticeListQuerySchema = filteredListQuery({
  sortFields: ['submittedAt'],
  defaults: { sortBy: 'submittedAt', sortOrder: 'desc' },
  filters: { status: depositNoticeStatusSchema.optional() },
});
export type DepositNoticeListQuery = z.infer<typeof depositNoticeListQuerySchema>;
export const depositNoticeListResponseSchema = listEnvelope(depositNoticeSchema);
export type DepositNoticeListResponse = z.infer<typeof depositNoticeListResponseSchema>;

/**
 * GET /users/deposit-notices/instructions: what the Make Contribution page shows: the member's
 * current monthly deduction (the latest payroll month) and the cooperative's account.
 */
export const depositInstructionsSchema = z.object({
  monthlyDeduction: z
    .object({
      month: z.string(),
      savingsAmount: z.number(),
      shareHoldingAmount: z.number(),
      totalAmount: z.number(),
    })
    .nullable(),
  bankAccount: z.object({
    bankName: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
  }),
});
export type DepositInstructions = z.infer<typeof depositInstructionsSchema>;
export const depositInstructionsResponseSchema = successEnvelope(depositInstructionsSchema);
export type DepositInstructionsResponse = z.infer<typeof depositInstructionsResponseSchema>;

/** The administrator verifies a pending notice (back office; the demo). */
export const verifyDepositNoticeSchema = z.strictObject({ id: idSchema });
export type VerifyDepositNoticeInput = z.infer<typeof verifyDepositNoticeSchema>;

/** The administrator rejects a pending notice, saying why. */
export const rejectDepositNoticeSchema = z.strictObject({
  id: idSchema,
  reason: z
    .string()
    .trim()
    .min(REASON_RULES.decision.min, 'Say why the notice is rejected')
    .max(REASON_RULES.decision.max),
});
export type RejectDepositNoticeInput = z.infer<typeof rejectDepositNoticeSchema>;

/* ------------------------------------------------------------------ back office */

export const adminDepositNoticeSchema = z.object({
  id: z.string(),
  member: adminMemberRefSchema,
  savingsAmount: z.number(),
  shareHoldingAmount: z.number(),
  totalAmount: z.number(),
  transferDate: isoDateSchema,
  bankReference: z.string(),
  note: z.string().nullable(),
  status: z.enum(DEPOSIT_NOTICE_STATUSES),
  submittedAt: isoDateTimeSchema,
  decidedAt: isoDateTimeSchema.nullable(),
  rejectionReason: z.string().nullable(),
});
export type AdminDepositNotice = z.infer<typeof adminDepositNoticeSchema>;

export const adminDepositNoticeListQuerySchema = filteredListQuery({
  sortFields: ['submittedAt', 'transferDate'],
  defaults: { sortBy: 'submittedAt', sortOrder: 'asc', limit: 25 },
  filters: {
    ...searchFilter,
    status: z.enum(DEPOSIT_NOTICE_STATUSES).optional(),
    ...dateRangeFilters,
  },
});
export type AdminDepositNoticeListQuery = z.infer<typeof adminDepositNoticeListQuerySchema>;
export const adminDepositNoticeListResponseSchema = listEnvelope(adminDepositNoticeSchema);
export type AdminDepositNoticeListResponse = z.infer<typeof adminDepositNoticeListResponseSchema>;
export const adminDepositNoticeResponseSchema = successEnvelope(adminDepositNoticeSchema);
export type AdminDepositNoticeResponse = z.infer<typeof adminDepositNoticeResponseSchema>;
