/** Contributions: monthly savings and share-holding deductions (spec §2, §3, §4, §7; DESIGN §6). */
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
import type { TransitionTable } from './transitions.js';
import { canTransition } from './transitions.js';

export const CONTRIBUTION_STATUSES = ['pending', 'confirmed', 'disputed', 'resolved'] as const;
export const contributionStatusSchema = z.enum(CONTRIBUTION_STATUSES);
export type ContributionStatus = z.infer<typeof contributionStatusSchema>;

/**
 * The member confirms a pending row and may later dispute a confirmed one; the administrator
 * resolves a dispute. A resolved row is final: a new disagreement is a new conversation.
 */
export const CONTRIBUTION_TRANSITIONS: TransitionTable<ContributionStatus> = {
  pending: ['confirmed'],
  confirmed: ['disputed'],
  disputed: ['resolved'],
  resolved: [],
};

export function canTransitionContribution(from: ContributionStatus, to: ContributionStatus) {
  return canTransition(CONTRIBUTION_TRANSITIONS, from, to);
}

/** Only pending rows can be selected for confirmation (spec §4). */
export function isSelectableContribution(contribution: { status: ContributionStatus }): boolean {
  return contribution.status === 'pending';
}

/** A dispute needs a confirmed row that was never disputed nor resolved before (spec §4). */
export function canDisputeContribution(contribution: {
  status: ContributionStatus;
  disputeDate: string | null;
  disputeResolvedBy: string | null;
}): boolean {
  return (
    contribution.status === 'confirmed' &&
    contribution.disputeDate === null &&
    contribution.disputeResolvedBy === null
  );
}

/** Spec §3 Contribution; amounts in naira, `contributionDate` a calendar date. */
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
 * array (spec §7); both arrive here as a de-duplicated array.
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

/** '3 contribution(s) confirmed successfully' (spec §8). */
export function contributionsConfirmedMessage(count: number): string {
  return `${count} contribution(s) confirmed successfully`;
}

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
