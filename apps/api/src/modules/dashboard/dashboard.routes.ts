import { dashboardResponseSchema } from '@coop/shared/dashboard';
import type { RouteModule } from '../../plugins/route-groups.js';
import { getDashboard } from './dashboard.service.js';

const tags = ['dashboard'];

/** GET /users/dashboard (docs/member-portal.md §7): the dashboard's three widgets in one call. */
export const dashboardRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Financial summary, the newest 10 movements and pending actions',
        response: { 200: dashboardResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getDashboard(deps, req.member) }),
  );
};
