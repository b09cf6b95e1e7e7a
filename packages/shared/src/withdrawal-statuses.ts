/**
 * Withdrawals' statuses and how a badge shows them (docs/decisions/113-status-tones.md): the list, a
 * tone and a label for each. On their own, free of zod and of the rest of withdrawal-rules.ts (which
 * re-exports them), so a page that only shows these statuses, like the dashboard's Recent
 * Activity, loads these maps and nothing more.
 */
import type { StatusDisplay, StatusLabelMap, StatusToneMap } from './status-tones.js';

/**
 * `cancelled`: the member withdrew their own pending request (PUT /users/withdrawals/{id},
 * docs/decisions/041-withdrawals.md); docs/member-portal.md §4 shows it as an "other" status.
 */
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Pending waits for the administrator; a cancelled request closed without effect. */
export const WITHDRAWAL_STATUS_TONES: StatusToneMap<WithdrawalStatus> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  cancelled: 'muted',
};

export const WITHDRAWAL_STATUS_LABELS: StatusLabelMap<WithdrawalStatus> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** What a withdrawal status badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const WITHDRAWAL_STATUS_DISPLAY: StatusDisplay<WithdrawalStatus> = {
  tones: WITHDRAWAL_STATUS_TONES,
  labels: WITHDRAWAL_STATUS_LABELS,
};
