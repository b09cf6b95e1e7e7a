/**
 * Contributions: the API contract (zod schemas) of docs/member-portal.md §3 and §7. Statuses, rules
 * and texts are in contribution-rules.ts, which member pages import without downloading zod.
 */
import { z } from 'zod';
import {
  CONTRIBUTIONS_DEFAULT_QUERY,
  DISPUTE_REASON_MAX_LENGTH,
  DISPUTE_REASON_MIN_LENGTH,
  MAX_PAGE_SIZE,
} from './constants.js';
import { isoDateSchema, isoDateTimeSchema, isoMonthSchema } from './date-schemas.js';
import {
  amountRangeFilters,
  dateRangeFilters,
  filteredListQuery,
  idSchema,
  listEnvelope,
  searchFilter,
  successEnvelope,
} from './http.js';
import {
  CONTRIBUTION_STATUSES,
  DISPUTE_NOTE_MAX_LENGTH,
  DISPUTE_NOTE_MIN_LENGTH,
  DISPUTE_QUEUE_STATUSES,
} from './contribution-rules.js';
import { isWholeKobo } from './money.js';

export const contributionStatusSchema = z.enum(CONTRIBUTION_STATUSES);

/** docs/member-portal.md §3 Contribution; amounts in naira, `contributionDate` a calendar date. */
export const contributionSchema = z.object({
  id: idSchema,
  _id: idSchema,
  contributionMonth: isoMonthSchema,
  contributionDate: isoDateSchema,
  savingsAmount: z.number(),
  shareHoldingAmount: z.number(),
  totalAmount: z.number(),
  status: contributionStatusSchema,
  disputeDate: isoDateTimeSchema.nullable(),
  /** The administrator who resolved the dispute. */
  disputeResolvedBy: idSchema.nullable(),
});
export type Contribution = z.infer<typeof contributionSchema>;

export const CONTRIBUTION_SORT_FIELDS = [
  'contributionDate',
  'contributionMonth',
  'totalAmount',
] as const;

/** GET /users/contributions (defaults: page 1, 25 per page, newest first). */
export const contributionListQuerySchema = filteredListQuery({
  sortFields: CONTRIBUTION_SORT_FIELDS,
  defaults: CONTRIBUTIONS_DEFAULT_QUERY,
  filters: {
    status: contributionStatusSchema.optional(),
    contributionMonth: isoMonthSchema.optional(),
    ...searchFilter,
    ...dateRangeFilters,
    ...amountRangeFilters,
  },
});
export type ContributionListQuery = z.infer<typeof contributionListQuerySchema>;

export const contributionListResponseSchema = listEnvelope(contributionSchema);
export type ContributionListResponse = z.infer<typeof contributionListResponseSchema>;

/** GET /users/contributions/{id}, and the answer of a dispute (the row as it is now). */
export const contributionResponseSchema = successEnvelope(contributionSchema);
export type ContributionResponse = z.infer<typeof contributionResponseSchema>;

/**
 * POST /users/contributions/confirm. The client sends one id as a string and several as an
 * array (docs/member-portal.md §7); both arrive here as a de-duplicated array.
 */
export const confirmContributionsSchema = z.strictObject({
  contributionIds: z
    .union([idSchema, z.array(idSchema)], {
      error: (issue) =>
        issue.input === undefined ? 'Select at least one contribution to confirm' : undefined,
    })
    .transform((ids) => [...new Set(typeof ids === 'string' ? [ids] : ids)])
    .pipe(
      z
        .array(z.string())
        .min(1, 'Select at least one contribution to confirm')
        .max(MAX_PAGE_SIZE, `You can confirm at most ${MAX_PAGE_SIZE} contributions at once`),
    ),
});
export type ConfirmContributionsInput = z.infer<typeof confirmContributionsSchema>;

/** The confirmed rows, oldest month first; `message` is `contributionsConfirmedMessage(n)`. */
export const confirmContributionsResponseSchema = successEnvelope(
  z.object({ contributions: z.array(contributionSchema) }),
);
export type ConfirmContributionsResponse = z.infer<typeof confirmContributionsResponseSchema>;

/** POST /users/contributions/{id}/dispute */
export const disputeContributionSchema = z.strictObject({
  reason: z
    .string({ error: 'Dispute reason is required' })
    .trim()
    .min(1, { message: 'Dispute reason is required', abort: true })
    .min(
      DISPUTE_REASON_MIN_LENGTH,
      `Dispute reason must be at least ${DISPUTE_REASON_MIN_LENGTH} characters`,
    )
    .max(
      DISPUTE_REASON_MAX_LENGTH,
      `Dispute reason cannot exceed ${DISPUTE_REASON_MAX_LENGTH} characters`,
    ),
});
export type DisputeContributionInput = z.infer<typeof disputeContributionSchema>;

/* ------------------------------------------------------------------ disputes (back office) */

export const disputeSchema = z.object({
  id: z.string(),
  member: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    membershipId: z.string(),
  }),
  contributionMonth: z.string(),
  savingsAmount: z.number(),
  shareHoldingAmount: z.number(),
  totalAmount: z.number(),
  status: z.enum(CONTRIBUTION_STATUSES),
  disputeReason: z.string().nullable(),
  disputeDate: isoDateTimeSchema.nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: isoDateTimeSchema.nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const disputeListQuerySchema = filteredListQuery({
  sortFields: ['disputeDate', 'contributionMonth'],
  defaults: { sortBy: 'disputeDate', sortOrder: 'asc', limit: 25 },
  filters: {
    ...searchFilter,
    status: z.enum(DISPUTE_QUEUE_STATUSES).default('disputed'),
    ...dateRangeFilters,
  },
});
export type DisputeListQuery = z.infer<typeof disputeListQuerySchema>;
export const disputeListResponseSchema = listEnvelope(disputeSchema);
export type DisputeListResponse = z.infer<typeof disputeListResponseSchema>;

const amountSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(50_000_000, `${label} cannot exceed ₦50,000,000`)
    .refine(isWholeKobo, `${label} must be in naira and kobo`);

/**
 * POST /admin/contributions/{id}/resolve: a note, and when the member was right the amounts
 * that were really deducted; the difference is posted as an adjusting ledger transaction.
 */
export const resolveDisputeSchema = z
  .strictObject({
    note: z
      .string({ error: 'A resolution note is required' })
      .trim()
      .min(
        DISPUTE_NOTE_MIN_LENGTH,
        `The note must be at least ${DISPUTE_NOTE_MIN_LENGTH} characters`,
      )
      .max(DISPUTE_NOTE_MAX_LENGTH, `The note cannot exceed ${DISPUTE_NOTE_MAX_LENGTH} characters`),
    memberWasRight: z.boolean(),
    correctedSavings: amountSchema('Corrected savings').optional(),
    correctedShares: amountSchema('Corrected share holding').optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.memberWasRight) return;
    if (input.correctedSavings === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['correctedSavings'],
        message: 'Enter the savings amount that was really deducted',
      });
    }
    if (input.correctedShares === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['correctedShares'],
        message: 'Enter the share holding amount that was really deducted',
      });
    }
  });
export type ResolveDisputeInput = z.infer<typeof resolveDisputeSchema>;
export const disputeResponseSchema = successEnvelope(disputeSchema);
export type DisputeResponse = z.infer<typeof disputeResponseSchema>;
