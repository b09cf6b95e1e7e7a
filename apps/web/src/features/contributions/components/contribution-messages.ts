/**
 * The Contributions screen's texts, word for word from spec §2 and §8. They live with the feature,
 * not in `@coop/shared/messages`, because only this screen shows them.
 */
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

/** '3 contribution(s) confirmed successfully' (spec §8). */
export const contributionsConfirmedMessage = (count: number) =>
  `${count} contribution(s) confirmed successfully`;
