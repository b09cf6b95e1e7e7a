import {
  confirmContributionsResponseSchema,
  confirmContributionsSchema,
  contributionListQuerySchema,
  contributionListResponseSchema,
  contributionResponseSchema,
  disputeContributionSchema,
  disputeListQuerySchema,
  disputeListResponseSchema,
  disputeResponseSchema,
  resolveDisputeSchema,
} from '@coop/shared/contributions';
import {
  CONTRIBUTION_MESSAGES,
  contributionsConfirmedMessage,
  DISPUTE_MESSAGES,
} from '@coop/shared/contribution-rules';
import { idempotencyHeadersSchema, idParamsSchema } from '@coop/shared/http';
import { idempotently } from '../../lib/idempotency.js';
import { sendJsonText } from '../../lib/response-serializer.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  confirmContributions,
  disputeContribution,
  getContribution,
  listContributions,
  listDisputes,
  resolveContributionDispute,
} from './contributions.service.js';

const tags = ['contributions'];

/**
 * The member's contributions (docs/member-portal.md §7): list, one, confirm pending ones, dispute a
 * confirmed one.
 */
export const contributionRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      // The session check rides on the page's statement (plugins/route-groups.ts).
      config: { sessionInPage: true },
      schema: {
        tags,
        summary: "The member's contributions, filtered and paged (newest first, 25 a page)",
        querystring: contributionListQuerySchema,
        response: { 200: contributionListResponseSchema },
      },
    },
    async (req, reply) => {
      await sendJsonText(req, reply, await listContributions(deps, req.member, req.query));
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One of the member’s contributions',
        params: idParamsSchema,
        response: { 200: contributionResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getContribution(deps, req.member, req.params),
    }),
  );

  app.post(
    '/confirm',
    {
      schema: {
        tags,
        summary: 'Confirms pending contributions (all or nothing)',
        headers: idempotencyHeadersSchema,
        body: confirmContributionsSchema,
        response: { 200: confirmContributionsResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => {
        const contributions = await confirmContributions(d, req.member, req.body);
        return {
          success: true as const,
          data: { contributions },
          message: contributionsConfirmedMessage(contributions.length),
        };
      }),
  );

  app.post(
    '/:id/dispute',
    {
      schema: {
        tags,
        summary: 'Disputes a confirmed contribution, once',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: disputeContributionSchema,
        response: { 200: contributionResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await disputeContribution(d, req.member, { ...req.params, ...req.body }),
        message: CONTRIBUTION_MESSAGES.disputeSubmitted,
      })),
  );
};

/** The back office's dispute queue (docs/decisions/070-back-office.md). Admins only. */
export const adminContributionRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/disputes',
    {
      schema: {
        tags: ['admin: disputes'],
        summary: 'Disputed contributions, oldest dispute first (or the resolved ones)',
        querystring: disputeListQuerySchema,
        response: { 200: disputeListResponseSchema },
      },
    },
    async (req) => {
      const page = await listDisputes(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.post(
    '/:id/resolve',
    {
      schema: {
        tags: ['admin: disputes'],
        summary: 'Resolves a dispute with a note and, when the member was right, an adjustment',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: resolveDisputeSchema,
        response: { 200: disputeResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await resolveContributionDispute(d, req.member, { ...req.params, ...req.body }),
        message: DISPUTE_MESSAGES.disputeResolved,
      })),
  );
};
