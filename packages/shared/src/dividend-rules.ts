/**
 * Dividends (docs/member-portal.md §2 Dividends, §4, §8): statuses, transitions and the page's
 * texts. Free of zod, so the Dividends page and the API share them; the schemas are in
 * dividends.ts.
 */
import type { TransitionTable } from './transitions.js';
import { canTransition } from './transitions.js';
import type { DividendStatus } from './dividend-statuses.js';

export {
  DIVIDEND_STATUSES,
  DIVIDEND_STATUS_DISPLAY,
  DIVIDEND_STATUS_LABELS,
  DIVIDEND_STATUS_TONES,
  type DividendStatus,
} from './dividend-statuses.js';

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
