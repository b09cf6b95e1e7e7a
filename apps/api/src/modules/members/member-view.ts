import type { User } from '@coop/shared/auth';
import type { users } from '../../db/schema/index.js';

type UserRow = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phoneNumber'
  | 'membershipId'
  | 'role'
  | 'isActive'
  | 'isLoanReviewer'
  | 'isExco'
>;

/** Spec §3 User: what the API says about a member (`_id` repeats `id`). Never the password hash. */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    membershipId: row.membershipId,
    role: row.role,
    isActive: row.isActive,
    isLoanReviewer: row.isLoanReviewer,
    isExco: row.isExco,
  };
}
