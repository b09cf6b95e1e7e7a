import { csvUploadSchema } from '@coop/shared/csv-uploads';
import { payrollPostResponseSchema, payrollPreviewResponseSchema } from '@coop/shared/payroll';
import { idempotencyHeadersSchema } from '@coop/shared/http';
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import { payrollPostedMessage, postPayroll, previewPayroll } from './payroll.service.js';

const tags = ['admin: payroll'];

/** A CSV upload travels as base64 in JSON: 10 MB of file is about 13.4 MB of body. */
const CSV_UPLOAD_BODY_LIMIT_BYTES = 14 * 1024 * 1024;

/** The month's payroll deductions (issue 9 item 3). Admins only. */
export const payrollRoutes: RouteModule = async (app, deps) => {
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
        summary: 'Posts a payroll month: pending contributions, idempotent per member and month',
        headers: idempotencyHeadersSchema,
        body: csvUploadSchema,
        response: { 200: payrollPostResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => {
        const result = await postPayroll(d, req.member, req.body);
        return { success: true as const, data: result, message: payrollPostedMessage(result) };
      }),
  );
};
