/**
 * Dividends' statuses and how a badge shows them (docs/decisions/113-status-tones.md): the list, a
 * tone and a label for each. On their own, free of zod and of the rest of dividend-rules.ts (which
 * re-exports them), so a page that only shows these statuses, like the dashboard's Recent
 * Activity, loads these maps and nothing more.
 */
import type { StatusDisplay, StatusLabelMap, StatusToneMap } from './status-tones.js';

export const DIVIDEND_STATUSES = ['calculated', 'pending', 'paid'] as const;
export type DividendStatus = (typeof DIVIDEND_STATUSES)[number];

/** Calculated is under way (declared, not yet approved); pending waits for payment. */
export const DIVIDEND_STATUS_TONES: StatusToneMap<DividendStatus> = {
  calculated: 'info',
  pending: 'warning',
  paid: 'success',
};

export const DIVIDEND_STATUS_LABELS: StatusLabelMap<DividendStatus> = {
  calculated: 'Calculated',
  pending: 'Pending',
  paid: 'Paid',
};

/** What a dividend status badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const DIVIDEND_STATUS_DISPLAY: StatusDisplay<DividendStatus> = {
  tones: DIVIDEND_STATUS_TONES,
  labels: DIVIDEND_STATUS_LABELS,
};
