/** Per-member settings (spec §2 Settings), kept on the server (DESIGN §6). */
import { z } from 'zod';
import { DEFAULT_SETTINGS } from './constants.js';
import { successEnvelope } from './http.js';

/** The full settings; a missing field takes the product default. */
export const userSettingsSchema = z.object({
  emailNotifications: z.boolean().default(DEFAULT_SETTINGS.emailNotifications),
  smsNotifications: z.boolean().default(DEFAULT_SETTINGS.smsNotifications),
  pushNotifications: z.boolean().default(DEFAULT_SETTINGS.pushNotifications),
  darkMode: z.boolean().default(DEFAULT_SETTINGS.darkMode),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** A settings change: any subset of the settings; other fields are refused. */
export const userSettingsUpdateSchema = z.strictObject({
  emailNotifications: z.boolean().optional(),
  smsNotifications: z.boolean().optional(),
  pushNotifications: z.boolean().optional(),
  darkMode: z.boolean().optional(),
});
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdateSchema>;

export const userSettingsResponseSchema = successEnvelope(userSettingsSchema);
