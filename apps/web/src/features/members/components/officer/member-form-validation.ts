import { zodResolver } from '@hookform/resolvers/zod';
import { adminCreateMemberSchema, adminUpdateMemberSchema } from '@coop/shared/members';

/**
 * The member dialog's validation (loaded lazily): the schemas POST /admin/users and
 * PUT /admin/users/{id} check. The edit form sends all four of its fields, so the update's
 * optional fields are each checked as the create checks them.
 */
export const createMemberResolver = zodResolver(adminCreateMemberSchema);
export const updateMemberResolver = zodResolver(adminUpdateMemberSchema);
