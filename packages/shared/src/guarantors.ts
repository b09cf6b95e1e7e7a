/**
 * Guarantor requests: accept, reject, reassign, candidate search (docs/member-portal.md §2, §3, §4,
 * §5, §7).
 */
import { z } from 'zod';
import { memberSummarySchema } from './auth.js';
import { DEFAULT_SORTS, NOTE_MAX_LENGTH } from './constants.js';
import { isoDateTimeSchema } from './date-schemas.js';
import {
  amountRangeFilters,
  dateRangeFilters,
  filteredListQuery,
  idSchema,
  listEnvelope,
  pageQuerySchema,
  searchFilter,
} from './http.js';
import { guarantorStatusSchema, loanStatusSchema, type GuarantorStatus } from './loans.js';
import type { TransitionTable } from './transitions.js';
import { canTransition } from './transitions.js';

export { GUARANTOR_STATUSES, guarantorStatusSchema, type GuarantorStatus } from './loans.js';

/**
 * Only the guarantor answers a pending request, once. A rejected request is not reopened: a
 * reassignment creates a new pending request for another member (docs/business-rules.md).
 */
export const GUARANTOR_TRANSITIONS: TransitionTable<GuarantorStatus> = {
  pending: ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
};

export function canTransitionGuarantor(from: GuarantorStatus, to: GuarantorStatus) {
  return canTransition(GUARANTOR_TRANSITIONS, from, to);
}

/**
 * docs/member-portal.md §3 Guarantor request: `loanId` is the loan, populated with its borrower in
 * `userId`, as the spec's client reads it. `acceptanceToken` goes back in the accept or reject
 * body.
 */
export const guarantorRequestSchema = z.object({
  _id: idSchema,
  id: idSchema,
  status: guarantorStatusSchema,
  invitationDate: isoDateTimeSchema,
  responseDate: isoDateTimeSchema.nullable(),
  guaranteeAmount: z.number(),
  acceptanceToken: z.string(),
  loanId: z.object({
    _id: idSchema,
    id: idSchema,
    loanId: z.string(),
    requestedAmount: z.number(),
    purpose: z.string(),
    status: loanStatusSchema,
    repaymentTermMonths: z.number().int(),
    userId: memberSummarySchema,
  }),
});
export type GuarantorRequest = z.infer<typeof guarantorRequestSchema>;

/** GET /users/guarantees: pending requests, newest first, unless asked otherwise. */
export const guarantorRequestListQuerySchema = filteredListQuery({
  sortFields: ['invitationDate', 'guaranteeAmount'],
  defaults: DEFAULT_SORTS.guarantorRequests,
  filters: {
    status: guarantorStatusSchema.default('pending'),
    /** Borrower name or loan ID. */
    ...searchFilter,
    ...dateRangeFilters,
    ...amountRangeFilters,
  },
});
export type GuarantorRequestListQuery = z.infer<typeof guarantorRequestListQuerySchema>;
/**
 * `summary.availableSavings` is the member's available savings now (savings less what is held):
 * accepting a pending request freezes its guarantee from it, so the accept dialog shows it before
 * and after (docs/decisions/163-phone-money-lists-and-figures.md).
 */
export const guarantorRequestListResponseSchema = listEnvelope(guarantorRequestSchema).extend({
  summary: z.object({ availableSavings: z.number().min(0) }),
});
export type GuarantorRequestListResponse = z.infer<typeof guarantorRequestListResponseSchema>;

const acceptanceTokenSchema = z
  .string({ error: 'Token is required' })
  .min(1, { message: 'Token is required', abort: true })
  .max(512, 'Invalid token');

/** POST /users/guarantees/{id}/accept */
export const acceptGuarantorSchema = z.strictObject({ token: acceptanceTokenSchema });
export type AcceptGuarantorInput = z.infer<typeof acceptGuarantorSchema>;

/** POST /users/guarantees/{id}/reject; the reason is optional. */
export const rejectGuarantorSchema = z.strictObject({
  token: acceptanceTokenSchema,
  reason: z
    .string()
    .trim()
    .max(NOTE_MAX_LENGTH, `Reason cannot exceed ${NOTE_MAX_LENGTH} characters`)
    .optional(),
});
export type RejectGuarantorInput = z.infer<typeof rejectGuarantorSchema>;

/**
 * POST /users/guarantees/{id}/reassign: `{id}` is the rejected request. The dialog also sends
 * `guarantorId` (docs/member-portal.md §7); when present it must name the same request.
 */
export const reassignGuarantorSchema = z.strictObject({
  newGuarantorUserId: z.guid({ error: 'Please select a new guarantor' }),
  guarantorId: idSchema.optional(),
});
export type ReassignGuarantorInput = z.infer<typeof reassignGuarantorSchema>;

/** Guarantor candidate search: trimmed text, paged for infinite scroll. */
export const guarantorCandidateQuerySchema = pageQuerySchema.extend(searchFilter);
export type GuarantorCandidateQuery = z.infer<typeof guarantorCandidateQuerySchema>;

/** A member who can be chosen as guarantor; `isExco` shows the EXCO badge. */
export const guarantorCandidateSchema = memberSummarySchema.extend({
  _id: idSchema,
  id: idSchema,
  isExco: z.boolean(),
});
export type GuarantorCandidate = z.infer<typeof guarantorCandidateSchema>;
export const guarantorCandidateListResponseSchema = listEnvelope(guarantorCandidateSchema);
