/**
 * The back office's texts and file formats (issue 9), free of zod so admin pages show them
 * without downloading the validation library. The schemas are in admin.ts.
 */

/** Largest CSV file the back office accepts (members import, payroll month). */
export const CSV_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The columns of a members import, in this order (docs/administrators.md). */
export const MEMBER_IMPORT_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'membershipId',
  'joinedOn',
] as const;

/** The columns of a payroll month (DESIGN §6): membershipId, month, savings, shares (naira). */
export const PAYROLL_COLUMNS = ['membershipId', 'month', 'savings', 'shares'] as const;
/** The column a payroll month may add: the loan repayment (naira), allocated to the running loan. */
export const PAYROLL_OPTIONAL_COLUMNS = ['repayment'] as const;
/** The same with the optional loan repayment column. */
export const PAYROLL_COLUMNS_WITH_REPAYMENT = [
  ...PAYROLL_COLUMNS,
  ...PAYROLL_OPTIONAL_COLUMNS,
] as const;

/** What a member's status filter offers in the admin list. */
export const MEMBER_STATUS_FILTERS = ['active', 'suspended', 'not_activated'] as const;
export type MemberStatusFilter = (typeof MEMBER_STATUS_FILTERS)[number];
export const MEMBER_STATUS_LABELS: Record<MemberStatusFilter, string> = {
  active: 'Active',
  suspended: 'Suspended',
  not_activated: 'Not activated',
};

/** The dispute queue's views. */
export const DISPUTE_QUEUE_STATUSES = ['disputed', 'resolved'] as const;
export type DisputeQueueStatus = (typeof DISPUTE_QUEUE_STATUSES)[number];

export const DISPUTE_NOTE_MIN_LENGTH = 10;
export const DISPUTE_NOTE_MAX_LENGTH = 500;

export const ADMIN_MESSAGES = {
  fetchMembersFailed: 'Failed to fetch users',
  membersEmpty: 'No users available',
  memberCreated: 'Member created. The activation e-mail is on its way.',
  memberUpdated: 'Member details saved',
  activationResent: 'A new activation link was sent',
  memberSuspended: 'Member suspended: every open session was ended',
  memberReactivated: 'Member reactivated',
  flagsUpdated: 'Roles updated',
  disputesEmpty: 'No disputed contributions',
  resolvedEmpty: 'No resolved disputes',
  disputeResolved: 'Dispute resolved. The member was notified.',
  auditEmpty: 'No audit entries found',
  csvTooLarge: 'The file is larger than 10 MB',
  csvNotUtf8: 'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again',
  csvEmpty: 'The file has no rows',
} as const;

/** After 'End all sessions': how many sign-ins were still open. */
export const sessionsEndedMessage = (ended: number) =>
  ended === 0
    ? 'The member was not signed in anywhere'
    : `${ended} session${ended === 1 ? '' : 's'} ended. The member must sign in again.`;

/** '3 members imported' */
export const membersImportedMessage = (count: number) =>
  `${count} member${count === 1 ? '' : 's'} imported. Their activation e-mails are on their way.`;
