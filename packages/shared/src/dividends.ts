/**
 * Dividends declared on share holding and credited to members (docs/member-portal.md §2 Dividends,
 * §3, §4).
 */
import { z } from 'zod';
import { DEFAULT_SORTS } from './constants.js';
import { isoDateSchema } from './date-schemas.js';
import {
  filteredListQuery,
  idSchema,
  listEnvelope,
  searchFilter,
  successEnvelope,
} from './http.js';
import {
  DIVIDEND_DECLARATION_STATUSES,
  DIVIDEND_STATUSES,
  DIVIDEND_TYPES,
} from './dividend-rules.js';

// The statuses, transitions and texts the Dividends page uses live zod-free in dividend-rules.ts.
export * from './dividend-rules.js';

export const dividendStatusSchema = z.enum(DIVIDEND_STATUSES);
export const dividendTypeSchema = z.enum(DIVIDEND_TYPES);

/** docs/member-portal.md §3 Dividend. `paidDate` is null until credited. */
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

/**
 * GET /users/dividends. `paymentDate` sorts by the paid date (docs/member-portal.md §2 "Payment
 * Date").
 */
export const dividendListQuerySchema = filteredListQuery({
  sortFields: ['paymentDate', 'dividendYear'],
  defaults: DEFAULT_SORTS.dividends,
  filters: { status: dividendStatusSchema.optional() },
});
export type DividendListQuery = z.infer<typeof dividendListQuerySchema>;
export const dividendListResponseSchema = listEnvelope(dividendSchema);

const dividendYearSchema = z
  .number({ error: 'Enter the financial year, like 2025' })
  .int('Enter the financial year, like 2025')
  .min(2000, 'Enter a year from 2000')
  .max(2100, 'Enter a year up to 2100');

/** A rate in basis points: the form's percent with up to two decimals (10.5 % = 1050). */
const dividendRateBpsSchema = z
  .number({ error: 'Enter the rate in percent' })
  .int('The rate can have at most two decimals')
  .positive('The rate must be above 0 %')
  .max(10_000, 'The rate cannot exceed 100 %');

/**
 * POST /admin/dividends/preview: what declaring a year at a rate would calculate, per member,
 * without writing anything.
 */
export const dividendPreviewRequestSchema = z.strictObject({
  dividendYear: dividendYearSchema,
  rateBps: dividendRateBpsSchema,
});
export type DividendPreviewRequest = z.infer<typeof dividendPreviewRequestSchema>;

/**
 * The back office's Declare dividend form: the year and the rate as typed (the rate in percent,
 * up to two decimals), read into the preview's request and then held to its rules, so a refused
 * rate reads the same on the screen and from the API. Each field keeps the request's name, so a
 * refusal's `details` land under it.
 */
export const dividendPreviewFormSchema = z.strictObject({
  dividendYear: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Enter the financial year, like 2025')
    .transform(Number)
    .pipe(dividendYearSchema),
  rateBps: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Enter the rate in percent, like 10 or 7.5')
    .transform((percent) => Math.round(Number(percent) * 100))
    .pipe(dividendRateBpsSchema),
});

/**
 * The administrator declares a year's dividend on share holding (back office; the demo): every
 * member holding shares at the year's end gets a `calculated` row at `rateBps` of that holding,
 * rounded down to the kobo (decision 072). The issue date defaults to today.
 */
export const declareDividendSchema = z.strictObject({
  dividendYear: dividendYearSchema,
  rateBps: dividendRateBpsSchema,
  issuedDate: isoDateSchema.optional(),
  notes: z.string().trim().max(500, 'Notes cannot exceed 500 characters').optional(),
});
export type DeclareDividendInput = z.infer<typeof declareDividendSchema>;

/** The administrator pays (credits to savings) every unpaid dividend of a year. */
export const payDividendsSchema = z.strictObject({
  dividendYear: dividendYearSchema,
  paidDate: isoDateSchema,
});
export type PayDividendsInput = z.infer<typeof payDividendsSchema>;
export type DividendListResponse = z.infer<typeof dividendListResponseSchema>;

/** `/admin/dividends/{year}`: the year in the path. */
export const dividendYearParamsSchema = z.object({
  year: z.coerce
    .number({ error: 'Invalid year' })
    .int('Invalid year')
    .min(2000, 'Invalid year')
    .max(2100, 'Invalid year'),
});
export type DividendYearParams = z.infer<typeof dividendYearParamsSchema>;

/** POST /admin/dividends/{year}/pay: the payment date defaults to today. */
export const payDividendsRequestSchema = z.strictObject({ paidDate: isoDateSchema.optional() });
export type PayDividendsRequest = z.infer<typeof payDividendsRequestSchema>;

/** One member's dividend: the share holding it is calculated on and the amount (naira). */
export const dividendMemberRowSchema = z.object({
  userId: idSchema,
  membershipId: z.string(),
  name: z.string(),
  /** Share holding on 31 December of the year; null on rows declared before it was stored. */
  shareHolding: z.number().nullable(),
  amount: z.number(),
});
export type DividendMemberRow = z.infer<typeof dividendMemberRowSchema>;

export const dividendTotalsSchema = z.object({
  members: z.number().int(),
  shareHolding: z.number(),
  amount: z.number(),
  /**
   * What rounding each member down to the kobo leaves with the cooperative: the rate on the
   * total holding (rounded down) less the sum of the members' amounts (decision 072).
   */
  retainedByRounding: z.number(),
});
export type DividendTotals = z.infer<typeof dividendTotalsSchema>;

export const dividendPreviewSchema = z.object({
  dividendYear: z.number().int(),
  rateBps: z.number().int(),
  /** The day the share holdings are read: 31 December of the year. */
  asOf: isoDateSchema,
  rows: z.array(dividendMemberRowSchema),
  totals: dividendTotalsSchema,
});
export type DividendPreview = z.infer<typeof dividendPreviewSchema>;
export const dividendPreviewResponseSchema = successEnvelope(dividendPreviewSchema);
export type DividendPreviewResponse = z.infer<typeof dividendPreviewResponseSchema>;

/** A year's declaration as the back office lists it. */
export const dividendDeclarationSchema = z.object({
  dividendYear: z.number().int(),
  dividendPeriod: z.string(),
  rateBps: z.number().int(),
  issuedDate: isoDateSchema,
  paidDate: isoDateSchema.nullable(),
  members: z.number().int(),
  amount: z.number(),
  paidAmount: z.number(),
  /** `paid` once every row is paid. */
  status: z.enum(DIVIDEND_DECLARATION_STATUSES),
});
export type DividendDeclaration = z.infer<typeof dividendDeclarationSchema>;
export const dividendDeclarationListResponseSchema = successEnvelope(
  z.array(dividendDeclarationSchema),
);
export type DividendDeclarationListResponse = z.infer<typeof dividendDeclarationListResponseSchema>;

/** POST /admin/dividends and POST /admin/dividends/{year}/pay answer the declaration. */
export const dividendDeclarationResponseSchema = successEnvelope(dividendDeclarationSchema);
export type DividendDeclarationResponse = z.infer<typeof dividendDeclarationResponseSchema>;

/** GET /admin/dividends/{year}/rows: a declaration's rows, one page, by member name. */
export const dividendRowsQuerySchema = filteredListQuery({
  sortFields: ['name', 'amount'],
  defaults: { sortBy: 'name', sortOrder: 'asc', limit: 25 },
  filters: {
    ...searchFilter,
    status: dividendStatusSchema.optional(),
  },
});
export type DividendRowsQuery = z.infer<typeof dividendRowsQuerySchema>;
export const dividendDeclarationRowSchema = dividendMemberRowSchema.extend({
  id: idSchema,
  status: dividendStatusSchema,
  paidDate: isoDateSchema.nullable(),
});
export type DividendDeclarationRow = z.infer<typeof dividendDeclarationRowSchema>;
export const dividendRowsResponseSchema = listEnvelope(dividendDeclarationRowSchema);
export type DividendRowsResponse = z.infer<typeof dividendRowsResponseSchema>;
