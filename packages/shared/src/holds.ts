/** The shape of money held (hold-rules.ts), shared by the dashboard and Withdrawals. */
import { z } from 'zod';
import { HELD_ACCOUNTS, HELD_REASONS } from './hold-rules.js';

export * from './hold-rules.js';

export const heldSchema = z.object({
  account: z.enum(HELD_ACCOUNTS),
  reason: z.enum(HELD_REASONS),
  amount: z.number(),
});
