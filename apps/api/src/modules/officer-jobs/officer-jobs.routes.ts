import { idParamsSchema } from '@coop/shared/http';
import { officerJobResponseSchema } from '@coop/shared/jobs';
import { officerJobStatus } from '../../lib/officer-jobs.js';
import type { RouteModule } from '../../plugins/route-groups.js';

/** Officer jobs' status (decision 101): state, progress, and the summary or refusal at the end. */
export const officerJobRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['admin: jobs'],
        summary:
          'A job you started (import, payroll posting, dividend payment): state, rows done of the total, and its summary or refusal',
        params: idParamsSchema,
        response: { 200: officerJobResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await officerJobStatus(deps, req.member, req.params.id),
    }),
  );
};
