/**
 * Contributions (docs/member-portal.md §2, §4, §8; docs/business-rules.md): statuses, what a member
 * may do with a row, and the screen's texts. Free of zod, so the Contributions page and the API
 * share them without the page downloading the validation library. The schemas are in
 * contributions.ts.
 */
import type { TransitionTable } from './transitions.js';
import { canTransition } from './transitions.js';
import { REASON_RULES } from './reason-rules.js';
import type { ContributionStatus } from './contribution-statuses.js';

export {
  CONTRIBUTION_STATUSES,
  CONTRIBUTION_STATUS_DISPLAY,
  CONTRIBUTION_STATUS_LABELS,
  CONTRIBUTION_STATUS_TONES,
  type ContributionStatus,
} from './contribution-statuses.js';

/**
 * The member confirms a pending row and may later dispute a confirmed one; the administrator
 * resolves a dispute. A resolved row is final: a new disagreement is a new conversation.
 */
export const CONTRIBUTION_TRANSITIONS: TransitionTable<ContributionStatus> = {
  pending: ['confirmed'],
  confirmed: ['disputed'],
  disputed: ['resolved'],
  resolved: [],
};

export function canTransitionContribution(from: ContributionStatus, to: ContributionStatus) {
  return canTransition(CONTRIBUTION_TRANSITIONS, from, to);
}

/** Only pending rows can be selected for confirmation (docs/member-portal.md §4). */
export function isSelectableContribution(contribution: { status: ContributionStatus }): boolean {
  return contribution.status === 'pending';
}

/**
 * A dispute needs a confirmed row that was never disputed nor resolved before
 * (docs/member-portal.md §4).
 */
export function canDisputeContribution(contribution: {
  status: ContributionStatus;
  disputeDate: string | null;
  disputeResolvedBy: string | null;
}): boolean {
  return (
    contribution.status === 'confirmed' &&
    contribution.disputeDate === null &&
    contribution.disputeResolvedBy === null
  );
}

/** '3 contribution(s) confirmed successfully' (docs/member-portal.md §8). */
export function contributionsConfirmedMessage(count: number): string {
  return `${count} contribution(s) confirmed successfully`;
}

/** The Contributions screen's texts, as members read them (docs/member-portal.md §2 and §8). */
export const CONTRIBUTION_MESSAGES = {
  errorTitle: 'Error',
  successTitle: 'Success',
  fetchFailed: 'Failed to fetch contributions',
  confirmFailed: 'Failed to confirm contributions',
  confirmWarning: 'Once confirmed, these contributions cannot be disputed.',
  disputeSubmittedTitle: 'Dispute Submitted',
  disputeSubmitted: 'Your dispute has been submitted and will be reviewed',
  disputeFailed: 'Failed to submit dispute',
  disputeWarning: 'Once submitted, this dispute cannot be undone.',
  empty: 'No contributions found',
} as const;

/** The back office's dispute queue: its views, the resolution note's length and its texts. */
export const DISPUTE_QUEUE_STATUSES = ['disputed', 'resolved'] as const;
export type DisputeQueueStatus = (typeof DISPUTE_QUEUE_STATUSES)[number];

export const DISPUTE_NOTE_MIN_LENGTH = REASON_RULES.disputeResolution.min;
export const DISPUTE_NOTE_MAX_LENGTH = REASON_RULES.disputeResolution.max;

export const DISPUTE_MESSAGES = {
  disputesEmpty: 'No disputed contributions',
  resolvedEmpty: 'No resolved disputes',
  disputeResolved: 'Dispute resolved. The member was notified.',
} as const;
