/**
 * Fines' statuses and how a badge shows them (docs/decisions/113-status-tones.md): the list, a
 * tone and a label for each. On their own, free of zod and of the rest of fine-rules.ts (which
 * re-exports them), so a page that only shows these statuses, like the dashboard's Recent
 * Activity, loads these maps and nothing more.
 */
import type { StatusDisplay, StatusLabelMap, StatusToneMap } from './status-tones.js';

export const FINE_STATUSES = ['pending', 'paid', 'waived'] as const;
export type FineStatus = (typeof FINE_STATUSES)[number];

/** Pending waits for payment; a waived fine closed without payment. */
export const FINE_STATUS_TONES: StatusToneMap<FineStatus> = {
  pending: 'warning',
  paid: 'success',
  waived: 'muted',
};

export const FINE_STATUS_LABELS: StatusLabelMap<FineStatus> = {
  pending: 'Pending',
  paid: 'Paid',
  waived: 'Waived',
};

/** What a fine status badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const FINE_STATUS_DISPLAY: StatusDisplay<FineStatus> = {
  tones: FINE_STATUS_TONES,
  labels: FINE_STATUS_LABELS,
};
