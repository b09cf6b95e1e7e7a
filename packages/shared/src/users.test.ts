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
  it('stores the phone as +234… and clears it with null or blank', () => {
    expect(profileUpdateSchema.parse({ phoneNumber: '0803 000 0001' })).toEqual({
      phoneNumber: '+2348030000001',
    });
    expect(profileUpdateSchema.parse({ phoneNumber: null })).toEqual({ phoneNumber: null });
    expect(profileUpdateSchema.parse({ phoneNumber: '  ' })).toEqual({ phoneNumber: null });
  });

  it('refuses foreign numbers, and name, e-mail or membership ID changes (the administrator makes those)', () => {
    expect(messages(profileUpdateSchema.safeParse({ phoneNumber: '+447700900123' }))).toEqual([
      'Please enter a valid Nigerian mobile number',
    ]);
    for (const field of ['firstName', 'lastName', 'email', 'membershipId', 'role']) {
      expect(
        profileUpdateSchema.safeParse({ phoneNumber: null, [field]: 'X' }).success,
        field,
      ).toBe(false);
    }
    expect(profileUpdateSchema.safeParse({}).success).toBe(false);
  });
});

describe('dataExportQuerySchema', () => {
  it('exports JSON unless CSV is asked for', () => {
    expect(dataExportQuerySchema.parse({})).toEqual({ format: 'json' });
    expect(dataExportQuerySchema.parse({ format: 'csv' })).toEqual({ format: 'csv' });
    expect(dataExportQuerySchema.safeParse({ format: 'xml' }).success).toBe(false);
  });
});
