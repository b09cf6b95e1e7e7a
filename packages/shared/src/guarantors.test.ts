import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  acceptGuarantorSchema,
  canTransitionGuarantor,
  GUARANTOR_STATUSES,
  guarantorCandidateQuerySchema,
  guarantorRequestListQuerySchema,
  guarantorRequestSchema,
  reassignGuarantorSchema,
  rejectGuarantorSchema,
} from './guarantors.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const memberId = '3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e71';
const requestId = '3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e72';

describe('guarantor status', () => {
  it('lets only a pending request be accepted or rejected', () => {
    const allowed = GUARANTOR_STATUSES.flatMap((from) =>
      GUARANTOR_STATUSES.filter((to) => canTransitionGuarantor(from, to)).map(
        (to) => `${from}→${to}`,
      ),
    );
    expect(allowed).toEqual(['pending→accepted', 'pending→rejected']);
  });
});

describe('guarantorRequestListQuerySchema', () => {
  it('shows pending requests, newest invitation first, 10 a page, by default', () => {
    expect(guarantorRequestListQuerySchema.parse({})).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'invitationDate',
      sortOrder: 'desc',
      status: 'pending',
    });
  });

  it('reads the filters of the Guarantor Requests tab', () => {
    expect(
      guarantorRequestListQuerySchema.parse({
        status: 'rejected',
        search: ' Chidi ',
        startDate: '2026-01-01',
        minAmount: '5000',
      }),
    ).toMatchObject({
      status: 'rejected',
      search: 'Chidi',
      startDate: '2026-01-01',
      minAmount: 5000,
    });
  });
});

describe('accept and reject bodies', () => {
  it('carry the acceptance token', () => {
    expect(acceptGuarantorSchema.parse({ token: 'tok' })).toEqual({ token: 'tok' });
    expect(messages(acceptGuarantorSchema.safeParse({ token: '' }))).toEqual(['Token is required']);
    expect(acceptGuarantorSchema.safeParse({ token: 'tok', reason: 'x' }).success).toBe(false);
  });

  it('take an optional, trimmed reason of up to 500 characters to reject', () => {
    expect(rejectGuarantorSchema.parse({ token: 'tok' })).toEqual({ token: 'tok' });
    expect(rejectGuarantorSchema.parse({ token: 'tok', reason: ' Travelling ' })).toEqual({
      token: 'tok',
      reason: 'Travelling',
    });
    expect(
      messages(rejectGuarantorSchema.safeParse({ token: 'tok', reason: 'x'.repeat(501) })),
    ).toEqual(['Reason cannot exceed 500 characters']);
  });
});

describe('reassignGuarantorSchema', () => {
  it('needs the new guarantor, and may name the rejected request', () => {
    expect(reassignGuarantorSchema.parse({ newGuarantorUserId: memberId })).toEqual({
      newGuarantorUserId: memberId,
    });
    expect(
      reassignGuarantorSchema.parse({ newGuarantorUserId: memberId, guarantorId: requestId }),
    ).toEqual({ newGuarantorUserId: memberId, guarantorId: requestId });
  });

  it.each([{}, { newGuarantorUserId: '' }, { newGuarantorUserId: 'someone' }])(
    "says 'Please select a new guarantor' for %o",
    (body) => {
      expect(messages(reassignGuarantorSchema.safeParse(body))).toEqual([
        'Please select a new guarantor',
      ]);
    },
  );
});

describe('guarantorCandidateQuerySchema', () => {
  it('trims the search and pages the results', () => {
    expect(guarantorCandidateQuerySchema.parse({ search: '  ada ', page: '2' })).toEqual({
      search: 'ada',
      page: 2,
      limit: 10,
    });
    expect(guarantorCandidateQuerySchema.parse({ search: '   ' })).toEqual({ page: 1, limit: 10 });
  });
});

describe('guarantorRequestSchema', () => {
  it('describes a guarantor request with its populated loan and borrower', () => {
    const request = {
      _id: requestId,
      id: requestId,
      status: 'pending',
      invitationDate: '2026-03-01T09:00:00.000Z',
      responseDate: null,
      guaranteeAmount: 250_000,
      acceptanceToken: 'tok',
      loanId: {
        _id: memberId,
        id: memberId,
        loanId: 'LN-000123',
        requestedAmount: 500_000,
        purpose: 'Expand my poultry farm',
        status: 'pending',
        repaymentTermMonths: 12,
        userId: {
          firstName: 'Chidi',
          lastName: 'Eze',
          email: 'chidi@demo.coop',
          membershipId: 'M0003',
        },
      },
    };
    expect(guarantorRequestSchema.parse(request)).toEqual(request);
  });
});
