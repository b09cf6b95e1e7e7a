import {
  adminDepositNoticeListQuerySchema,
  adminDepositNoticeListResponseSchema,
  adminDepositNoticeResponseSchema,
  DEPOSIT_NOTICE_MESSAGES,
  depositInstructionsResponseSchema,
  depositNoticeListQuerySchema,
  depositNoticeListResponseSchema,
  depositNoticeRequestSchema,
  depositNoticeResponseSchema,
} from '@coop/shared/deposit-notices';
import { adminRejectSchema } from '@coop/shared/decision-reasons';
import { idempotencyHeadersSchema, idParamsSchema } from '@coop/shared/http';
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  getDepositInstructions,
  listAdminDepositNotices,
  listDepositNotices,
  rejectDepositNoticeRequest,
  submitDepositNotice,
  verifyDepositNoticeRequest,
} from './deposit-notices.service.js';

const tags = ['deposit notices'];

/** Voluntary deposits the member notifies (decision 042). */
export const depositNoticeRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/instructions',
    {
      schema: {
        tags,
        summary: "The member's monthly deduction and the cooperative's account for deposits",
        response: { 200: depositInstructionsResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getDepositInstructions(deps, req.member),
    }),
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The member's deposit notices, newest first",
        querystring: depositNoticeListQuerySchema,
        response: { 200: depositNoticeListResponseSchema },
      },
      // The session check rides on the page's statement (plugins/route-groups.ts).
      config: { sessionInPage: true },
    },
    async (req) => {
      const page = await listDepositNotices(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Notifies a voluntary transfer for the administrator to verify',
        headers: idempotencyHeadersSchema,
        body: depositNoticeRequestSchema,
        response: { 201: depositNoticeResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply.code(201), req.member, async (d) => ({
        success: true as const,
        data: await submitDepositNotice(d, req.member, req.body),
        message: DEPOSIT_NOTICE_MESSAGES.submitted,
      })),
  );
};

const adminTags = ['admin: deposit notices'];

/**
 * The back office's deposit notices (docs/decisions/043-admin-money-and-late-repayment-fines.md):
 * the queue, verify, reject.
 */
export const adminDepositNoticeRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags: adminTags,
        summary: "Every member's deposit notices, by status, member, bank reference and date",
        querystring: adminDepositNoticeListQuerySchema,
        response: { 200: adminDepositNoticeListResponseSchema },
      },
    },
    async (req) => {
      const page = await listAdminDepositNotices(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.post(
    '/:id/verify',
    {
      schema: {
        tags: adminTags,
        summary: 'Verifies a pending notice against the bank: posts it as a contribution',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        response: { 200: adminDepositNoticeResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await verifyDepositNoticeRequest(d, req.member, req.params),
        message: DEPOSIT_NOTICE_MESSAGES.verified,
      })),
  );

  app.post(
    '/:id/reject',
    {
      schema: {
        tags: adminTags,
        summary: 'Rejects a pending notice with a reason; no money moves',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: adminRejectSchema,
        response: { 200: adminDepositNoticeResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await rejectDepositNoticeRequest(d, req.member, { ...req.params, ...req.body }),
        message: DEPOSIT_NOTICE_MESSAGES.rejected,
      })),
  );
};
