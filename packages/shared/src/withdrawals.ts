/** Withdrawals of savings or share holding (spec §2 Withdrawals, §3, §5, §7; DESIGN §6). */
import { z } from 'zod';
import { DEFAULT_SORTS, NOTE_MAX_LENGTH } from './constants.js';
import { isoDateTimeSchema } from './date-schemas.js';
import { filteredListQuery, idSchema, listEnvelope, successEnvelope } from './http.js';
import { isWholeKobo, type Naira } from './money.js';
import type { TransitionTable } from './transitions.js';
import { canTransition } from './transitions.js';

export const WITHDRAWAL_TYPES = ['savings', 'share_holding'] as const;
export const withdrawalTypeSchema = z.enum(WITHDRAWAL_TYPES);
export type WithdrawalType = z.infer<typeof withdrawalTypeSchema>;

/** POST /users/withdrawals/savings and /users/withdrawals/share-holding. */
export const WITHDRAWAL_PATH_SEGMENTS: Readonly<Record<WithdrawalType, string>> = {
  savings: 'savings',
  share_holding: 'share-holding',
};

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

/** The administrator approves (the ledger debit happens then) or rejects a pending request. */
export const WITHDRAWAL_TRANSITIONS: TransitionTable<WithdrawalStatus> = {
  pending: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

export function canTransitionWithdrawal(from: WithdrawalStatus, to: WithdrawalStatus) {
  return canTransition(WITHDRAWAL_TRANSITIONS, from, to);
}

/** Spec §5 and §8 Withdrawals. */
export const WITHDRAWAL_MESSAGES = {
  invalidAmount: 'Enter a valid amount greater than 0',
  exceedsBalance: 'Amount exceeds available balance',
  submitted: 'Withdrawal request submitted',
  failedTitle: 'Request failed',
  failedMessage: 'Please try again later.',
  eligibilityUnavailable: 'Eligibility data unavailable',
} as const;

const withdrawalAmountSchema = z
  .number({ error: WITHDRAWAL_MESSAGES.invalidAmount })
  .positive(WITHDRAWAL_MESSAGES.invalidAmount)
  .refine(isWholeKobo, 'Amount cannot have more than 2 decimal places');

const withdrawalReasonSchema = z
  .string()
  .trim()
  .max(NOTE_MAX_LENGTH, `Reason cannot exceed ${NOTE_MAX_LENGTH} characters`)
  .optional();

/** The request body; the server checks the balance under a lock (DESIGN §6). */
export const withdrawalRequestSchema = z.strictObject({
  amount: withdrawalAmountSchema,
  reason: withdrawalReasonSchema,
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/** The dialog's form: the request rules plus the balance available for the chosen type. */
export function withdrawalFormSchema(availableBalance: Naira) {
  return z.strictObject({
    amount: withdrawalAmountSchema.refine(
      (amount) => amount <= availableBalance,
      WITHDRAWAL_MESSAGES.exceedsBalance,
    ),
    reason: withdrawalReasonSchema,
  });
}

/** PUT /users/withdrawals/{id}: a pending request's amount or reason. */
export const withdrawalUpdateSchema = z
  .strictObject({ amount: withdrawalAmountSchema.optional(), reason: withdrawalReasonSchema })
  .refine(
    (update) => update.amount !== undefined || update.reason !== undefined,
    'Nothing to update',
  );
export type WithdrawalUpdate = z.infer<typeof withdrawalUpdateSchema>;

/** Spec §3 Withdrawal eligibility: `restrictions` explains each `false` flag in plain words. */
export const withdrawalEligibilitySchema = z.object({
  availableSavings: z.number(),
  availableShares: z.number(),
  canWithdrawSavings: z.boolean(),
  canWithdrawShares: z.boolean(),
  restrictions: z.array(z.string()),
});
export type WithdrawalEligibility = z.infer<typeof withdrawalEligibilitySchema>;
export const withdrawalEligibilityResponseSchema = successEnvelope(withdrawalEligibilitySchema);

/** Spec §3 Withdrawal. */
export const withdrawalSchema = z.object({
  _id: idSchema,
  id: idSchema,
  withdrawalType: withdrawalTypeSchema,
  requestedAmount: z.number(),
  status: withdrawalStatusSchema,
  requestDate: isoDateTimeSchema,
  processedDate: isoDateTimeSchema.nullable(),
  reason: z.string().nullable(),
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
