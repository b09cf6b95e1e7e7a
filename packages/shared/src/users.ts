/** Profile, the admin user list and the data export (spec §2 Profile, §7 Users). */
import { z } from 'zod';
import { DEFAULT_SORTS, USER_LIST_PAGE_SIZE } from './constants.js';
import { normalizePhone, userSchema } from './auth.js';
import { filteredListQuery, listEnvelope, searchFilter, successEnvelope } from './http.js';

/** GET /admin/users: 50 a page, by first name A to Z; `search` matches name, e-mail or ID. */
export const adminUserListQuerySchema = filteredListQuery({
  sortFields: ['firstName', 'lastName', 'membershipId'],
  defaults: { ...DEFAULT_SORTS.users, limit: USER_LIST_PAGE_SIZE },
  filters: searchFilter,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;
export const adminUserListResponseSchema = listEnvelope(userSchema);

/** GET /users/profile */
export const profileResponseSchema = successEnvelope(userSchema);

const NAME_MAX_LENGTH = 100;
const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_LENGTH, `${label} cannot exceed ${NAME_MAX_LENGTH} characters`);

/**
 * PUT /users/profile: only the fields sent change. The phone is stored as +234…, the form the
 * sign-in lookup uses; null or blank removes it.
 */
export const profileUpdateSchema = z.strictObject({
  firstName: nameSchema('First name').optional(),
  lastName: nameSchema('Last name').optional(),
  phoneNumber: z
    .string()
    .trim()
    .nullable()
    .transform((phone, ctx) => {
      if (phone === null || phone === '') return null;
      const normalized = normalizePhone(phone);
      if (normalized === null) {
        ctx.addIssue({ code: 'custom', message: 'Please enter a valid Nigerian mobile number' });
        return z.NEVER;
      }
      return normalized;
    })
    .optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const DATA_EXPORT_FORMATS = ['json', 'csv'] as const;

/** GET /users/export/data */
export const dataExportQuerySchema = z.object({
  format: z.enum(DATA_EXPORT_FORMATS).default('json'),
});
export type DataExportQuery = z.infer<typeof dataExportQuerySchema>;
