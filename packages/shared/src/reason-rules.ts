/**
 * How long each kind of free-text reason must be, counted once trimmed. The server's schemas and
 * the web's reason dialogs read the same entry, so a dialog never accepts what the server refuses
 * (nor the reverse). Zod-free: the web reads it without loading a schema. The rule for the web
 * dialog is in docs/decisions/124-dialog-kit.md.
 */
export const REASON_RULES = {
  /**
   * An officer's refusal or waiver the member is told: a rejected withdrawal or deposit notice, a
   * waived fine, a rejected proposal.
   */
  decision: { min: 3, max: 500 },
  /** An officer's decision on a loan the borrower is told (reject, cancel, write off). */
  loanDecision: { min: 10, max: 500 },
  /** A member's dispute of a contribution. */
  dispute: { min: 10, max: 500 },
  /** The officer's note that resolves a member's dispute. */
  disputeResolution: { min: 10, max: 500 },
  /** A reviewer's reason for rejecting a loan under review: required, any length. */
  reviewRejection: { min: 1, max: 500 },
  /** A reviewer's note on approving, or a guarantor's reason for refusing: optional. */
  optionalNote: { min: 0, max: 500 },
} as const;

export type ReasonKind = keyof typeof REASON_RULES;

/** Whether `reason` is long enough, and not too long, for its kind (trimmed). */
export function isReasonValid(kind: ReasonKind, reason: string): boolean {
  const length = reason.trim().length;
  return length >= REASON_RULES[kind].min && length <= REASON_RULES[kind].max;
}
