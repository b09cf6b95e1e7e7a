/**
 * The back office's money routines (issue 9 items 5, 7, 9): the contract of
 * `/api/v1/admin/withdrawals`, `/admin/deposit-notices` and `/admin/fines`. Amounts are naira.
 */
import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import { DEPOSIT_NOTICE_STATUSES } from './deposit-notice-rules.js';
import { FINE_PAYMENT_SOURCES, FINE_STATUSES } from './fine-rules.js';
import {
  dateRangeFilters,
  filteredListQuery,
  idSchema,
  listEnvelope,
  searchFilter,
  successEnvelope,
} from './http.js';
import { isWholeKobo } from './money.js';
import { WITHDRAWAL_STATUSES, WITHDRAWAL_TYPES } from './withdrawal-rules.js';
import {
  ADMIN_DECISION_REASON_MAX_LENGTH,
  ADMIN_DECISION_REASON_MIN_LENGTH,
  FINE_ISSUE_MAX_MEMBERS,
} from './admin-money-texts.js';

/** Who a record belongs to, as every admin list shows them. */
export const adminMemberRefSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  membershipId: z.string(),
});
export type AdminMemberRef = z.infer<typeof adminMemberRefSchema>;

const reasonSchema = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(ADMIN_DECISION_REASON_MIN_LENGTH, required)
    .max(
      ADMIN_DECISION_REASON_MAX_LENGTH,
      `The reason cannot exceed ${ADMIN_DECISION_REASON_MAX_LENGTH} characters`,
    );

/* ------------------------------------------------------------------ withdrawals */

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

/** POST /admin/withdrawals/{id}/reject and /admin/deposit-notices/{id}/reject */
export const adminRejectSchema = z.strictObject({
  reason: reasonSchema('Say why it is rejected (at least 3 characters)'),
});
export type AdminRejectInput = z.infer<typeof adminRejectSchema>;

/* ------------------------------------------------------------------ deposit notices */

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

/* ------------------------------------------------------------------ fines */

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
  note: reasonSchema('Say why the fine is waived (at least 3 characters)'),
});
export type AdminWaiveFineInput = z.infer<typeof adminWaiveFineSchema>;

/** POST /admin/fines/{id}/pay: from the member's savings or by a transfer to the bank. */
export const adminMarkFinePaidSchema = z.strictObject({
  paidFrom: z.enum(FINE_PAYMENT_SOURCES, { error: 'Choose how the fine was paid' }),
  paidDate: isoDateSchema.optional(),
});
export type AdminMarkFinePaidInput = z.infer<typeof adminMarkFinePaidSchema>;
