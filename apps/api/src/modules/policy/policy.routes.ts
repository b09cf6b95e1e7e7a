import { idempotencyHeadersSchema } from '@coop/shared/http';
import { policyResponseSchema, policySchema } from '@coop/shared/policy';
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  POLICY_PROPOSED_MESSAGE,
  POLICY_SAVED_MESSAGE,
  policyView,
  updatePolicy,
} from './policy.service.js';

const tags = ['admin: policy'];

/**
 * The cooperative's policy (docs/decisions/072-dividends-and-policy.md; docs/business-rules.md).
 * Admins only.
 */
export const adminPolicyRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The policy in force: loans, withdrawals, fines and disbursement',
        response: { 200: policyResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await policyView(deps, req.member) }),
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        summary: 'Replaces the whole policy; applies to new requests only; audited before/after',
        headers: idempotencyHeadersSchema,
        body: policySchema,
        response: { 200: policyResponseSchema, 202: policyResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => {
        const { view, proposed } = await updatePolicy(d, req.member, req.body);
        // 202: the controls changed wait for a second officer (docs/administrators.md).
        void reply.code(proposed ? 202 : 200);
        return {
          success: true as const,
          data: view,
          message: proposed ? POLICY_PROPOSED_MESSAGE : POLICY_SAVED_MESSAGE,
        };
      }),
  );
};
