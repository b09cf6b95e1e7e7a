import { dashboardResponseSchema, savingsHistoryResponseSchema } from '@coop/shared/dashboard';
import { sendJsonText } from '../../lib/response-serializer.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import { dashboardAnswer, getSavingsHistory } from './dashboard.service.js';

const tags = ['dashboard'];

/** GET /users/dashboard (docs/member-portal.md §7): the dashboard's three widgets in one call. */
export const dashboardRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      // The session check rides on the dashboard's statement (decisions 108 and 172), the kept
      // answer's when it holds (decision 179); the answer is JSON text, sent as it is.
      config: { sessionInPage: true },
      schema: {
        tags,
        summary: 'Financial summary, the newest 10 movements and pending actions',
        response: { 200: dashboardResponseSchema },
      },
    },
    async (req, reply) => {
      await sendJsonText(req, reply, await dashboardAnswer(deps, req.member));
    },
  );

  app.get(
    '/savings-history',
    {
      schema: {
        tags,
        summary: 'Savings and share holding at the end of each of the last 12 months (naira)',
        response: { 200: savingsHistoryResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getSavingsHistory(deps, req.member),
    }),
  );
};
