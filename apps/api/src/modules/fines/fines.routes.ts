import { fineListQuerySchema, fineListResponseSchema } from '@coop/shared/fines';
import type { RouteModule } from '../../plugins/route-groups.js';
import { listFines } from './fines.service.js';

const tags = ['fines'];

/** GET /users/fines (spec §7 Other lists). */
export const fineRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The member's fines, by status (newest fine date first, 10 a page)",
        querystring: fineListQuerySchema,
        response: { 200: fineListResponseSchema },
      },
    },
    async (req) => {
      const page = await listFines(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );
};
