/**
 * Fines (docs/member-portal.md §2 Fines, §4, §8): statuses, transitions, the overdue rule and the
 * page's texts. Free of zod, so the Fines page and the API share them; the schemas are in fines.ts.
 */
import type { IsoDate } from './dates.js';
import type { StatusDisplay, StatusLabelMap, StatusToneMap } from './status-tones.js';
import type { TransitionTable } from './transitions.js';
import { canTransition } from './transitions.js';

export const FINE_STATUSES = ['pending', 'paid', 'waived'] as const;
export type FineStatus = (typeof FINE_STATUSES)[number];

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
