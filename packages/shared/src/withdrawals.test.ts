import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  canTransitionWithdrawal,
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_STATUSES,
  withdrawalFormSchema,
  withdrawalListQuerySchema,
  withdrawalRequestSchema,
  withdrawalUpdateSchema,
} from './withdrawals.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('withdrawalRequestSchema', () => {
  it('takes an amount above 0 and an optional trimmed reason', () => {
    expect(withdrawalRequestSchema.parse({ amount: 5_000 })).toEqual({ amount: 5_000 });
    expect(withdrawalRequestSchema.parse({ amount: 0.01, reason: ' School fees ' })).toEqual({
      amount: 0.01,
      reason: 'School fees',
    });
  });

  it.each([undefined, Number.NaN, 0, -100, '500'])(
    "says 'Enter a valid amount greater than 0' for %s",
    (amount) => {
      expect(messages(withdrawalRequestSchema.safeParse({ amount }))).toEqual([
        'Enter a valid amount greater than 0',
      ]);
    },
  );

  it('refuses fractions of a kobo, long reasons and unknown fields', () => {
    expect(messages(withdrawalRequestSchema.safeParse({ amount: 10.001 }))).toEqual([
      'Amount cannot have more than 2 decimal places',
    ]);
    expect(
      messages(withdrawalRequestSchema.safeParse({ amount: 10, reason: 'x'.repeat(501) })),
    ).toEqual(['Reason cannot exceed 500 characters']);
    expect(withdrawalRequestSchema.safeParse({ amount: 10, userId: 'someone' }).success).toBe(
      false,
    );
  });
});

describe('withdrawalFormSchema', () => {
  it('refuses more than the available balance', () => {
    const form = withdrawalFormSchema(20_000);
    expect(form.parse({ amount: 20_000 })).toEqual({ amount: 20_000 });
    expect(messages(form.safeParse({ amount: 20_000.01 }))).toEqual([
      'Amount exceeds available balance',
    ]);
    expect(WITHDRAWAL_MESSAGES.exceedsBalance).toBe('Amount exceeds available balance');
  });

  it('says the balance is exceeded before the ceiling on any one amount, and checks the rest', () => {
    const form = withdrawalFormSchema(20_000);
    expect(messages(form.safeParse({ amount: 999_999_999 }))).toEqual([
      'Amount exceeds available balance',
    ]);
    expect(messages(form.safeParse({ amount: 0 }))).toEqual([WITHDRAWAL_MESSAGES.invalidAmount]);
    expect(messages(form.safeParse({ amount: 100.001 }))).toEqual([WITHDRAWAL_MESSAGES.tooPrecise]);
  });
});

describe('withdrawalUpdateSchema', () => {
  it('changes the amount or the reason of a request', () => {
    expect(withdrawalUpdateSchema.parse({ reason: 'Rent' })).toEqual({ reason: 'Rent' });
    expect(messages(withdrawalUpdateSchema.safeParse({}))).toEqual(['Nothing to update']);
  });
});

describe('withdrawal status', () => {
  it('lets a pending request be approved, rejected or cancelled, once', () => {
    const allowed = WITHDRAWAL_STATUSES.flatMap((from) =>
      WITHDRAWAL_STATUSES.filter((to) => canTransitionWithdrawal(from, to)).map(
        (to) => `${from}→${to}`,
      ),
    );
    expect(allowed).toEqual(['pending→approved', 'pending→rejected', 'pending→cancelled']);
  });
});

describe('withdrawalListQuerySchema', () => {
  it('defaults to newest request first, 10 a page, and filters by status and type', () => {
    expect(withdrawalListQuerySchema.parse({})).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'requestDate',
      sortOrder: 'desc',
    });
    expect(
      withdrawalListQuerySchema.parse({ status: 'approved', requestType: 'share_holding' }),
    ).toMatchObject({ status: 'approved', requestType: 'share_holding' });
    expect(withdrawalListQuerySchema.safeParse({ requestType: 'loan' }).success).toBe(false);
  });
});
