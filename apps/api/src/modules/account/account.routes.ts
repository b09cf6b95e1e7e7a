import {
  profileResponseSchema,
  profileUpdateSchema,
  dataExportQuerySchema,
} from '@coop/shared/users';
import { userSettingsResponseSchema, userSettingsUpdateSchema } from '@coop/shared/settings';
import {
  statementDownloadQuerySchema,
  statementQuerySchema,
  statementResponseSchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
} from '@coop/shared/transactions';
import type { FastifyReply } from 'fastify';
import type { RouteModule } from '../../plugins/route-groups.js';
import { exportMemberData } from './data-export.service.js';
import { getProfile, updateProfile } from './profile.service.js';
import { getSettings, updateSettings } from './settings.service.js';
import {
  downloadStatement,
  getStatement,
  listTransactions,
  type DownloadFile,
} from './statements.service.js';
import {
  deductionMonthListQuerySchema,
  deductionMonthListResponseSchema,
} from '@coop/shared/deductions';
import { listMyDeductionMonths } from './deduction-months.service.js';

const tags = ['account'];

/** A file the browser saves under its name; never cached (it is personal data). */
function sendFile(reply: FastifyReply, file: DownloadFile) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

/**
 * The member's own account under /users (docs/member-portal.md §7; docs/business-rules.md):
 * profile, settings, transaction history, statements and the data export. PUT
 * /users/change-password lives with the auth module (auth.routes.ts), which owns the refresh cookie
 * it renews.
 */
export const accountRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/profile',
    {
      schema: {
        tags,
        summary: 'The signed-in member’s profile',
        response: { 200: profileResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getProfile(deps, req.member) }),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags,
        summary:
          'With the current password: changes the member’s phone number (name, e-mail and membership ID change through the administrator)',
        body: profileUpdateSchema,
        response: { 200: profileResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await updateProfile(deps, req.member, req.body),
      message: 'Profile updated successfully',
    }),
  );

  app.get(
    '/settings',
    {
      schema: {
        tags,
        summary: 'The member’s settings (defaults until saved; darkMode null until chosen)',
        response: { 200: userSettingsResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getSettings(deps, req.member) }),
  );

  app.put(
    '/settings',
    {
      schema: {
        tags,
        summary: 'Changes the settings sent; the others stay',
        body: userSettingsUpdateSchema,
        response: { 200: userSettingsResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await updateSettings(deps, req.member, req.body),
      message: 'Settings saved successfully',
    }),
  );

  app.get(
    '/transactions',
    {
      schema: {
        tags,
        summary:
          'The member’s ledger movements with running balances, filtered by date range, type and account',
        querystring: transactionListQuerySchema,
        response: { 200: transactionListResponseSchema },
      },
    },
    async (req) => {
      const page = await listTransactions(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.get(
    '/statement',
    {
      schema: {
        tags,
        summary: 'The statement of a period: opening and closing balances and every movement',
        querystring: statementQuerySchema,
        response: { 200: statementResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getStatement(deps, req.member, req.query),
    }),
  );

  app.get(
    '/statement/download',
    {
      schema: {
        tags,
        summary: 'The statement of a period as a CSV or PDF file',
        querystring: statementDownloadQuerySchema,
      },
    },
    async (req, reply) => sendFile(reply, await downloadStatement(deps, req.member, req.query)),
  );

  app.get(
    '/export/data',
    {
      schema: {
        tags,
        summary: 'Everything the portal holds about the member, as JSON or CSV',
        querystring: dataExportQuerySchema,
      },
    },
    async (req, reply) => sendFile(reply, await exportMemberData(deps, req.member, req.query)),
  );
};

/** GET /users/deductions/months (the rest of /users/deductions: modules/payroll). */
export const deductionMonthRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      // The session check rides on the page's statement (plugins/route-groups.ts).
      config: { sessionInPage: true },
      schema: {
        tags: ['deductions'],
        summary: 'Each posted payroll month: expected, deducted, difference, remittance',
        querystring: deductionMonthListQuerySchema,
        response: { 200: deductionMonthListResponseSchema },
      },
    },
    async (req) => {
      const page = await listMyDeductionMonths(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );
};
