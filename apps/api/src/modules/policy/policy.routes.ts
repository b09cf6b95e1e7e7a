import { idempotencyHeadersSchema } from '@coop/shared/http';
import { policyResponseSchema, policySchema } from '@coop/shared/policy';
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import { POLICY_SAVED_MESSAGE, policyView, updatePolicy } from './policy.service.js';

const tags = ['admin: policy'];

/** The cooperative's policy (issue 9 item 10; DESIGN §6). Admins only. */
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
        response: { 200: policyResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await updatePolicy(d, req.member, req.body),
        message: POLICY_SAVED_MESSAGE,
      })),
  );
};
