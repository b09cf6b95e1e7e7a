/**
 * Contributions' statuses and how a badge shows them (docs/decisions/113-status-tones.md): the list, a
 * tone and a label for each. On their own, free of zod and of the rest of contribution-rules.ts (which
 * re-exports them), so a page that only shows these statuses, like the dashboard's Recent
 * Activity, loads these maps and nothing more.
 */
import type { StatusDisplay, StatusLabelMap, StatusToneMap } from './status-tones.js';

export const CONTRIBUTION_STATUSES = ['pending', 'confirmed', 'disputed', 'resolved'] as const;
export type ContributionStatus = (typeof CONTRIBUTION_STATUSES)[number];

/** Pending waits for the member's confirmation; a disputed row is one the member says is wrong. */
export const CONTRIBUTION_STATUS_TONES: StatusToneMap<ContributionStatus> = {
  pending: 'warning',
  confirmed: 'success',
  disputed: 'danger',
  resolved: 'success',
};
export const CONTRIBUTION_STATUS_LABELS: StatusLabelMap<ContributionStatus> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  disputed: 'Disputed',
  resolved: 'Resolved',
};

/** What a contribution status badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const CONTRIBUTION_STATUS_DISPLAY: StatusDisplay<ContributionStatus> = {
  tones: CONTRIBUTION_STATUS_TONES,
  labels: CONTRIBUTION_STATUS_LABELS,
};
