import { idempotencyHeadersSchema, idParamsSchema, actionResponseSchema } from '@coop/shared/http';
import {
  PROPOSAL_MESSAGES,
  proposalListQuerySchema,
  proposalListResponseSchema,
  rejectProposalSchema,
} from '@coop/shared/proposals';
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import { rejectProposal } from '../proposals/proposals.service.js';
import { approveProposal, listProposals } from './approvals.service.js';

const tags = ['admin: approvals'];

/**
 * The Approvals queue (docs/administrators.md "Approvals"). Officers' changes are decided under
 * /officers (officers.manage), the policy's under /policy (policy.manage), so each route needs
 * one permission.
 */
export const adminApprovalRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Two-person changes waiting for a second officer (or decided ones), newest first',
        querystring: proposalListQuerySchema,
        response: { 200: proposalListResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listProposals(deps, req.member, req.query),
    }),
  );

  for (const area of ['officers', 'policy'] as const) {
    app.post(
      `/${area}/:id/approve`,
      {
        schema: {
          tags,
          summary: 'Approves another officer’s proposal; the change takes effect at once',
          headers: idempotencyHeadersSchema,
          params: idParamsSchema,
          response: { 200: actionResponseSchema },
        },
      },
      (req, reply) =>
        idempotently(deps, req, reply, req.member, async (d) => {
          await approveProposal(d, req.member, { id: req.params.id, area });
          return { success: true as const, message: PROPOSAL_MESSAGES.approved };
        }),
    );
    app.post(
      `/${area}/:id/reject`,
      {
        schema: {
          tags,
          summary: 'Rejects (or, for its proposer, withdraws) a proposal with a reason',
          headers: idempotencyHeadersSchema,
          params: idParamsSchema,
          body: rejectProposalSchema,
          response: { 200: actionResponseSchema },
        },
      },
      (req, reply) =>
        idempotently(deps, req, reply, req.member, async (d) => {
          await rejectProposal(d, req.member, { id: req.params.id, area, ...req.body });
          return { success: true as const, message: PROPOSAL_MESSAGES.rejected };
        }),
    );
  }
};
