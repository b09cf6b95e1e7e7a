/** Temporary: the web back office still imports this path; it goes once the web imports the domain files. */
import { DEPOSIT_NOTICE_MESSAGES } from './deposit-notice-rules.js';
import { FINE_MESSAGES } from './fine-rules.js';
import { WITHDRAWAL_MESSAGES } from './withdrawal-rules.js';

export { FINE_ISSUE_MAX_MEMBERS, finesIssuedMessage } from './fine-rules.js';
export { ADMIN_DECISION_REASON_MAX_LENGTH, ADMIN_DECISION_REASON_MIN_LENGTH } from './constants.js';

export const ADMIN_MONEY_MESSAGES = {
  withdrawalApproved: WITHDRAWAL_MESSAGES.approved,
  withdrawalRejected: WITHDRAWAL_MESSAGES.rejected,
  depositNoticeVerified: DEPOSIT_NOTICE_MESSAGES.verified,
  depositNoticeRejected: DEPOSIT_NOTICE_MESSAGES.rejected,
  fineWaived: FINE_MESSAGES.waived,
  finePaid: FINE_MESSAGES.paid,
  unknownMembers: FINE_MESSAGES.unknownMembers,
  withdrawalsEmpty: WITHDRAWAL_MESSAGES.noneFound,
  depositNoticesEmpty: DEPOSIT_NOTICE_MESSAGES.noneFound,
  finesEmpty: FINE_MESSAGES.empty,
} as const;
