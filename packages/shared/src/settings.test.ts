import { describe, expect, it } from 'vitest';
import { userSettingsSchema, userSettingsUpdateSchema } from './settings.js';

describe('user settings', () => {
  it('default to e-mail and push on, SMS and dark mode off', () => {
    expect(userSettingsSchema.parse({})).toEqual({
      emailNotifications: true,
      smsNotifications: false,
      pushNotifications: true,
      darkMode: false,
    });
  });

  it('change any subset and nothing else', () => {
    expect(userSettingsUpdateSchema.parse({ darkMode: true })).toEqual({ darkMode: true });
    expect(userSettingsUpdateSchema.safeParse({ theme: 'dark' }).success).toBe(false);
    expect(userSettingsUpdateSchema.safeParse({ darkMode: 'yes' }).success).toBe(false);
  });
});
