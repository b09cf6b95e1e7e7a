import { idempotencyHeadersSchema } from '@coop/shared/http';
import {
  payrollReconciliationQuerySchema,
  payrollReconciliationResponseSchema,
  payrollRemittanceResponseSchema,
  recordRemittanceSchema,
  remittanceListQuerySchema,
  remittanceListResponseSchema,
} from '@coop/shared/payroll-remittances';
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  listPayrollReconciliation,
  listRemittances,
  monthReconciliation,
  recordRemittance,
  remittanceRecordedMessage,
} from './remittances.service.js';

const tags = ['admin: payroll'];

/**
 * The employers' remittances and the payroll reconciliation
 * (docs/decisions/157-payroll-remittances.md). Officers only.
 */
export const payrollRemittanceRoutes: RouteModule = async (app, deps) => {
  app.post(
    '/remittances',
    {
      schema: {
        tags,
        summary:
          'Records money a payroll group paid over for a posted month, at most what is still outstanding; posts it from the payroll receivable to the bank',
        headers: idempotencyHeadersSchema,
        body: recordRemittanceSchema,
        response: { 201: payrollRemittanceResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply.code(201), req.member, async (d) => {
        const recorded = await recordRemittance(d, req.member, req.body);
        const month = await monthReconciliation(d, recorded.month, recorded.payrollGroup.code);
        return {
          success: true as const,
          data: recorded,
          message: remittanceRecordedMessage(recorded, month),
        };
      }),
  );

  app.get(
    '/remittances',
    {
      schema: {
        tags,
        summary: 'The remittances recorded, newest month first, by month and payroll group code',
        querystring: remittanceListQuerySchema,
        response: { 200: remittanceListResponseSchema },
      },
    },
    async (req) => {
      const page = await listRemittances(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.get(
    '/reconciliation',
    {
      schema: {
        tags,
        summary:
          'Per posted month and payroll group: deducted, remitted, outstanding and the state, newest month first',
        querystring: payrollReconciliationQuerySchema,
        response: { 200: payrollReconciliationResponseSchema },
      },
    },
    async (req) => {
      const page = await listPayrollReconciliation(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );
};
