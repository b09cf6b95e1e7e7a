import { ERROR_DEFAULTS, FALLBACK_MESSAGES } from './messages.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  amountRangeFilters,
  apiErrorSchema,
  booleanQuerySchema,
  buildPagination,
  dateRangeFilters,
  filteredListQuery,
  idSchema,
  listEnvelope,
  pageQuerySchema,
  searchQuerySchema,
  successEnvelope,
} from './http.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('buildPagination', () => {
  it('describes a middle page', () => {
    expect(buildPagination(2, 10, 35)).toEqual({
      currentPage: 2,
      totalPages: 4,
      totalItems: 35,
      hasNext: true,
      hasPrev: true,
      limit: 10,
    });
  });

  it('has no next page on the last one', () => {
    expect(buildPagination(4, 10, 40)).toMatchObject({ totalPages: 4, hasNext: false });
  });

  it('reports one empty page for an empty list', () => {
    expect(buildPagination(1, 10, 0)).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalItems: 0,
      hasNext: false,
      hasPrev: false,
      limit: 10,
    });
  });

  it('refuses impossible inputs', () => {
    expect(() => buildPagination(0, 10, 5)).toThrow(RangeError);
    expect(() => buildPagination(1, 0, 5)).toThrow(RangeError);
    expect(() => buildPagination(1, 10, -1)).toThrow(RangeError);
  });
});

describe('pageQuerySchema', () => {
  it('defaults to page 1 of 10 and coerces query-string numbers', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(pageQuerySchema.parse({ page: '3', limit: '25' })).toEqual({ page: 3, limit: 25 });
  });

  it('keeps the limit between 1 and 100 and the page at 1 or more', () => {
    expect(pageQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: '1.5' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: 'two' }).success).toBe(false);
  });

  it('ignores unknown parameters', () => {
    expect(pageQuerySchema.parse({ page: '2', utm_source: 'mail' })).toEqual({
      page: 2,
      limit: 10,
    });
  });
});

describe('filteredListQuery', () => {
  const query = filteredListQuery({
    sortFields: ['requestDate', 'requestedAmount'],
    defaults: { sortBy: 'requestDate' },
  });

  it('defaults to the given field, descending', () => {
    expect(query.parse({})).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'requestDate',
      sortOrder: 'desc',
    });
  });

  it('accepts only whitelisted sort fields and asc or desc', () => {
    expect(query.parse({ sortBy: 'requestedAmount', sortOrder: 'asc' })).toMatchObject({
      sortBy: 'requestedAmount',
      sortOrder: 'asc',
    });
    expect(query.safeParse({ sortBy: 'passwordHash' }).success).toBe(false);
    expect(query.safeParse({ sortOrder: 'up' }).success).toBe(false);
  });

  it('refuses a page size above 100 and an unknown sort field', () => {
    expect(query.safeParse({ limit: '101' }).success).toBe(false);
    expect(query.safeParse({ limit: '100' }).success).toBe(true);
    expect(query.safeParse({ sortBy: 'createdAt' }).success).toBe(false);
  });

  it('takes another default order and page size', () => {
    const users = filteredListQuery({
      sortFields: ['firstName'],
      defaults: { sortBy: 'firstName', sortOrder: 'asc', limit: 50 },
    });
    expect(users.parse({})).toEqual({ page: 1, limit: 50, sortBy: 'firstName', sortOrder: 'asc' });
  });
});

describe('searchQuerySchema', () => {
  it('trims, and treats blank as no search', () => {
    expect(searchQuerySchema.parse('  LN-0001 ')).toBe('LN-0001');
    expect(searchQuerySchema.parse('   ')).toBeUndefined();
    expect(searchQuerySchema.parse(undefined)).toBeUndefined();
  });

  it('refuses more than 100 characters', () => {
    expect(messages(searchQuerySchema.safeParse('x'.repeat(101)))).toEqual([
      'Search cannot exceed 100 characters',
    ]);
  });
});

describe('booleanQuerySchema', () => {
  it("reads 'true' and 'false' from query strings", () => {
    expect(booleanQuerySchema.parse('true')).toBe(true);
    expect(booleanQuerySchema.parse('false')).toBe(false);
    expect(booleanQuerySchema.parse(false)).toBe(false);
    expect(booleanQuerySchema.safeParse('yes').success).toBe(false);
  });
});

describe('range filters', () => {
  const query = filteredListQuery({
    sortFields: ['createdAt'],
    defaults: { sortBy: 'createdAt' },
    filters: { ...dateRangeFilters, ...amountRangeFilters },
  });

  it('coerces amounts and accepts ordered ranges', () => {
    expect(
      query.parse({
        startDate: '2026-01-01',
        endDate: '2026-01-01',
        minAmount: '1000',
        maxAmount: '5000.5',
      }),
    ).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-01-01',
      minAmount: 1000,
      maxAmount: 5000.5,
    });
  });

  it('explains a reversed range on its end', () => {
    const result = query.safeParse({
      startDate: '2026-02-01',
      endDate: '2026-01-01',
      minAmount: '5000',
      maxAmount: '1000',
    });
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['endDate'], message: 'Start date must be on or before end date' },
      { path: ['maxAmount'], message: 'Minimum amount cannot exceed maximum amount' },
    ]);
  });

  it('refuses negative amounts and non-dates', () => {
    expect(messages(query.safeParse({ minAmount: '-1' }))).toEqual(['Amount cannot be negative']);
    expect(messages(query.safeParse({ maxAmount: 'lots' }))).toEqual(['Enter a valid amount']);
    expect(messages(query.safeParse({ startDate: '01/02/2026' }))).toEqual(['Invalid date']);
  });
});

describe('idSchema', () => {
  it('accepts UUIDs as PostgreSQL does and refuses anything else', () => {
    expect(idSchema.safeParse('3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e7f').success).toBe(true);
    expect(idSchema.safeParse('11111111-1111-1111-1111-111111111111').success).toBe(true);
    expect(messages(idSchema.safeParse('42'))).toEqual(['Invalid id']);
  });
});

describe('envelopes', () => {
  it('describe success answers', () => {
    const schema = successEnvelope(z.object({ accessToken: z.string() }));
    expect(schema.safeParse({ success: true, data: { accessToken: 't' } }).success).toBe(true);
    expect(schema.safeParse({ success: false, data: { accessToken: 't' } }).success).toBe(false);
  });

  it('describe list answers with pagination', () => {
    const schema = listEnvelope(z.object({ id: z.string() }));
    expect(
      schema.safeParse({
        success: true,
        data: [{ id: 'a' }],
        pagination: buildPagination(1, 10, 1),
        message: 'ok',
      }).success,
    ).toBe(true);
    expect(schema.safeParse({ success: true, data: [] }).success).toBe(false);
  });

  it('describe the one error shape', () => {
    const answer = {
      success: false,
      error: 'Bad Request',
      message: 'Amount is required',
      details: [{ field: 'requestedAmount', message: 'Amount is required' }],
      code: 'VALIDATION_ERROR',
      timestamp: '2026-03-05T13:05:00.000Z',
    };
    expect(apiErrorSchema.parse(answer)).toEqual(answer);
    expect(apiErrorSchema.safeParse({ ...answer, code: undefined }).success).toBe(false);
  });
});

describe('client messages', () => {
  it('hold the transport defaults', () => {
    expect(ERROR_DEFAULTS).toEqual({
      noDetail: { error: 'Request failed', message: 'An error occurred' },
      network: {
        error: 'Network Error',
        message: 'Unable to connect to the server. Please check your internet connection.',
      },
      unknown: { error: 'Unknown Error', message: 'An unexpected error occurred' },
    });
  });

  it('hold every fallback message', () => {
    expect(Object.values(FALLBACK_MESSAGES)).toEqual([
      'Login failed',
      'Account activation failed',
      'Failed to fetch user',
      'Logout failed',
      'Password change failed',
      'Token refresh failed',
      'Failed to fetch dashboard data',
      'Failed to fetch loans',
      'Failed to fetch eligibility',
      'Failed to calculate loan',
      'Failed to fetch guarantor requests',
      'Failed to fetch loans under review',
      'Failed to fetch users',
      'Failed to search users',
      'Invalid response format',
      'Failed to fetch fines',
      'Failed to fetch dividends',
      'Failed to fetch notifications',
      'Failed to fetch your payroll deductions',
      'Failed to fetch your payroll months',
    ]);
  });
});
