/** Fines issued by the administrator or a late-repayment rule (spec §2 Fines, §3, §4). */
import { z } from 'zod';
import { DEFAULT_SORTS } from './constants.js';
import type { IsoDate } from './dates.js';
import { isoDateSchema } from './date-schemas.js';
import { filteredListQuery, idSchema, listEnvelope } from './http.js';
import type { TransitionTable } from './transitions.js';
import { canTransition } from './transitions.js';

export const FINE_STATUSES = ['pending', 'paid', 'waived'] as const;
export const fineStatusSchema = z.enum(FINE_STATUSES);
export type FineStatus = z.infer<typeof fineStatusSchema>;

export const FINE_TRANSITIONS: TransitionTable<FineStatus> = {
  pending: ['paid', 'waived'],
  paid: [],
  waived: [],
};

export function canTransitionFine(from: FineStatus, to: FineStatus) {
  return canTransition(FINE_TRANSITIONS, from, to);
}

/** Spec §3 Fine; dates are calendar dates. */
export const fineSchema = z.object({
  id: idSchema,
  reason: z.string(),
  amount: z.number(),
  fineDate: isoDateSchema,
  dueDate: isoDateSchema,
  status: fineStatusSchema,
});
export type Fine = z.infer<typeof fineSchema>;

/** GET /users/fines */
export const fineListQuerySchema = filteredListQuery({
  sortFields: ['fineDate', 'dueDate', 'amount'],
  defaults: DEFAULT_SORTS.fines,
  filters: { status: fineStatusSchema.optional() },
});
export type FineListQuery = z.infer<typeof fineListQuerySchema>;
export const fineListResponseSchema = listEnvelope(fineSchema);

/** A pending fine past its due date: its due date shows in red (spec §2). */
export function isFineOverdue(fine: { status: FineStatus; dueDate: IsoDate }, today: IsoDate) {
  return fine.status === 'pending' && fine.dueDate < today;
}
