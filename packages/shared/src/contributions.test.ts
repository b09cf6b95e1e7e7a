import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  canDisputeContribution,
  canTransitionContribution,
  CONTRIBUTION_STATUSES,
  contributionsConfirmedMessage,
  isSelectableContribution,
} from './contribution-rules.js';
import {
  confirmContributionsSchema,
  contributionListQuerySchema,
  contributionSchema,
  disputeContributionSchema,
} from './contributions.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const first = '3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e71';
const second = '3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e72';
const distinctIds = (count: number) =>
  Array.from(
    { length: count },
    (_, index) => `3f2c9b0e-8d7a-4b6c-9e1f-${String(index).padStart(12, '0')}`,
  );

describe('contribution status', () => {
  it('moves pending → confirmed → disputed → resolved and nowhere else', () => {
    const allowed = CONTRIBUTION_STATUSES.flatMap((from) =>
      CONTRIBUTION_STATUSES.filter((to) => canTransitionContribution(from, to)).map(
        (to) => `${from}→${to}`,
      ),
    );
    expect(allowed).toEqual(['pending→confirmed', 'confirmed→disputed', 'disputed→resolved']);
  });

  it('lets only pending rows be selected', () => {
    expect(CONTRIBUTION_STATUSES.filter((status) => isSelectableContribution({ status }))).toEqual([
      'pending',
    ]);
  });

  it('allows a dispute only on a confirmed row never disputed or resolved before', () => {
    const confirmed = { status: 'confirmed', disputeDate: null, disputeResolvedBy: null } as const;
    expect(canDisputeContribution(confirmed)).toBe(true);
    expect(canDisputeContribution({ ...confirmed, status: 'pending' })).toBe(false);
    expect(canDisputeContribution({ ...confirmed, disputeDate: '2026-01-05T10:00:00Z' })).toBe(
      false,
    );
    expect(canDisputeContribution({ ...confirmed, disputeResolvedBy: first })).toBe(false);
  });
});

describe('confirmContributionsSchema', () => {
  it('takes one id as a string or several as an array, always giving an array', () => {
    expect(confirmContributionsSchema.parse({ contributionIds: first })).toEqual({
      contributionIds: [first],
    });
    expect(confirmContributionsSchema.parse({ contributionIds: [first, second, first] })).toEqual({
      contributionIds: [first, second],
    });
  });

  it('needs 1 to 100 valid ids and nothing else', () => {
    expect(messages(confirmContributionsSchema.safeParse({ contributionIds: [] }))).toEqual([
      'Select at least one contribution to confirm',
    ]);
    expect(
      messages(confirmContributionsSchema.safeParse({ contributionIds: distinctIds(101) })),
    ).toEqual(['You can confirm at most 100 contributions at once']);
    expect(confirmContributionsSchema.parse({ contributionIds: distinctIds(100) })).toEqual({
      contributionIds: distinctIds(100),
    });
    expect(confirmContributionsSchema.safeParse({ contributionIds: 'abc' }).success).toBe(false);
    expect(confirmContributionsSchema.safeParse({ contributionIds: [first, 'abc'] }).success).toBe(
      false,
    );
    expect(
      confirmContributionsSchema.safeParse({ contributionIds: first, status: 'confirmed' }).success,
    ).toBe(false);
  });

  it('words the success toast as members read it', () => {
    expect(contributionsConfirmedMessage(3)).toBe('3 contribution(s) confirmed successfully');
  });
});

describe('disputeContributionSchema', () => {
  it('trims the reason and accepts 10 to 500 characters', () => {
    expect(disputeContributionSchema.parse({ reason: '  Amount is wrong  ' })).toEqual({
      reason: 'Amount is wrong',
    });
  });

  it.each([
    [undefined, 'Dispute reason is required'],
    ['          ', 'Dispute reason is required'],
    ['  too short ', 'Dispute reason must be at least 10 characters'],
    ['x'.repeat(501), 'Dispute reason cannot exceed 500 characters'],
  ])('refuses %o', (reason, message) => {
    expect(messages(disputeContributionSchema.safeParse({ reason }))).toEqual([message]);
  });
});

describe('contributionListQuerySchema', () => {
  it('defaults to page 1, 25 a page, newest contribution date first', () => {
    expect(contributionListQuerySchema.parse({})).toEqual({
      page: 1,
      limit: 25,
      sortBy: 'contributionDate',
      sortOrder: 'desc',
    });
  });

  it('reads every filter the list accepts', () => {
    expect(
      contributionListQuerySchema.parse({
        status: 'pending',
        contributionMonth: '2026-02',
        startDate: '2026-01-01',
        endDate: '2026-02-28',
        search: ' 2026 ',
        minAmount: '0',
        maxAmount: '25000',
        sortBy: 'totalAmount',
      }),
    ).toMatchObject({
      status: 'pending',
      contributionMonth: '2026-02',
      startDate: '2026-01-01',
      endDate: '2026-02-28',
      search: '2026',
      minAmount: 0,
      maxAmount: 25_000,
      sortBy: 'totalAmount',
    });
  });

  it('refuses a month that is not yyyy-MM and a reversed date range', () => {
    expect(
      messages(contributionListQuerySchema.safeParse({ contributionMonth: '02/2026' })),
    ).toEqual(['Invalid month']);
    expect(
      messages(
        contributionListQuerySchema.safeParse({ startDate: '2026-03-01', endDate: '2026-02-01' }),
      ),
    ).toEqual(['Start date must be on or before end date']);
  });
});

describe('contributionSchema', () => {
  it('describes the Contribution record', () => {
    const contribution = {
      id: first,
      _id: first,
      contributionMonth: '2026-02',
      contributionDate: '2026-02-25',
      savingsAmount: 20_000,
      shareHoldingAmount: 5_000.5,
      totalAmount: 25_000.5,
      status: 'disputed',
      disputeDate: '2026-03-01T09:30:00.000Z',
      disputeResolvedBy: null,
    };
    expect(contributionSchema.parse(contribution)).toEqual(contribution);
  });
});
