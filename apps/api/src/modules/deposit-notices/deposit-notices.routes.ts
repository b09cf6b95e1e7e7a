import {
  DEPOSIT_NOTICE_MESSAGES,
  depositInstructionsResponseSchema,
  depositNoticeListQuerySchema,
  depositNoticeListResponseSchema,
  depositNoticeRequestSchema,
  depositNoticeResponseSchema,
} from '@coop/shared/deposit-notices';
import { idempotencyHeadersSchema } from '@coop/shared/http';
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  getDepositInstructions,
  listDepositNotices,
  submitDepositNotice,
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
