/**
 * The back office's money routines (issue 9 items 5, 7, 9): texts shared by the API and the
 * admin pages, free of zod so the pages show them without the validation library. The schemas
 * are in admin-money.ts.
 */

export const ADMIN_DECISION_REASON_MIN_LENGTH = 3;
export const ADMIN_DECISION_REASON_MAX_LENGTH = 500;

/** How many members one "Issue fine" may reach at once. */
export const FINE_ISSUE_MAX_MEMBERS = 200;

export const ADMIN_MONEY_MESSAGES = {
  withdrawalApproved: 'Withdrawal approved and paid out. The member was notified.',
  withdrawalRejected: 'Withdrawal rejected. The member was notified.',
  withdrawalsEmpty: 'No withdrawal requests found',
  depositNoticeVerified: 'Deposit verified and posted as a contribution. The member was notified.',
  depositNoticeRejected: 'Deposit notice rejected. The member was notified.',
  depositNoticesEmpty: 'No deposit notices found',
  fineWaived: 'Fine waived. The member was notified.',
  finePaid: 'Fine recorded as paid. The member was notified.',
  finesEmpty: 'No fines found',
  unknownMembers: 'Some of the chosen members do not exist',
} as const;

/** '3 fines issued' */
export const finesIssuedMessage = (count: number) =>
  `${count === 1 ? 'Fine' : `${count} fines`} issued. ${count === 1 ? 'The member was' : 'The members were'} notified.`;
