import { csvUploadSchema } from '@coop/shared/csv-uploads';
import { payrollPreviewResponseSchema } from '@coop/shared/payroll';
import { OFFICER_JOB_STARTED_MESSAGES, officerJobResponseSchema } from '@coop/shared/jobs';
import { idempotencyHeadersSchema } from '@coop/shared/http';
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import { accepted, queueOfficerJob } from '../../lib/officer-jobs.js';
import { checkPayroll, previewPayroll } from './payroll.service.js';
import { payrollRemittanceRoutes } from './remittances.routes.js';
import { payrollScheduleRoutes } from './payroll-schedules.routes.js';
import { deductionAdminRoutes } from './deductions.routes.js';

// The member's payroll deductions, registered by app.ts under /users/deductions.
export { deductionRoutes } from './deductions.routes.js';

const tags = ['admin: payroll'];

/** A CSV upload travels as base64 in JSON: 10 MB of file is about 13.4 MB of body. */
const CSV_UPLOAD_BODY_LIMIT_BYTES = 14 * 1024 * 1024;

/** The month's payroll deductions (docs/decisions/070-back-office.md). Admins only. */
export const payrollRoutes: RouteModule = async (app, deps) => {
  // The deduction schedule out, in the same admin group (docs/decisions/150-payroll-cycle.md).
  await app.register(payrollScheduleRoutes, { ...deps, prefix: '/schedules' });

  app.post(
    '/preview',
    {
      bodyLimit: CSV_UPLOAD_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: 'Checks a payroll CSV: totals, rows per member, errors; writes nothing',
        body: csvUploadSchema,
        response: { 200: payrollPreviewResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await previewPayroll(deps, req.member, req.body),
    }),
  );

  app.post(
    '/',
    {
      bodyLimit: CSV_UPLOAD_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary:
          'Checks a payroll CSV (refused row by row), then posts the month as a job: 202 with the job and its status URL (Location); idempotent per member and month',
        headers: idempotencyHeadersSchema,
        body: csvUploadSchema,
        response: { 202: officerJobResponseSchema },
      },
    },
    async (req, reply) =>
      accepted(
        reply,
        await idempotently(deps, req, reply.code(202), req.member, async (d) => {
          const total = await checkPayroll(d, req.member, req.body);
          return {
            success: true as const,
            data: await queueOfficerJob(d, req.member, {
              kind: 'payroll.post',
              input: req.body,
              total,
            }),
            message: OFFICER_JOB_STARTED_MESSAGES['payroll.post'],
          };
        }),
      ),
  );

  // The employers' remittances and the reconciliation of the months (decision 157).
  await payrollRemittanceRoutes(app, deps);
  // Payroll groups, deduction instructions and change requests (decision 151).
  await deductionAdminRoutes(app, deps);
};
