import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminUserListQuerySchema, dataExportQuerySchema, profileUpdateSchema } from './users.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('adminUserListQuerySchema', () => {
  it('lists 50 users a page by first name A to Z', () => {
    expect(adminUserListQuerySchema.parse({ search: ' ada ' })).toEqual({
      page: 1,
      limit: 50,
      sortBy: 'firstName',
      sortOrder: 'asc',
      search: 'ada',
    });
  });
});

describe('profileUpdateSchema', () => {
  const currentPassword = 'Demo!2345';

  it('stores the phone as +234… and clears it with null or blank', () => {
    expect(profileUpdateSchema.parse({ currentPassword, phoneNumber: '0803 000 0001' })).toEqual({
      currentPassword,
      phoneNumber: '+2348030000001',
    });
    expect(profileUpdateSchema.parse({ currentPassword, phoneNumber: null })).toEqual({
      currentPassword,
      phoneNumber: null,
    });
    expect(profileUpdateSchema.parse({ currentPassword, phoneNumber: '  ' })).toEqual({
      currentPassword,
      phoneNumber: null,
    });
  });

  it('asks for the current password: the phone is a sign-in identifier', () => {
    expect(messages(profileUpdateSchema.safeParse({ phoneNumber: null }))).toEqual([
      'Current password is required',
    ]);
    expect(
      messages(profileUpdateSchema.safeParse({ currentPassword: '', phoneNumber: null })),
    ).toEqual(['Current password is required']);
  });

  it('refuses foreign numbers, and name, e-mail or membership ID changes (the administrator makes those)', () => {
    expect(
      messages(profileUpdateSchema.safeParse({ currentPassword, phoneNumber: '+447700900123' })),
    ).toEqual(['Please enter a valid Nigerian mobile number']);
    for (const field of ['firstName', 'lastName', 'email', 'membershipId', 'role']) {
      expect(
        profileUpdateSchema.safeParse({ currentPassword, phoneNumber: null, [field]: 'X' }).success,
        field,
      ).toBe(false);
    }
    expect(profileUpdateSchema.safeParse({ currentPassword }).success).toBe(false);
  });
});

describe('dataExportQuerySchema', () => {
  it('exports JSON unless CSV is asked for', () => {
    expect(dataExportQuerySchema.parse({})).toEqual({ format: 'json' });
    expect(dataExportQuerySchema.parse({ format: 'csv' })).toEqual({ format: 'csv' });
    expect(dataExportQuerySchema.safeParse({ format: 'xml' }).success).toBe(false);
  });
});
