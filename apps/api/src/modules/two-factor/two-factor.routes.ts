import { actionResponseSchema, apiErrorSchema } from '@coop/shared/http';
import {
  disableTwoFactorSchema,
  enableTwoFactorResponseSchema,
  enableTwoFactorSchema,
  resetTwoFactorParamsSchema,
  startTwoFactorSetupSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '@coop/shared/security';
import { PROPOSAL_MESSAGES } from '@coop/shared/proposals';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  proposeTwoFactorResetOfOfficer,
  resetTwoFactor,
  startTwoFactorSetup,
} from './two-factor.service.js';

const tags = ['security'];
const errors = { 400: apiErrorSchema, 409: apiErrorSchema };

/** /users/two-factor: the member's own second factor (member group). */
export const twoFactorRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Whether two-factor sign-in is on, and recovery codes left',
        response: { 200: twoFactorStatusResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getTwoFactorStatus(deps, req.member) }),
  );
  app.post(
    '/setup',
    {
      schema: {
        tags,
        summary:
          'With the current password: a new secret (QR code and text), pending until a code confirms it',
        body: startTwoFactorSetupSchema,
        response: { 200: twoFactorSetupResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await startTwoFactorSetup(deps, req.member, req.body),
    }),
  );
  app.post(
    '/enable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor on with a code from the app; answers 10 recovery codes, once',
        body: enableTwoFactorSchema,
        response: { 200: enableTwoFactorResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await enableTwoFactor(deps, req.member, req.body),
      message: 'Two-factor sign-in is on',
    }),
  );
  app.post(
    '/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor off: the password and a code (or a recovery code)',
        body: disableTwoFactorSchema,
        response: { 200: actionResponseSchema, ...errors },
      },
    },
    async (req) => {
      await disableTwoFactor(deps, req.member, req.body);
      return { success: true as const, message: 'Two-factor sign-in is off' };
    },
  );
};

/** /admin/users/:userId/two-factor/reset (admin group): for a member who lost phone and codes. */
export const twoFactorAdminRoutes: RouteModule = async (app, deps) => {
  app.post(
    '/:userId/two-factor/reset',
    {
      schema: {
        tags,
        summary: "Turn a member's two-factor sign-in off (audited)",
        params: resetTwoFactorParamsSchema,
        response: { 200: actionResponseSchema, 202: actionResponseSchema, 404: apiErrorSchema },
      },
    },
    async (req, reply) => {
      // An officer's reset waits for a second officer (docs/administrators.md "Approvals").
      if (await proposeTwoFactorResetOfOfficer(deps, req.member, req.params)) {
        void reply.code(202);
        return { success: true as const, message: PROPOSAL_MESSAGES.proposed };
      }
      await resetTwoFactor(deps, req.member, req.params);
      return { success: true as const, message: 'Two-factor sign-in has been reset' };
    },
  );
};
