import {
  declareDividendSchema,
  dividendDeclarationListResponseSchema,
  dividendDeclarationResponseSchema,
  dividendListQuerySchema,
  dividendListResponseSchema,
  dividendPreviewRequestSchema,
  dividendPreviewResponseSchema,
  dividendRowsQuerySchema,
  dividendRowsResponseSchema,
  dividendYearParamsSchema,
  payDividendsRequestSchema,
} from '@coop/shared/dividends';
import { idempotencyHeadersSchema } from '@coop/shared/http';
import { OFFICER_JOB_STARTED_MESSAGES, officerJobResponseSchema } from '@coop/shared/jobs';
import { idempotently } from '../../lib/idempotency.js';
import { accepted, queueOfficerJob } from '../../lib/officer-jobs.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  declareDividendYear,
  dividendDeclaration,
  dividendDeclaredMessage,
  listDividendDeclarations,
  listDividendRows,
  listDividends,
  checkDividendPayment,
  previewDividend,
} from './dividends.service.js';

const tags = ['dividends'];

/** GET /users/dividends (docs/member-portal.md §7 Other lists). */
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
      // The session check rides on the page's statement (plugins/route-groups.ts).
      config: { sessionInPage: true },
    },
    async (req) => {
      const page = await listDividends(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );
};

const adminTags = ['admin: dividends'];

/**
 * The back office's dividends (docs/decisions/072-dividends-and-policy.md): preview, declare, pay,
 * list. Admins only.
 */
export const adminDividendRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags: adminTags,
        summary: 'Every declared year, newest first, with its totals and whether it is paid',
        response: { 200: dividendDeclarationListResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listDividendDeclarations(deps, req.member),
    }),
  );

  app.post(
    '/preview',
    {
      schema: {
        tags: adminTags,
        summary: 'What declaring a year at a rate would give each member; writes nothing',
        body: dividendPreviewRequestSchema,
        response: { 200: dividendPreviewResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await previewDividend(deps, req.member, req.body),
    }),
  );

  app.post(
    '/',
    {
      schema: {
        tags: adminTags,
        summary: 'Declares a year: one calculated row per member holding shares on 31 December',
        headers: idempotencyHeadersSchema,
        body: declareDividendSchema,
        response: { 200: dividendDeclarationResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => {
        const declaration = await declareDividendYear(d, req.member, req.body);
        return {
          success: true as const,
          data: declaration,
          message: dividendDeclaredMessage(declaration),
        };
      }),
  );

  app.get(
    '/:year',
    {
      schema: {
        tags: adminTags,
        summary: "One declared year's totals",
        params: dividendYearParamsSchema,
        response: { 200: dividendDeclarationResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await dividendDeclaration(deps, req.member, req.params.year),
    }),
  );

  app.get(
    '/:year/rows',
    {
      schema: {
        tags: adminTags,
        summary: "A declared year's members: share holding, amount, status",
        params: dividendYearParamsSchema,
        querystring: dividendRowsQuerySchema,
        response: { 200: dividendRowsResponseSchema },
      },
    },
    async (req) => {
      const page = await listDividendRows(deps, req.member, req.params.year, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );

  app.post(
    '/:year/pay',
    {
      schema: {
        tags: adminTags,
        summary:
          "Checks, then pays a declared year into members' savings through the ledger, once, as a job: 202 with the job and its status URL (Location)",
        headers: idempotencyHeadersSchema,
        params: dividendYearParamsSchema,
        body: payDividendsRequestSchema,
        response: { 202: officerJobResponseSchema },
      },
    },
    async (req, reply) =>
      accepted(
        reply,
        await idempotently(deps, req, reply.code(202), req.member, async (d) => {
          const { payment, unpaid } = await checkDividendPayment(
            d,
            req.member,
            req.params.year,
            req.body,
          );
          return {
            success: true as const,
            data: await queueOfficerJob(d, req.member, {
              kind: 'dividends.pay',
              input: payment,
              total: unpaid,
            }),
            message: OFFICER_JOB_STARTED_MESSAGES['dividends.pay'],
          };
        }),
      ),
  );
};
