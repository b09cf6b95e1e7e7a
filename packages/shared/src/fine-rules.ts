/**
 * Fines (docs/member-portal.md §2 Fines, §4, §8): statuses, transitions, the overdue rule and the
 * page's texts. Free of zod, so the Fines page and the API share them; the schemas are in fines.ts.
 */
import type { IsoDate } from './dates.js';
import type { TransitionTable } from './transitions.js';
import { canTransition } from './transitions.js';
import type { FineStatus } from './fine-statuses.js';

export {
  FINE_STATUSES,
  FINE_STATUS_DISPLAY,
  FINE_STATUS_LABELS,
  FINE_STATUS_TONES,
  type FineStatus,
} from './fine-statuses.js';

export const FINE_TRANSITIONS: TransitionTable<FineStatus> = {
  pending: ['paid', 'waived'],
  paid: [],
  waived: [],
};

export function canTransitionFine(from: FineStatus, to: FineStatus) {
  return canTransition(FINE_TRANSITIONS, from, to);
}

/** A pending fine past its due date: its due date shows in red (docs/member-portal.md §2). */
export function isFineOverdue(fine: { status: FineStatus; dueDate: IsoDate }, today: IsoDate) {
  return fine.status === 'pending' && fine.dueDate < today;
}

/** How a fine is settled when the administrator marks it paid (decision 040). */
export const FINE_PAYMENT_SOURCES = ['savings', 'bank_transfer'] as const;
export type FinePaymentSource = (typeof FINE_PAYMENT_SOURCES)[number];

/** The Fines page's texts, as members read them (docs/member-portal.md §2 and §8). */
export const FINE_MESSAGES = {
  empty: 'No fines found',
  fetchFailed: 'Failed to fetch fines',
  errorTitle: 'Error',
  allStatuses: 'All',
  /** The back office's decisions. */
  waived: 'Fine waived. The member was notified.',
  paid: 'Fine recorded as paid. The member was notified.',
  unknownMembers: 'Some of the chosen members do not exist',
} as const;

/** How many members one "Issue fine" may reach at once. */
export const FINE_ISSUE_MAX_MEMBERS = 200;

/** '3 fines issued' */
export const finesIssuedMessage = (count: number) =>
  `${count === 1 ? 'Fine' : `${count} fines`} issued. ${count === 1 ? 'The member was' : 'The members were'} notified.`;
