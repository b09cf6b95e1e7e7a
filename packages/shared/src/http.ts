/**
 * The API's envelope (docs/member-portal.md §7, §8): success and error shapes, pagination, list
 * queries and the client's fallback messages. Query schemas strip unknown keys (lenient: a stray
 * parameter is harmless); write bodies elsewhere use strict objects (a stray field is a client bug,
 * answered 400).
 */
import { z } from 'zod';
import {
  AMOUNT_TOO_LARGE,
  DEFAULT_PAGE_SIZE,
  MAX_AMOUNT_NAIRA,
  MAX_PAGE_SIZE,
  SEARCH_MAX_LENGTH,
} from './constants.js';
import type { IsoDate } from './dates.js';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';

/**
 * Entity ids are UUIDs. Any 8-4-4-4-12 hex string is accepted, which is exactly what PostgreSQL's
 * uuid type takes, so a malformed id is a 400 here and never reaches the database as a 500.
 */
export const idSchema = z.guid({ error: 'Invalid id' });
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/**
 * The Idempotency-Key header of POSTs that move money or create requests (docs/member-portal.md
 * §7): visible ASCII, 1 to 255 characters (a UUID fits). Other headers pass through untouched.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, 'Idempotency-Key must be 1 to 255 visible ASCII characters')
    .optional(),
});

/**
 * C0 control characters and DEL, except tab, line feed and carriage return (multi-line text keeps
 * those). NUL in particular cannot be stored in PostgreSQL text. Every string the API receives is
 * refused with 400 when it holds one (the API checks bodies, queries and path parameters with
 * `controlCharacterField`; the auth schemas refine with `withoutControlCharacters`).
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';
export const withoutControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/** The dotted path of the first string in `value` holding a control character, or null. */
export function controlCharacterField(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value) ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (CONTROL_CHARACTERS.test(key)) return path ? `${path}.${key}` : key;
    const found = controlCharacterField(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** One field's problem in a 400 answer's `details`; `field` is the dotted path ('guarantorUserIds.1'). */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;
export const validationDetailsSchema = z.array(fieldErrorSchema);

export const apiErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  /** A validation error's `FieldError[]`, or other context for the code. */
  details: z.unknown().optional(),
  code: z.string(),
  timestamp: isoDateTimeSchema,
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const paginationSchema = z.object({
  currentPage: z.number().int().min(1),
  totalPages: z.number().int().min(1),
  totalItems: z.number().int().min(0),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
  limit: z.number().int().min(1),
});
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * The pagination object of one page. An empty list still has one (empty) page, so the client's
 * "page 1 of 1" never reads "page 1 of 0".
 */
export function buildPagination(page: number, limit: number, totalItems: number): Pagination {
  for (const [name, value, min] of [
    ['page', page, 1],
    ['limit', limit, 1],
    ['totalItems', totalItems, 0],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < min) {
      throw new RangeError(`${name} must be a whole number ≥ ${min}, got ${value}`);
    }
  }
  const totalPages = Math.max(1, Math.ceil(totalItems / limit));
  return {
    currentPage: page,
    totalPages,
    totalItems,
    hasNext: page < totalPages,
    hasPrev: page > 1,
    limit,
  };
}

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const sortOrderSchema = z.enum(SORT_ORDERS);
export type SortOrder = z.infer<typeof sortOrderSchema>;

// Query strings arrive as text, so numbers are coerced.
const pageSchema = z.coerce.number().int().min(1).default(1);
const limitSchema = (defaultLimit: number) =>
  z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultLimit);

export const pageQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Free-text search: trimmed; blank means no search (docs/member-portal.md §5 "List filters"). */
export const searchQuerySchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, `Search cannot exceed ${SEARCH_MAX_LENGTH} characters`)
  .transform((search) => (search === '' ? undefined : search))
  .optional();

/** 'true' / 'false' in a query string, or a boolean from code. */
export const booleanQuerySchema = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((text) => text === 'true'),
]);

/** A naira amount filter, coerced from the query string. */
export const amountQuerySchema = z.coerce
  .number({ error: 'Enter a valid amount' })
  .min(0, 'Amount cannot be negative')
  .max(MAX_AMOUNT_NAIRA, AMOUNT_TOO_LARGE);

/** The `search` filter, for spreading into a list's `filters`. */
export const searchFilter = { search: searchQuerySchema };

/** startDate / endDate filters: inclusive calendar dates ('yyyy-MM-dd'). */
export const dateRangeFilters = {
  startDate: isoDateSchema.optional(),
  endDate: isoDateSchema.optional(),
};

/** minAmount / maxAmount filters in naira. */
export const amountRangeFilters = {
  minAmount: amountQuerySchema.optional(),
  maxAmount: amountQuerySchema.optional(),
};

interface RangeFilters {
  startDate?: IsoDate | undefined;
  endDate?: IsoDate | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
}

/**
 * A reversed range is a mistake worth saying, rather than an empty list the member cannot
 * explain.
 */
function checkRangeFilters(query: RangeFilters, ctx: z.RefinementCtx): void {
  const { startDate, endDate, minAmount, maxAmount } = query;
  if (startDate !== undefined && endDate !== undefined && startDate > endDate) {
    ctx.addIssue({
      code: 'custom',
      message: 'Start date must be on or before end date',
      path: ['endDate'],
    });
  }
  if (minAmount !== undefined && maxAmount !== undefined && minAmount > maxAmount) {
    ctx.addIssue({
      code: 'custom',
      message: 'Minimum amount cannot exceed maximum amount',
      path: ['maxAmount'],
    });
  }
}

export interface FilteredListOptions<SortField extends string, Filters extends z.ZodRawShape> {
  /** The only fields a client may sort by; each is served by an index. */
  sortFields: readonly [SortField, ...SortField[]];
  /** The list's default sort and page size (docs/member-portal.md §9). */
  defaults: { sortBy: NoInfer<SortField>; sortOrder?: SortOrder; limit?: number };
  /** The list's filters, each optional: its own (status, month…) and the shared ones above. */
  filters?: Filters;
}

/**
 * The query of every list (docs/member-portal.md §7 "Lists"): page, limit (default from
 * docs/member-portal.md §9, at most MAX_PAGE_SIZE), a whitelisted sortBy, sortOrder, and the list's
 * filters, with date and amount ranges checked for order. Anything else is a 400, never a silently
 * different list.
 */
export function filteredListQuery<
  const SortField extends string,
  Filters extends z.ZodRawShape = Record<never, never>,
>({ sortFields, defaults, filters }: FilteredListOptions<SortField, Filters>) {
  return z
    .object({
      page: pageSchema,
      limit: limitSchema(defaults.limit ?? DEFAULT_PAGE_SIZE),
      sortBy: z.enum(sortFields).default(defaults.sortBy),
      sortOrder: sortOrderSchema.default(defaults.sortOrder ?? 'desc'),
    })
    .extend((filters ?? {}) as Filters)
    .superRefine(checkRangeFilters);
}

/** `{ success: true, data, message? }` */
export function successEnvelope<Data extends z.ZodType>(data: Data) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

/** `{ success: true, data: Item[], pagination, message? }` */
export function listEnvelope<Item extends z.ZodType>(item: Item) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    pagination: paginationSchema,
    message: z.string().optional(),
  });
}

/**
 * The two answers' types for a client that names an item type rather than a schema (the web's API
 * files): the same shapes as `successEnvelope` and `listEnvelope`.
 */
export type SuccessResponse<Data> = { success: true; data: Data; message?: string };
export type ListResponse<Item> = {
  success: true;
  data: Item[];
  pagination: Pagination;
  message?: string;
};

/** `{ success: true, message? }` for actions that return nothing else. */
export const actionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
});
export type ActionResponse = z.infer<typeof actionResponseSchema>;
