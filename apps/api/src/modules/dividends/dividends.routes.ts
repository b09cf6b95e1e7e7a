import { dividendListQuerySchema, dividendListResponseSchema } from '@coop/shared/dividends';
import type { RouteModule } from '../../plugins/route-groups.js';
import { listDividends } from './dividends.service.js';

const tags = ['dividends'];

/** GET /users/dividends (spec §7 Other lists). */
export const dividendRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The member's dividends (latest payment first, 10 a page)",
        querystring: dividendListQuerySchema,
        response: { 200: dividendListResponseSchema },
      },
    },
    async (req) => {
      const page = await listDividends(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );
};
