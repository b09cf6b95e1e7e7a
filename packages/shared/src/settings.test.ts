import { describe, expect, it } from 'vitest';
import { userSettingsSchema, userSettingsUpdateSchema } from './settings.js';

describe('user settings', () => {
  it('default to e-mail and push on, SMS off, dark mode unchosen, findable by phone', () => {
    expect(userSettingsSchema.parse({})).toEqual({
      emailNotifications: true,
      smsNotifications: false,
      pushNotifications: true,
      darkMode: null,
      findableByPhone: true,
    });
  });

  it('change any subset and nothing else', () => {
    expect(userSettingsUpdateSchema.parse({ darkMode: true })).toEqual({ darkMode: true });
    expect(userSettingsUpdateSchema.safeParse({ theme: 'dark' }).success).toBe(false);
    expect(userSettingsUpdateSchema.safeParse({ darkMode: 'yes' }).success).toBe(false);
    expect(userSettingsUpdateSchema.parse({ darkMode: null, findableByPhone: false })).toEqual({
      darkMode: null,
      findableByPhone: false,
    });
  });
});
