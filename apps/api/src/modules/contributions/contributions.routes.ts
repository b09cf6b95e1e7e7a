import {
  confirmContributionsResponseSchema,
  confirmContributionsSchema,
  contributionListQuerySchema,
  contributionListResponseSchema,
  contributionResponseSchema,
  disputeContributionSchema,
} from '@coop/shared/contributions';
import {
  CONTRIBUTION_MESSAGES,
  contributionsConfirmedMessage,
} from '@coop/shared/contribution-rules';
import { idempotencyHeadersSchema, idParamsSchema } from '@coop/shared/http';
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  confirmContributions,
  disputeContribution,
  getContribution,
  listContributions,
} from './contributions.service.js';

const tags = ['contributions'];

/** The member's contributions (spec §7): list, one, confirm pending ones, dispute a confirmed one. */
export const contributionRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The member's contributions, filtered and paged (newest first, 25 a page)",
        querystring: contributionListQuerySchema,
        response: { 200: contributionListResponseSchema },
      },
    },
    async (req) => {
      const page = await listContributions(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
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
