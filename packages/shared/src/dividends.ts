/** Dividends declared on share holding and credited to members (spec §2 Dividends, §3, §4). */
import { z } from 'zod';
import { DEFAULT_SORTS } from './constants.js';
import { isoDateSchema } from './date-schemas.js';
import { filteredListQuery, idSchema, listEnvelope } from './http.js';
import type { TransitionTable } from './transitions.js';
import { canTransition } from './transitions.js';

export const DIVIDEND_STATUSES = ['calculated', 'pending', 'paid'] as const;
export const dividendStatusSchema = z.enum(DIVIDEND_STATUSES);
export type DividendStatus = z.infer<typeof dividendStatusSchema>;

export const DIVIDEND_TYPES = ['share_holding', 'savings', 'patronage'] as const;
export const dividendTypeSchema = z.enum(DIVIDEND_TYPES);
export type DividendType = z.infer<typeof dividendTypeSchema>;

/** Calculated when declared, pending once approved for payment, paid when credited. */
export const DIVIDEND_TRANSITIONS: TransitionTable<DividendStatus> = {
  calculated: ['pending', 'paid'],
  pending: ['paid'],
  paid: [],
};

export function canTransitionDividend(from: DividendStatus, to: DividendStatus) {
  return canTransition(DIVIDEND_TRANSITIONS, from, to);
}

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
