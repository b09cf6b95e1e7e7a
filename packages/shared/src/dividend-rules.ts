/**
 * Dividends (docs/member-portal.md §2 Dividends, §4, §8): statuses, transitions and the page's
 * texts. Free of zod, so the Dividends page and the API share them; the schemas are in
 * dividends.ts.
 */
import type { StatusDisplay, StatusLabelMap, StatusToneMap } from './status-tones.js';
import type { TransitionTable } from './transitions.js';
import { canTransition } from './transitions.js';

export const DIVIDEND_STATUSES = ['calculated', 'pending', 'paid'] as const;
export type DividendStatus = (typeof DIVIDEND_STATUSES)[number];

/** A year's declaration: `paid` once every row is paid (tones and labels as DIVIDEND_STATUS_*). */
export const DIVIDEND_DECLARATION_STATUSES = ['calculated', 'paid'] as const;

export const DIVIDEND_TYPES = ['share_holding', 'savings', 'patronage'] as const;
export type DividendType = (typeof DIVIDEND_TYPES)[number];

/** Calculated when declared, pending once approved for payment, paid when credited. */
export const DIVIDEND_TRANSITIONS: TransitionTable<DividendStatus> = {
  calculated: ['pending', 'paid'],
  pending: ['paid'],
  paid: [],
};

export function canTransitionDividend(from: DividendStatus, to: DividendStatus) {
  return canTransition(DIVIDEND_TRANSITIONS, from, to);
}

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

export const DIVIDEND_TYPE_LABELS: Readonly<Record<DividendType, string>> = {
  share_holding: 'Share Holdings',
  savings: 'Savings',
  patronage: 'Patronage',
};

/** The Dividends page's texts, as members read them (docs/member-portal.md §2 and §8). */
export const DIVIDEND_MESSAGES = {
  empty: 'No dividends found',
  fetchFailed: 'Failed to fetch dividends',
  errorTitle: 'Error',
} as const;
