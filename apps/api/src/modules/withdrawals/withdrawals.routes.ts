import { adminRejectSchema } from '@coop/shared/decision-reasons';
import { idempotencyHeadersSchema, idParamsSchema } from '@coop/shared/http';
import {
  adminWithdrawalListQuerySchema,
  adminWithdrawalListResponseSchema,
  adminWithdrawalResponseSchema,
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_PATH_SEGMENTS,
  WITHDRAWAL_TYPES,
  withdrawalEligibilityResponseSchema,
  withdrawalListQuerySchema,
  withdrawalListResponseSchema,
  withdrawalRequestSchema,
  withdrawalResponseSchema,
  withdrawalUpdateSchema,
} from '@coop/shared/withdrawals';
import { idempotently } from '../../lib/idempotency.js';
import { sendJsonText } from '../../lib/response-serializer.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  approveWithdrawalRequest,
  getWithdrawalEligibility,
  listAdminWithdrawals,
  listWithdrawals,
  rejectWithdrawalRequest,
  requestWithdrawal,
  updateWithdrawal,
} from './withdrawals.service.js';

const tags = ['withdrawals'];

/**
 * The member's withdrawal requests (docs/member-portal.md §7 Other lists;
 * docs/decisions/041-withdrawals.md).
 */
export const withdrawalRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      // The session check rides on the page's statement (plugins/route-groups.ts).
      config: { sessionInPage: true },
      schema: {
        tags,
        summary: "The member's withdrawal requests, by status and type (newest first, 10 a page)",
        querystring: withdrawalListQuerySchema,
        response: { 200: withdrawalListResponseSchema },
      },
    },
    async (req, reply) => {
      await sendJsonText(req, reply, await listWithdrawals(deps, req.member, req.query));
    },
  );

  app.get(
    '/eligibility',
    {
      schema: {
        tags,
        summary: 'What the member may withdraw now, and why not where they may not',
        response: { 200: withdrawalEligibilityResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getWithdrawalEligibility(deps, req.member),
    }),
  );

  for (const withdrawalType of WITHDRAWAL_TYPES) {
    app.post(
      `/${WITHDRAWAL_PATH_SEGMENTS[withdrawalType]}`,
      {
        schema: {
          tags,
          summary: `Asks to withdraw ${withdrawalType === 'savings' ? 'savings' : 'share holding'} (one pending request per type)`,
          headers: idempotencyHeadersSchema,
          body: withdrawalRequestSchema,
          response: { 201: withdrawalResponseSchema },
        },
      },
      (req, reply) =>
        idempotently(deps, req, reply.code(201), req.member, async (d) => ({
          success: true as const,
          data: await requestWithdrawal(d, req.member, { ...req.body, withdrawalType }),
          message: WITHDRAWAL_MESSAGES.submitted,
        })),
    );
  }

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary:
          'Changes the amount or reason of, or cancels, one of the member’s pending requests',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: withdrawalUpdateSchema,
        response: { 200: withdrawalResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => {
        const withdrawal = await updateWithdrawal(d, req.member, { ...req.params, ...req.body });
        return {
          success: true as const,
          data: withdrawal,
          message:
            withdrawal.status === 'cancelled'
              ? WITHDRAWAL_MESSAGES.cancelled
              : WITHDRAWAL_MESSAGES.updated,
        };
      }),
  );
};

const adminTags = ['admin: withdrawals'];

/**
 * The back office's withdrawals (docs/decisions/043-admin-money-and-late-repayment-fines.md): the
 * queue, approve, reject.
 */
export const adminWithdrawalRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags: adminTags,
        summary: "Every member's withdrawal requests, by status, type, member and date",
        querystring: adminWithdrawalListQuerySchema,
        response: { 200: adminWithdrawalListResponseSchema },
      },
    },
    async (req) => {
      const page = await listAdminWithdrawals(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.post(
    '/:id/approve',
    {
      schema: {
        tags: adminTags,
        summary: 'Approves a pending request: re-checks the balance and posts the ledger debit',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        response: { 200: adminWithdrawalResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await approveWithdrawalRequest(d, req.member, req.params),
        message: WITHDRAWAL_MESSAGES.approved,
      })),
  );

  app.post(
    '/:id/reject',
    {
      schema: {
        tags: adminTags,
        summary: 'Rejects a pending request with a reason; no money moves',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: adminRejectSchema,
        response: { 200: adminWithdrawalResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await rejectWithdrawalRequest(d, req.member, { ...req.params, ...req.body }),
        message: WITHDRAWAL_MESSAGES.rejected,
      })),
  );
};
