/**
 * An officer's reason for a decision against a member's request (rejecting a withdrawal or a
 * deposit notice, waiving a fine): at least ADMIN_DECISION_REASON_MIN_LENGTH characters
 * (constants.ts). A loan's reasons are longer (loans.ts).
 */
import { z } from 'zod';
import { ADMIN_DECISION_REASON_MAX_LENGTH, ADMIN_DECISION_REASON_MIN_LENGTH } from './constants.js';

export const decisionReasonSchema = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(ADMIN_DECISION_REASON_MIN_LENGTH, required)
    .max(
      ADMIN_DECISION_REASON_MAX_LENGTH,
      `The reason cannot exceed ${ADMIN_DECISION_REASON_MAX_LENGTH} characters`,
    );

/** POST /admin/withdrawals/{id}/reject and /admin/deposit-notices/{id}/reject */
export const adminRejectSchema = z.strictObject({
  reason: decisionReasonSchema('Say why it is rejected (at least 3 characters)'),
});
export type AdminRejectInput = z.infer<typeof adminRejectSchema>;
