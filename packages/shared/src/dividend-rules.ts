/**
 * Dividends (spec §2 Dividends, §4, §8): statuses, transitions and the page's texts. Free of zod,
 * so the Dividends page and the API share them; the schemas are in dividends.ts.
 */
import type { TransitionTable } from './transitions.js';
import { canTransition } from './transitions.js';

export const DIVIDEND_STATUSES = ['calculated', 'pending', 'paid'] as const;
export type DividendStatus = (typeof DIVIDEND_STATUSES)[number];

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

export const DIVIDEND_STATUS_LABELS: Readonly<Record<DividendStatus, string>> = {
  calculated: 'Calculated',
  pending: 'Pending',
  paid: 'Paid',
};

export const DIVIDEND_TYPE_LABELS: Readonly<Record<DividendType, string>> = {
  share_holding: 'Share Holdings',
  savings: 'Savings',
  patronage: 'Patronage',
};

/** The Dividends page's texts, word for word from spec §2 and §8. */
export const DIVIDEND_MESSAGES = {
  empty: 'No dividends found',
  fetchFailed: 'Failed to fetch dividends',
  errorTitle: 'Error',
} as const;
