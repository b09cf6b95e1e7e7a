import type { FastifyReply } from 'fastify';
import { idempotencyHeadersSchema, idParamsSchema } from '@coop/shared/http';
import {
  generateSchedulesResponseSchema,
  generateSchedulesSchema,
  scheduleDetailResponseSchema,
  scheduleLineListQuerySchema,
  scheduleLineListResponseSchema,
  scheduleListQuerySchema,
  scheduleListResponseSchema,
} from '@coop/shared/payroll-schedules';
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  generateSchedules,
  getSchedule,
  listScheduleLines,
  listSchedules,
  scheduleCsv,
  schedulePdf,
} from './payroll-schedules.service.js';

const tags = ['admin: payroll'];

function attachment(reply: FastifyReply, type: string, fileName: string) {
  void reply.type(type).header('content-disposition', `attachment; filename="${fileName}"`);
}

/**
 * The deduction schedule out (docs/decisions/150-payroll-cycle.md): registered under the payroll
 * routes, so it is in the same admin group; each route's permission is in route-permissions.ts.
 */
export const payrollScheduleRoutes: RouteModule = async (app, deps) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        summary:
          'Generates a new version of the month’s schedule for one payroll group or every group; refused once the month is posted for the group; idempotent',
        headers: idempotencyHeadersSchema,
        body: generateSchedulesSchema,
        response: { 201: generateSchedulesResponseSchema },
      },
    },
    async (req, reply) =>
      idempotently(deps, req, reply.code(201), req.member, async (d) => {
        const { result, message } = await generateSchedules(d, req.member, req.body);
        return { success: true as const, data: result, message };
      }),
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Each payroll group’s latest schedule of the month, with totals and counts',
        querystring: scheduleListQuerySchema,
        response: { 200: scheduleListResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await listSchedules(deps, req.query) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One schedule version, what it is compared with, and its changes in words',
        params: idParamsSchema,
        response: { 200: scheduleDetailResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getSchedule(deps, req.params) }),
  );

  app.get(
    '/:id/lines',
    {
      schema: {
        tags,
        summary: 'A page of one schedule version’s lines, searched and sorted',
        params: idParamsSchema,
        querystring: scheduleLineListQuerySchema,
        response: { 200: scheduleLineListResponseSchema },
      },
    },
    async (req) => {
      const page = await listScheduleLines(deps, req.params, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.get(
    '/:id/export.csv',
    {
      schema: {
        tags,
        summary: 'The schedule as the CSV the payroll import reads back (amounts in naira)',
        params: idParamsSchema,
      },
    },
    async (req, reply) => {
      const { fileName, csv } = await scheduleCsv(deps, req.member, req.params);
      attachment(reply, 'text/csv; charset=utf-8', fileName);
      return csv;
    },
  );

  app.get(
    '/:id/export.pdf',
    {
      schema: {
        tags,
        summary: 'The schedule as a PDF with totals and a signature block',
        params: idParamsSchema,
      },
    },
    async (req, reply) => {
      const { fileName, pdf } = await schedulePdf(deps, req.member, req.params);
      attachment(reply, 'application/pdf', fileName);
      return pdf;
    },
  );
};
