import type { User } from '@coop/shared/auth';
import { isOfficer } from '@coop/shared/officers';
import type { users } from '../db/schema/index.js';

// What the API says about a person, in one place: sign-in, activation, the account pages and
// the back office all answer the same shape from a users row.

type UserRow = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phoneNumber'
  | 'membershipId'
  | 'roles'
  | 'isActive'
  | 'isLoanReviewer'
  | 'isExco'
>;

/**
 * The User record (docs/member-portal.md §3): what the API says about a member (`_id` repeats
 * `id`). Never the password hash.
 */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    membershipId: row.membershipId,
    role: isOfficer(row.roles) ? 'admin' : 'user',
    roles: row.roles,
    isActive: row.isActive,
    isLoanReviewer: row.isLoanReviewer,
    isExco: row.isExco,
  };
}
