/**
 * The zod schemas of dates (see dates.ts for the rules). Kept apart from dates.ts so that screens
 * which only format dates never download zod.
 */
import { z } from 'zod';
import { INVALID_DATE_LABEL } from './dates.js';

/** A real calendar date ('2023-02-29' is refused, '2024-02-29' accepted). */
export const isoDateSchema = z.iso.date({ error: INVALID_DATE_LABEL });
export const isoMonthSchema = z
  .string({ error: 'Invalid month' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Invalid month');
/** Offsets are required: a timestamp without one would mean a different instant on each machine. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true, error: 'Invalid date and time' });
