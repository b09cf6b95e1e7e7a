import { auditListQuerySchema, auditListResponseSchema } from '@coop/shared/audit';
import {
  adminOverviewResponseSchema,
  reconciliationQuerySchema,
  reconciliationResponseSchema,
} from '@coop/shared/back-office';
import { adminMemberDetailResponseSchema } from '@coop/shared/members';
import { idParamsSchema } from '@coop/shared/http';
import {
  statementVerificationQuerySchema,
  statementVerificationResponseSchema,
} from '@coop/shared/statement-verification';
import type { FastifyReply } from 'fastify';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  exportAuditCsv,
  exportReconciliationCsv,
  exportReconciliationPdf,
  getMemberRecord,
  getOverview,
  getReconciliation,
  listAudit,
} from './back-office.service.js';
import { verifyStatement } from './statement-verification.service.js';
import {
  adminChangeRequestListQuerySchema,
  adminChangeRequestListResponseSchema,
  instructionListQuerySchema,
  instructionListResponseSchema,
} from '@coop/shared/deductions';
import { listChangeRequests, listInstructions } from './deductions-lists.service.js';

const tags = ['admin'];

function csvFile(reply: FastifyReply, name: string, csv: string): string {
  void reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`);
  return csv;
}

/** The back office's overview, member record, audit log and reconciliation. Admins only. */
export const backOfficeRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/overview',
    {
      schema: {
        tags,
        summary: 'Members, money under management, this month’s deductions and the queues',
        response: { 200: adminOverviewResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getOverview(deps, req.member) }),
  );

  app.get(
    '/users/:id/record',
    {
      schema: {
        tags,
        summary: 'A member’s balances, contributions, loans, guarantees, withdrawals, fines, audit',
        params: idParamsSchema,
        response: { 200: adminMemberDetailResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getMemberRecord(deps, req.member, req.params),
    }),
  );

  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary: 'The audit trail, newest first: by actor, action, entity and time',
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema },
      },
    },
    async (req) => {
      const page = await listAudit(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.get(
    '/audit/export.csv',
    {
      schema: {
        tags,
        summary: 'The filtered audit trail as CSV (at most 50,000 rows)',
        querystring: auditListQuerySchema,
      },
    },
    async (req, reply) =>
      csvFile(reply, 'audit-log.csv', await exportAuditCsv(deps, req.member, req.query)),
  );

  app.get(
    '/reconciliation',
    {
      schema: {
        tags,
        summary: 'Trial balance, members’ projections against the ledger, money in and out',
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getReconciliation(deps, req.member, req.query),
    }),
  );

  app.get(
    '/reconciliation/export.csv',
    {
      schema: {
        tags,
        summary: 'The reconciliation as CSV, exact to the kobo',
        querystring: reconciliationQuerySchema,
      },
    },
    async (req, reply) =>
      csvFile(
        reply,
        'reconciliation.csv',
        await exportReconciliationCsv(deps, req.member, req.query),
      ),
  );

  app.get(
    '/reconciliation/export.pdf',
    {
      schema: {
        tags,
        summary: 'The reconciliation as PDF, for the auditor',
        querystring: reconciliationQuerySchema,
      },
    },
    async (req, reply) => {
      const pdf = await exportReconciliationPdf(deps, req.member, req.query);
      void reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="reconciliation.pdf"');
      return pdf;
    },
  );

  app.get(
    '/statements/verify',
    {
      schema: {
        tags,
        summary: 'What a statement’s verification code certifies: member, period, balances',
        querystring: statementVerificationQuerySchema,
        response: { 200: statementVerificationResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await verifyStatement(deps, req.member, req.query.code),
    }),
  );
};

const payrollTags = ['admin: payroll'];

/** GET /admin/payroll/instructions (one member's, and setting it: modules/payroll). */
export const instructionListRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags: payrollTags,
        summary: 'Members with the deduction instruction in effect this month; group and search',
        querystring: instructionListQuerySchema,
        response: { 200: instructionListResponseSchema },
      },
    },
    async (req) => {
      const page = await listInstructions(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );
};

/** GET /admin/payroll/change-requests (approving and rejecting: modules/payroll). */
export const changeRequestListRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags: payrollTags,
        summary: "Members' deduction change requests, oldest first; status and search",
        querystring: adminChangeRequestListQuerySchema,
        response: { 200: adminChangeRequestListResponseSchema },
      },
    },
    async (req) => {
      const page = await listChangeRequests(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );
};
