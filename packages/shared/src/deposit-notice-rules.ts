/**
 * Voluntary deposits (docs/decisions/042-deposit-notices.md; docs/business-rules.md): the
 * statuses of a deposit notice, its limits and the page's texts. Free of zod, so the Make
 * Contribution page and the API share them; the schemas are in deposit-notices.ts.
 */
import type { StatusDisplay, StatusLabelMap, StatusToneMap } from './status-tones.js';
import type { TransitionTable } from './transitions.js';

export const DEPOSIT_NOTICE_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type DepositNoticeStatus = (typeof DEPOSIT_NOTICE_STATUSES)[number];

/** The administrator verifies a notice against the bank statement, or rejects it. */
export const DEPOSIT_NOTICE_TRANSITIONS: TransitionTable<DepositNoticeStatus> = {
  pending: ['verified', 'rejected'],
  verified: [],
  rejected: [],
};

/** Pending waits for the administrator to find the transfer on the bank statement. */
export const DEPOSIT_NOTICE_STATUS_TONES: StatusToneMap<DepositNoticeStatus> = {
  pending: 'warning',
  verified: 'success',
  rejected: 'danger',
};

export const DEPOSIT_NOTICE_STATUS_LABELS: StatusLabelMap<DepositNoticeStatus> = {
  pending: 'Awaiting verification',
  verified: 'Verified',
  rejected: 'Rejected',
};

/** What a deposit notice status badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const DEPOSIT_NOTICE_STATUS_DISPLAY: StatusDisplay<DepositNoticeStatus> = {
  tones: DEPOSIT_NOTICE_STATUS_TONES,
  labels: DEPOSIT_NOTICE_STATUS_LABELS,
};

export const BANK_REFERENCE_MAX_LENGTH = 60;

export const DEPOSIT_NOTICE_MESSAGES = {
  invalidAmount: 'Enter an amount of 0 or more',
  tooPrecise: 'Amount cannot have more than 2 decimal places',
  nothingToDeposit: 'Enter a savings or share holding amount greater than 0',
  transferDateRequired: 'Enter the date of the transfer',
  transferDateFuture: 'The transfer date cannot be in the future',
  referenceRequired: 'Enter the bank reference of the transfer',
  referenceTooLong: `The bank reference cannot exceed ${BANK_REFERENCE_MAX_LENGTH} characters`,
  duplicate: 'You already notified a transfer with this bank reference',
  submitted: 'Deposit notice sent',
  submittedDescription: 'The administrator will verify it against the bank statement.',
  failedTitle: 'Request failed',
  failedMessage: 'Please try again later.',
  empty: 'No deposit notices yet',
  fetchFailed: 'Failed to fetch deposit notices',
  /** The back office's decisions and list. */
  verified: 'Deposit verified and posted as a contribution. The member was notified.',
  rejected: 'Deposit notice rejected. The member was notified.',
  noneFound: 'No deposit notices found',
  /** Under a rejected notice's reason: what the member can do (decision 163). */
  rejectedNextStep:
    'Check the amounts and the bank reference against your transfer, then send a new notice.',
} as const;
