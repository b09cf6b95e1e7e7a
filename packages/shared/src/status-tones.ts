/**
 * One tone vocabulary for every status badge (docs/decisions/113-status-tones.md). Each domain's
 * zod-free rules export a status → tone map and a status → label map built on it, so a status
 * looks and reads the same to a member and to an officer. Zod-free.
 */

/**
 * - warning: waiting for someone to act (every `pending`, an account not yet activated);
 * - info: under way, nothing to do yet (under review, a running loan, a calculated dividend);
 * - success: done and good for the member (approved, paid, confirmed, repaid);
 * - danger: refused, failed or wrong (rejected, defaulted, overdue, disputed, suspended);
 * - muted: closed without effect (cancelled, waived, replaced, already posted).
 */
export const STATUS_TONES = ['warning', 'info', 'success', 'danger', 'muted'] as const;
export type StatusTone = (typeof STATUS_TONES)[number];

/** A domain's statuses with their tone. */
export type StatusToneMap<S extends string> = Readonly<Record<S, StatusTone>>;
/** A domain's statuses in words, as the spec writes them ('Under Review', never `under_review`). */
export type StatusLabelMap<S extends string> = Readonly<Record<S, string>>;
/**
 * A domain's statuses as a badge shows them: both maps, exported by the domain's rules beside them
 * (`LOAN_STATUS_DISPLAY`). The web's badge takes one, so a page loads only its own domains' maps.
 */
export type StatusDisplay<S extends string> = {
  readonly tones: StatusToneMap<S>;
  readonly labels: StatusLabelMap<S>;
};

/** 'Under Review' for under_review: the words of a status code when no label was written. */
export function statusWords(status: string): string {
  return status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
