/**
 * Withdrawals (docs/member-portal.md §2 Withdrawals, §4, §5, §8; docs/business-rules.md
 * "Withdrawals"): types, statuses, transitions and the page's
 * texts. Free of zod, so the Withdrawals page and the API share them; the schemas are in
 * withdrawals.ts.
 */
import type { TransitionTable } from './transitions.js';
import { canTransition } from './transitions.js';
import type { WithdrawalStatus } from './withdrawal-statuses.js';

export const WITHDRAWAL_TYPES = ['savings', 'share_holding'] as const;
export type WithdrawalType = (typeof WITHDRAWAL_TYPES)[number];

/** POST /users/withdrawals/savings and /users/withdrawals/share-holding. */
export const WITHDRAWAL_PATH_SEGMENTS: Readonly<Record<WithdrawalType, string>> = {
  savings: 'savings',
  share_holding: 'share-holding',
};

export {
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_STATUS_DISPLAY,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWAL_STATUS_TONES,
  type WithdrawalStatus,
} from './withdrawal-statuses.js';

/** The administrator approves (the ledger debit happens then) or rejects; the member may cancel. */
export const WITHDRAWAL_TRANSITIONS: TransitionTable<WithdrawalStatus> = {
  pending: ['approved', 'rejected', 'cancelled'],
  approved: [],
  rejected: [],
  cancelled: [],
};

export function canTransitionWithdrawal(from: WithdrawalStatus, to: WithdrawalStatus) {
  return canTransition(WITHDRAWAL_TRANSITIONS, from, to);
}

/** docs/member-portal.md §5 and §8 Withdrawals. */
export const WITHDRAWAL_MESSAGES = {
  invalidAmount: 'Enter a valid amount greater than 0',
  exceedsBalance: 'Amount exceeds available balance',
  tooPrecise: 'Amount cannot have more than 2 decimal places',
  submitted: 'Withdrawal request submitted',
  failedTitle: 'Request failed',
  failedMessage: 'Please try again later.',
  eligibilityUnavailable: 'Eligibility data unavailable',
  empty: 'No withdrawal requests',
  requestSavings: 'Request Savings Withdrawal',
  requestShares: 'Request Share Holding Withdrawal',
  updated: 'Withdrawal request updated',
  cancelled: 'Withdrawal request cancelled',
  /** The back office's decisions and list. */
  approved: 'Withdrawal approved and paid out. The member was notified.',
  rejected: 'Withdrawal rejected. The member was notified.',
  noneFound: 'No withdrawal requests found',
  /** Under a rejected request's reason: what the member can do (decision 163). */
  rejectedNextStep: 'The amount held for it is available again; you may make a new request.',
} as const;

/** Plain-words reasons a withdrawal flag is false (docs/business-rules.md; `restrictions`). */
export const WITHDRAWAL_RESTRICTIONS = {
  noSavings: 'You have no savings available to withdraw.',
  pendingSavings:
    'You already have a pending savings withdrawal request. Change or cancel it, or wait for its decision.',
  noShares: 'You have no share holding available to withdraw.',
  pendingShares:
    'You already have a pending share holding withdrawal request. Change or cancel it, or wait for its decision.',
  runningLoan: 'Share holding cannot be withdrawn while you have a loan that is not fully repaid.',
  activeGuarantee:
    'Share holding cannot be withdrawn while you guarantee a loan that is not fully repaid.',
} as const;

export const WITHDRAWAL_TYPE_LABELS: Readonly<Record<WithdrawalType, string>> = {
  savings: 'Savings',
  share_holding: 'Share Holding',
};
