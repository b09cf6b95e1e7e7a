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
  adminLoanDetailResponseSchema,
  adminLoanListQuerySchema,
  adminLoanListResponseSchema,
  adminRepaymentSchema,
  certificationResponseSchema,
  certificationSchema,
  disburseLoanSchema,
  eligibilityResponseSchema,
  LOAN_MESSAGES,
  loanCalculationRequestSchema,
  loanCalculationResponseSchema,
  loanGuarantorSchema,
  loanGuarantorsResponseSchema,
  loanListQuerySchema,
  loanListResponseSchema,
  loanRequestSchema,
  loanResponseSchema,
  markDefaultedSchema,
  rejectDisbursementSchema,
  underReviewLoanListQuerySchema,
  underReviewLoanListResponseSchema,
} from '@coop/shared/loans';
import { ADMIN_LOAN_MESSAGES } from '@coop/shared/loan-rules';
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import { sendJsonText } from '../../lib/response-serializer.js';
import {
  acceptGuarantorRequest,
  listGuarantorRequests,
  reassignGuarantor,
  rejectGuarantorRequest,
  searchGuarantorCandidates,
} from './guarantees.service.js';
import {
  approveDisbursement,
  getAdminLoan,
  listAdminLoans,
  markAdminLoanDefaulted,
  recordManualRepayment,
  rejectDisbursement,
  requestDisbursement,
} from './loan-back-office.service.js';
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

/**
 * The member's loans (docs/member-portal.md §7): eligibility, calculator, request, list, guarantors
 * of a loan.
 */
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
      // The session check rides on the page's statement (plugins/route-groups.ts).
      config: { sessionInPage: true },
      schema: {
        tags,
        summary: "The member's loans with guarantors, schedule and repayments (newest first)",
        querystring: loanListQuerySchema,
        response: { 200: loanListResponseSchema },
      },
    },
    async (req, reply) => {
      await sendJsonText(req, reply, await listLoans(deps, req.member, req.query));
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
      // The session check rides on the page's statement (plugins/route-groups.ts).
      config: { sessionInPage: true },
      schema: {
        tags,
        summary: 'Guarantor requests addressed to the member (pending, newest first)',
        querystring: guarantorRequestListQuerySchema,
        response: { 200: guarantorRequestListResponseSchema },
      },
    },
    async (req, reply) => {
      await sendJsonText(req, reply, await listGuarantorRequests(deps, req.member, req.query));
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

/**
 * GET /users/guarantor-candidates (docs/business-rules.md): the wizard's and the reassign dialog's
 * picker.
 */
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

const adminTags = ['admin: loans'];

/**
 * Loans in the back office (docs/decisions/062-loan-back-office.md): pipeline, history, disburse,
 * repay, default.
 */
export const adminLoanRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags: adminTags,
        summary: 'The loan pipeline by status, newest request first',
        querystring: adminLoanListQuerySchema,
        response: { 200: adminLoanListResponseSchema },
      },
    },
    async (req) => {
      const page = await listAdminLoans(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: adminTags,
        summary: "One loan's full history",
        params: idParamsSchema,
        response: { 200: adminLoanDetailResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getAdminLoan(deps, req.member, req.params),
    }),
  );

  app.post(
    '/:id/disburse',
    {
      schema: {
        tags: adminTags,
        summary:
          'Disburses an approved loan, or above the policy threshold asks a second administrator',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: disburseLoanSchema,
        response: { 200: adminLoanDetailResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => {
        const { outcome, loan } = await requestDisbursement(d, req.member, {
          ...req.params,
          ...req.body,
        });
        return {
          success: true as const,
          data: loan,
          message:
            outcome === 'disbursed'
              ? ADMIN_LOAN_MESSAGES.disbursed(loan.loan.loanId)
              : ADMIN_LOAN_MESSAGES.awaitingApproval(loan.loan.loanId),
        };
      }),
  );

  app.post(
    '/:id/disbursement/approve',
    {
      schema: {
        tags: adminTags,
        summary: "A second administrator approves the pending disbursement (never the maker's own)",
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        response: { 200: adminLoanDetailResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => {
        const loan = await approveDisbursement(d, req.member, req.params);
        return {
          success: true as const,
          data: loan,
          message: ADMIN_LOAN_MESSAGES.disbursed(loan.loan.loanId),
        };
      }),
  );

  app.post(
    '/:id/disbursement/reject',
    {
      schema: {
        tags: adminTags,
        summary: 'Rejects the pending disbursement with a reason; the loan stays approved',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: rejectDisbursementSchema,
        response: { 200: adminLoanDetailResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => {
        const loan = await rejectDisbursement(d, req.member, { ...req.params, ...req.body });
        return {
          success: true as const,
          data: loan,
          message: ADMIN_LOAN_MESSAGES.disbursementRejected(loan.loan.loanId),
        };
      }),
  );

  app.post(
    '/:id/repayments',
    {
      schema: {
        tags: adminTags,
        summary: 'Records a manual repayment (bank transfer or cash)',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: adminRepaymentSchema,
        response: { 200: adminLoanDetailResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => {
        const loan = await recordManualRepayment(d, req.member, { ...req.params, ...req.body });
        return {
          success: true as const,
          data: loan,
          message: ADMIN_LOAN_MESSAGES.repaymentRecorded(loan.loan.loanId),
        };
      }),
  );

  app.post(
    '/:id/default',
    {
      schema: {
        tags: adminTags,
        summary: 'Declares a disbursed loan in default (guarantees stay frozen)',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: markDefaultedSchema,
        response: { 200: adminLoanDetailResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => {
        const loan = await markAdminLoanDefaulted(d, req.member, { ...req.params, ...req.body });
        return {
          success: true as const,
          data: loan,
          message: ADMIN_LOAN_MESSAGES.defaulted(loan.loan.loanId),
        };
      }),
  );
};
