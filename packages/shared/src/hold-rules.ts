/**
 * Money set aside (docs/decisions/030-ledger.md "Holds"): what a member has but may not use now,
 * and why. Zod-free so pages can import it cheaply; the schema is in holds.ts.
 */
import { formatNaira, type Naira } from './money.js';

export const HELD_REASONS = ['guarantee', 'withdrawal'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];
export const HELD_ACCOUNTS = ['savings', 'shares'] as const;
export type HeldAccount = (typeof HELD_ACCOUNTS)[number];

/** One reason money of an account is held: the sum of the member's open holds of that reason. */
export interface Held {
  account: HeldAccount;
  reason: HeldReason;
  amount: Naira;
}

/** What a page says under an available figure, e.g. "₦25,000 held for your pending withdrawal". */
export function heldText(held: Held): string {
  const amount = formatNaira(held.amount);
  const what = held.account === 'shares' ? ' of your share holding' : '';
  return held.reason === 'withdrawal'
    ? `${amount}${what} held for your pending withdrawal`
    : `${amount}${what} held for the loans you guarantee`;
}
