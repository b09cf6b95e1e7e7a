import { z } from 'zod';
import {
  adminChangeRequestResponseSchema,
  adminInstructionDetailResponseSchema,
  changeRequestInputSchema,
  changeRequestResponseSchema,
  createPayrollGroupSchema,
  DEDUCTION_MESSAGES,
  myDeductionsResponseSchema,
  payrollGroupListResponseSchema,
  payrollGroupResponseSchema,
  rejectChangeRequestSchema,
  renamePayrollGroupSchema,
  setInstructionSchema,
} from '@coop/shared/deductions';
import { idempotencyHeadersSchema, idParamsSchema, idSchema } from '@coop/shared/http';
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  approveDeductionChange,
  cancelDeductionChange,
  createPayrollGroup,
  getMemberInstruction,
  getMyDeductions,
  listPayrollGroups,
  rejectDeductionChange,
  renamePayrollGroup,
  requestDeductionChange,
  setMemberInstruction,
} from './deductions.service.js';

const adminTags = ['admin: payroll'];
const userParamsSchema = z.object({ userId: idSchema });

/**
 * Payroll groups, members' deduction instructions and the decisions on members' change requests
 * (docs/decisions/151-deduction-instructions-as-history.md), under /admin/payroll. The lists of
 * instructions and of change requests search members by name: back-office read models.
 */
export const deductionAdminRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/groups',
    {
      schema: {
        tags: adminTags,
        summary: 'Every payroll group by code, with its members this month',
        response: { 200: payrollGroupListResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await listPayrollGroups(deps, req.member) }),
  );

  app.post(
    '/groups',
    {
      schema: {
        tags: adminTags,
        summary: 'Adds a payroll group (its code is unique)',
        headers: idempotencyHeadersSchema,
        body: createPayrollGroupSchema,
        response: { 201: payrollGroupResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply.code(201), req.member, async (d) => ({
        success: true as const,
        data: await createPayrollGroup(d, req.member, req.body),
        message: DEDUCTION_MESSAGES.groupCreated,
      })),
  );

  app.put(
    '/groups/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'Renames a payroll group; its code stays',
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: renamePayrollGroupSchema,
        response: { 200: payrollGroupResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await renamePayrollGroup(d, req.member, { ...req.params, ...req.body }),
        message: DEDUCTION_MESSAGES.groupRenamed,
      })),
  );

  app.get(
    '/instructions/:userId',
    {
      schema: {
        tags: adminTags,
        summary: "One member's instruction, its history and their open change request",
        params: userParamsSchema,
        response: { 200: adminInstructionDetailResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getMemberInstruction(deps, req.member, req.params),
    }),
  );

  app.put(
    '/instructions/:userId',
    {
      schema: {
        tags: adminTags,
        summary: "Sets a member's instruction from a month (a new row of its history)",
        headers: idempotencyHeadersSchema,
        params: userParamsSchema,
        body: setInstructionSchema,
        response: { 200: adminInstructionDetailResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await setMemberInstruction(d, req.member, { ...req.params, ...req.body }),
        message: DEDUCTION_MESSAGES.instructionSaved,
      })),
  );

  app.post(
    '/change-requests/:id/approve',
    {
      schema: {
        tags: adminTags,
        summary: "Approves a member's change: writes their new instruction; never one's own",
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        response: { 200: adminChangeRequestResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await approveDeductionChange(d, req.member, req.params),
        message: DEDUCTION_MESSAGES.approved,
      })),
  );

  app.post(
    '/change-requests/:id/reject',
    {
      schema: {
        tags: adminTags,
        summary: "Rejects a member's change with a reason they are told; never one's own",
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: rejectChangeRequestSchema,
        response: { 200: adminChangeRequestResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await rejectDeductionChange(d, req.member, { ...req.params, ...req.body }),
        message: DEDUCTION_MESSAGES.rejected,
      })),
  );
};

const tags = ['deductions'];

/** The member's payroll deductions: the instruction and change requests (months: account). */
export const deductionRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The member's instruction, its history, recent change requests and the terms",
        response: { 200: myDeductionsResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getMyDeductions(deps, req.member) }),
  );

  app.post(
    '/change-requests',
    {
      schema: {
        tags,
        summary:
          'Asks for new monthly amounts: approved at once within the policy’s limit, else pending',
        headers: idempotencyHeadersSchema,
        body: changeRequestInputSchema,
        response: { 201: changeRequestResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply.code(201), req.member, async (d) => {
        const request = await requestDeductionChange(d, req.member, req.body);
        return {
          success: true as const,
          data: request,
          message: request.autoApproved
            ? DEDUCTION_MESSAGES.changeApprovedByPolicy
            : DEDUCTION_MESSAGES.changeRequested,
        };
      }),
  );

  app.post(
    '/change-requests/:id/cancel',
    {
      schema: {
        tags,
        summary: "Cancels the member's open change request",
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        response: { 200: changeRequestResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => ({
        success: true as const,
        data: await cancelDeductionChange(d, req.member, req.params),
        message: DEDUCTION_MESSAGES.changeCancelled,
      })),
  );
};
