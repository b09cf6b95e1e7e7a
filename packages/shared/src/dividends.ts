/** Dividends declared on share holding and credited to members (spec §2 Dividends, §3, §4). */
import { z } from 'zod';
import { DEFAULT_SORTS } from './constants.js';
import { isoDateSchema } from './date-schemas.js';
import { filteredListQuery, idSchema, listEnvelope } from './http.js';
import { DIVIDEND_STATUSES, DIVIDEND_TYPES } from './dividend-rules.js';

// The statuses, transitions and texts the Dividends page uses live zod-free in dividend-rules.ts.
export * from './dividend-rules.js';

export const dividendStatusSchema = z.enum(DIVIDEND_STATUSES);
export const dividendTypeSchema = z.enum(DIVIDEND_TYPES);

/** Spec §3 Dividend. `paidDate` is null until credited. */
export const dividendSchema = z.object({
  id: idSchema,
  dividendPeriod: z.string(),
  dividendType: dividendTypeSchema,
  amount: z.number(),
  notes: z.string().nullable(),
  issuedDate: isoDateSchema,
  paidDate: isoDateSchema.nullable(),
  status: dividendStatusSchema,
  dividendYear: z.number().int(),
});
export type Dividend = z.infer<typeof dividendSchema>;

/** GET /users/dividends. `paymentDate` sorts by the paid date (spec §2 "Payment Date"). */
export const dividendListQuerySchema = filteredListQuery({
  sortFields: ['paymentDate', 'dividendYear'],
  defaults: DEFAULT_SORTS.dividends,
  filters: { status: dividendStatusSchema.optional() },
});
export type DividendListQuery = z.infer<typeof dividendListQuerySchema>;
export const dividendListResponseSchema = listEnvelope(dividendSchema);

/**
 * The administrator declares a year's dividend on share holding (back office; the demo): every
 * member holding shares at the year's end gets a `calculated` row at `rateBps` of that holding.
 */
export const declareDividendSchema = z.strictObject({
  dividendYear: z.number().int().min(2000).max(2100),
  rateBps: z.number().int().positive().max(10_000),
  issuedDate: isoDateSchema,
  notes: z.string().trim().max(500).optional(),
});
export type DeclareDividendInput = z.infer<typeof declareDividendSchema>;

/** The administrator pays (credits to savings) every unpaid dividend of a year. */
export const payDividendsSchema = z.strictObject({
  dividendYear: z.number().int().min(2000).max(2100),
  paidDate: isoDateSchema,
});
export type PayDividendsInput = z.infer<typeof payDividendsSchema>;
export type DividendListResponse = z.infer<typeof dividendListResponseSchema>;
