import {
  loginHistoryQuerySchema,
  loginHistoryResponseSchema,
  signOutOthersResponseSchema,
  signOutOthersSchema,
} from '@coop/shared/security';
import { apiErrorSchema } from '@coop/shared/http';
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
      // The session check rides on the page's statement (plugins/route-groups.ts).
      config: { sessionInPage: true },
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
        summary: 'With the current password: end every other sign-in of the member at once',
        body: signOutOthersSchema,
        response: { 200: signOutOthersResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await signOutOtherSessions(deps, req.member, req.body),
    }),
  );
};
