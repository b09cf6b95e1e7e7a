import {
  loginHistoryQuerySchema,
  loginHistoryResponseSchema,
  signOutOthersResponseSchema,
} from '@coop/shared/security';
import type { RouteModule } from '../../plugins/route-groups.js';
import { listLoginHistory, signOutOtherSessions } from './login-history.service.js';

const tags = ['security'];

/** GET /users/login-history and POST /users/login-history/sign-out-others (member group). */
export const loginHistoryRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The member's last 50 sign-in events, newest first",
        querystring: loginHistoryQuerySchema,
        response: { 200: loginHistoryResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await listLoginHistory(deps, req.member, req.query)),
    }),
  );

  app.post(
    '/sign-out-others',
    {
      schema: {
        tags,
        summary: 'End every other sign-in of the member at once',
        response: { 200: signOutOthersResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await signOutOtherSessions(deps, req.member) }),
  );
};
