import { FINE_MESSAGES, finesIssuedMessage } from '@coop/shared/fine-rules';
import {
  adminFineListQuerySchema,
  adminFineListResponseSchema,
  adminFineResponseSchema,
  adminIssueFinesResponseSchema,
  adminIssueFinesSchema,
  adminMarkFinePaidSchema,
  adminWaiveFineSchema,
  fineListQuerySchema,
  fineListResponseSchema,
} from '@coop/shared/fines';
import { idempotencyHeadersSchema, idParamsSchema } from '@coop/shared/http';
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  issueFines,
  listAdminFines,
  listFines,
  markFinePaidRequest,
  waiveFineRequest,
} from './fines.service.js';

const tags = ['fines'];

/** GET /users/fines (docs/member-portal.md §7 Other lists). */
export const fineRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The member's fines, by status (newest fine date first, 10 a page)",
        querystring: fineListQuerySchema,
        response: { 200: fineListResponseSchema },
      },
      // The session check rides on the page's statement (plugins/route-groups.ts).
      config: { sessionInPage: true },
    },
    async (req) => {
      const page = await listFines(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );
};

const adminTags = ['admin: fines'];

/**
 * The back office's fines (docs/decisions/043-admin-money-and-late-repayment-fines.md): the list,
 * issue to one or many, waive, mark paid.
 */
export const adminFineRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags: adminTags,
        summary: "Every member's fines, by status, member, reason and fine date",
        querystring: adminFineListQuerySchema,
        response: { 200: adminFineListResponseSchema },
      },
    },
    async (req) => {
      const page = await listAdminFines(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: adminTags,
        summary: 'Issues the same fine to one member or many, all or nothing',
        headers: idempotencyHeadersSchema,
        body: adminIssueFinesSchema,
        response: { 201: adminIssueFinesResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply.code(201), req.member, async (d) => {
        const result = await issueFines(d, req.member, req.body);
        return { success: true as const, data: result, message: finesIssuedMessage(result.issued) };
      }),
  );

  app.post(
    '/:id/waive',
    {
      schema: {
        tags: adminTags,
        summary: 'Waives a pending fine with a reason; no money moves',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: adminWaiveFineSchema,
        response: { 200: adminFineResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await waiveFineRequest(d, req.member, { ...req.params, ...req.body }),
        message: FINE_MESSAGES.waived,
      })),
  );

  app.post(
    '/:id/pay',
    {
      schema: {
        tags: adminTags,
        summary: "Records a pending fine as paid, from the member's savings or by bank transfer",
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: adminMarkFinePaidSchema,
        response: { 200: adminFineResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await markFinePaidRequest(d, req.member, { ...req.params, ...req.body }),
        message: FINE_MESSAGES.paid,
      })),
  );
};
