/**
 * Profile, the admin user list and the data export (docs/member-portal.md §2 Profile, §7 Users).
 */
import { z } from 'zod';
import { DEFAULT_SORTS, USER_LIST_PAGE_SIZE } from './constants.js';
import { currentPasswordSchema, normalizePhone, userSchema } from './auth.js';
import { filteredListQuery, listEnvelope, searchFilter, successEnvelope } from './http.js';
import { PROFILE_MESSAGES } from './account-rules.js';

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

/**
 * PUT /users/profile: a member changes their phone number only (docs/business-rules.md); name,
 * e-mail and membership ID change through the administrator, so they are refused here (400). The
 * phone is stored as +234…, the form the sign-in lookup uses; null or blank removes it. The phone
 * signs in, so the current password comes with it (ASVS V7.5.1, decision 082).
 */
export const profileUpdateSchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  phoneNumber: z
    .string({ error: 'Phone number must be text or null' })
    .trim()
    .nullable()
    .transform((phone, ctx) => {
      if (phone === null || phone === '') return null;
      const normalized = normalizePhone(phone);
      if (normalized === null) {
        ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.invalidPhone });
        return z.NEVER;
      }
      return normalized;
    }),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const DATA_EXPORT_FORMATS = ['json', 'csv'] as const;

/** GET /users/export/data */
export const dataExportQuerySchema = z.object({
  format: z.enum(DATA_EXPORT_FORMATS, { error: "Format must be 'json' or 'csv'" }).default('json'),
});
export type DataExportQuery = z.infer<typeof dataExportQuerySchema>;
