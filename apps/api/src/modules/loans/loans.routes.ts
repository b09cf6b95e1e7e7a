import {
  acceptGuarantorSchema,
  guarantorCandidateListResponseSchema,
  guarantorCandidateQuerySchema,
  guarantorRequestListQuerySchema,
  guarantorRequestListResponseSchema,
  guarantorRequestSchema,
  reassignGuarantorSchema,
  rejectGuarantorSchema,
} from '@coop/shared/guarantors';
import { idempotencyHeadersSchema, idParamsSchema, successEnvelope } from '@coop/shared/http';
import {
  certificationResponseSchema,
  certificationSchema,
  eligibilityResponseSchema,
  loanCalculationRequestSchema,
  loanCalculationResponseSchema,
  loanGuarantorSchema,
  loanGuarantorsResponseSchema,
  loanListQuerySchema,
  loanListResponseSchema,
  loanRequestSchema,
  loanResponseSchema,
  LOAN_MESSAGES,
  underReviewLoanListQuerySchema,
  underReviewLoanListResponseSchema,
} from '@coop/shared/loans';
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  acceptGuarantorRequest,
  listGuarantorRequests,
  reassignGuarantor,
  rejectGuarantorRequest,
  searchGuarantorCandidates,
} from './guarantees.service.js';
import {
  calculateLoanQuote,
  certifyLoan,
  getLoanEligibility,
  getLoanGuarantors,
  listLoans,
  listLoansUnderReview,
  requestLoan,
} from './loans.service.js';

const tags = ['loans'];

/** The member's loans (spec §7): eligibility, calculator, request, list, guarantors of a loan. */
export const loanRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/eligibility',
    {
      schema: {
        tags,
        summary: 'Whether the member may borrow, the maximum, and every rule that fails',
        response: { 200: eligibilityResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getLoanEligibility(deps, req.member) }),
  );

  app.post(
    '/calculate',
    {
      schema: {
        tags,
        summary: 'Prices a loan: fees, interest, disbursement and the monthly schedule (naira)',
        body: loanCalculationRequestSchema,
        response: { 200: loanCalculationResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calculateLoanQuote(deps, req.member, req.body),
    }),
  );

  app.post(
    '/request',
    {
      schema: {
        tags,
        summary: 'Requests a loan with 2 to 4 guarantors, who are each asked to accept',
        headers: idempotencyHeadersSchema,
        body: loanRequestSchema,
        response: { 201: loanResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => {
        const loan = await requestLoan(d, req.member, req.body);
        reply.code(201);
        return { success: true as const, data: loan, message: LOAN_MESSAGES.requestSubmitted };
      }),
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The member's loans with guarantors, schedule and repayments (newest first)",
        querystring: loanListQuerySchema,
        response: { 200: loanListResponseSchema },
      },
    },
    async (req) => {
      const page = await listLoans(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.get(
    '/:id/guarantors',
    {
      schema: {
        tags,
        summary: "The guarantors of one of the member's own loans",
        params: idParamsSchema,
        response: { 200: loanGuarantorsResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getLoanGuarantors(deps, req.member, req.params),
    }),
  );
};

/** Loan reviewers only (403 for other members): the loans to certify, and certifying one. */
export const loanReviewRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/under-review',
    {
      schema: {
        tags,
        summary: 'Loans under review the reviewer may certify (newest first)',
        querystring: underReviewLoanListQuerySchema,
        response: { 200: underReviewLoanListResponseSchema },
      },
    },
    async (req) => {
      const page = await listLoansUnderReview(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.post(
    '/:id/certify',
    {
      schema: {
        tags,
        summary: 'Approves or rejects a loan under review, once per reviewer',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: certificationSchema,
        response: { 200: certificationResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await certifyLoan(d, req.member, { ...req.params, ...req.body }),
        message:
          req.body.decision === 'approve' ? LOAN_MESSAGES.loanApproved : LOAN_MESSAGES.loanRejected,
      })),
  );
};

/** Guarantor requests addressed to the member, and the borrower's reassignment. */
export const guaranteeRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Guarantor requests addressed to the member (pending, newest first)',
        querystring: guarantorRequestListQuerySchema,
        response: { 200: guarantorRequestListResponseSchema },
      },
    },
    async (req) => {
      const page = await listGuarantorRequests(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.post(
    '/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accepts a guarantor request, freezing the guarantee amount',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: acceptGuarantorSchema,
        response: { 200: successEnvelope(guarantorRequestSchema) },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await acceptGuarantorRequest(d, req.member, { ...req.params, ...req.body }),
        message: LOAN_MESSAGES.guarantorAccepted,
      })),
  );

  app.post(
    '/:id/reject',
    {
      schema: {
        tags,
        summary: 'Rejects a guarantor request, with an optional reason',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: rejectGuarantorSchema,
        response: { 200: successEnvelope(guarantorRequestSchema) },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await rejectGuarantorRequest(d, req.member, { ...req.params, ...req.body }),
        message: LOAN_MESSAGES.guarantorRejected,
      })),
  );

  app.post(
    '/:id/reassign',
    {
      schema: {
        tags,
        summary: 'The borrower replaces a guarantor who rejected (once per place)',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: reassignGuarantorSchema,
        response: { 200: successEnvelope(loanGuarantorSchema) },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await reassignGuarantor(d, req.member, { ...req.params, ...req.body }),
        message: LOAN_MESSAGES.guarantorReassigned,
      })),
  );
};

/** GET /users/guarantor-candidates (DESIGN §7): the wizard's and the reassign dialog's picker. */
export const guarantorCandidateRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Active members the member may choose as guarantors',
        querystring: guarantorCandidateQuerySchema,
        response: { 200: guarantorCandidateListResponseSchema },
      },
    },
    async (req) => {
      const page = await searchGuarantorCandidates(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );
};
