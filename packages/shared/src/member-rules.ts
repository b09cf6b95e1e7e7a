/**
 * Members in the back office: the import's columns, the account statuses with their tones and
 * labels, and the screens' texts. Zod-free, so the pages show them without the validation
 * library; the schemas are in members.ts.
 */
import { countOf } from './plurals.js';
import type { StatusDisplay, StatusLabelMap, StatusToneMap } from './status-tones.js';

/** The columns of a members import, in this order (docs/administrators.md). */
export const MEMBER_IMPORT_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'membershipId',
  'joinedOn',
] as const;

/**
 * The columns a members import may add after those, all four or none: the member's deduction
 * instruction (docs/administrators.md "Members import"): the payroll group's code, the staff
 * number there, and the monthly savings and shares in naira. A row may leave all four blank.
 */
export const MEMBER_IMPORT_INSTRUCTION_COLUMNS = [
  'payrollGroup',
  'staffNumber',
  'savings',
  'shares',
] as const;
export const MEMBER_IMPORT_COLUMNS_WITH_INSTRUCTION = [
  ...MEMBER_IMPORT_COLUMNS,
  ...MEMBER_IMPORT_INSTRUCTION_COLUMNS,
] as const;

export const MEMBERSHIP_ID_MESSAGE =
  'Membership ID must start with a letter and use letters, digits or hyphens (2 to 20 characters)';

/** A member's account: active, suspended, or registered and still to activate. */
export const MEMBER_STATUS_FILTERS = ['active', 'suspended', 'not_activated'] as const;
export type MemberStatusFilter = (typeof MEMBER_STATUS_FILTERS)[number];
export const MEMBER_STATUS_LABELS: StatusLabelMap<MemberStatusFilter> = {
  active: 'Active',
  suspended: 'Suspended',
  not_activated: 'Not activated',
};
/** Not activated waits for the member to act; suspended is refused. */
export const MEMBER_STATUS_TONES: StatusToneMap<MemberStatusFilter> = {
  active: 'success',
  suspended: 'danger',
  not_activated: 'warning',
};

/** What a member status badge shows: its tone and its words (`StatusBadge`'s `of`). */
export const MEMBER_STATUS_DISPLAY: StatusDisplay<MemberStatusFilter> = {
  tones: MEMBER_STATUS_TONES,
  labels: MEMBER_STATUS_LABELS,
};

/** Which of the three a member's flags make them. */
export function memberStatus(member: { isActive: boolean; isActivated: boolean }) {
  if (!member.isActive) return 'suspended' as const;
  if (!member.isActivated) return 'not_activated' as const;
  return 'active' as const;
}

export const MEMBER_MESSAGES = {
  fetchMembersFailed: 'Failed to fetch users',
  membersEmpty: 'No users available',
  memberCreated: 'Member created. The activation e-mail is on its way.',
  memberUpdated: 'Member details saved',
  activationResent: 'A new activation link was sent',
  memberSuspended: 'Member suspended: every open session was ended',
  memberReactivated: 'Member reactivated',
  flagsUpdated: 'Roles updated',
} as const;

/** After 'End all sessions': how many sign-ins were still open. */
export const sessionsEndedMessage = (ended: number) =>
  ended === 0
    ? 'The member was not signed in anywhere'
    : `${ended} session${ended === 1 ? '' : 's'} ended. The member must sign in again.`;

/** '3 members imported' */
export const membersImportedMessage = (count: number) =>
  `${countOf(count, 'member')} imported. Their activation e-mails are on their way.`;
