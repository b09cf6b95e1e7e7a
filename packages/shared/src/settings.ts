/**
 * Per-member settings (docs/member-portal.md §2 Settings), kept on the server
 * (docs/business-rules.md).
 */
import { z } from 'zod';
import { DEFAULT_SETTINGS } from './constants.js';
import { successEnvelope } from './http.js';

/** The full settings; a missing field takes the product default. */
export const userSettingsSchema = z.object({
  emailNotifications: z.boolean().default(DEFAULT_SETTINGS.emailNotifications),
  smsNotifications: z.boolean().default(DEFAULT_SETTINGS.smsNotifications),
  pushNotifications: z.boolean().default(DEFAULT_SETTINGS.pushNotifications),
  /**
   * null until the member chooses: the portal follows the device's prefers-color-scheme, and a
   * device without a preference gets the spec's default (off).
   */
  darkMode: z.boolean().nullable().default(null),
  /**
   * Privacy (docs/business-rules.md): other members may find this member by phone number when
   * choosing guarantors. Name, e-mail and membership ID always find them.
   */
  findableByPhone: z.boolean().default(DEFAULT_SETTINGS.findableByPhone),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** A settings change: any subset of the settings; other fields are refused. */
export const userSettingsUpdateSchema = z.strictObject({
  emailNotifications: z.boolean().optional(),
  smsNotifications: z.boolean().optional(),
  pushNotifications: z.boolean().optional(),
  /** null forgets the choice: the device decides again. */
  darkMode: z.boolean().nullable().optional(),
  findableByPhone: z.boolean().optional(),
});
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdateSchema>;

export const userSettingsResponseSchema = successEnvelope(userSettingsSchema);
export type UserSettingsResponse = z.infer<typeof userSettingsResponseSchema>;
