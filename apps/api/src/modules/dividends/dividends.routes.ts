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
import { idempotently } from '../../lib/idempotency.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  declareDividendYear,
  dividendDeclaration,
  dividendDeclaredMessage,
  dividendPaidMessage,
  listDividendDeclarations,
  listDividendRows,
  listDividends,
  payDividendYear,
  previewDividend,
} from './dividends.service.js';

const tags = ['dividends'];

/** GET /users/dividends (spec §7 Other lists). */
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
    },
    async (req) => {
      const page = await listDividends(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );
};

const adminTags = ['admin: dividends'];

/** The back office's dividends (issue 9 item 8): preview, declare, pay, list. Admins only. */
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
        summary: "Pays a declared year into members' savings through the ledger, once",
        headers: idempotencyHeadersSchema,
        params: dividendYearParamsSchema,
        body: payDividendsRequestSchema,
        response: { 200: dividendDeclarationResponseSchema },
      },
    },
    (req, reply) =>
      idempotently(deps, req, reply, req.member, async (d) => {
        const declaration = await payDividendYear(d, req.member, req.params.year, req.body);
        return {
          success: true as const,
          data: declaration,
          message: dividendPaidMessage(declaration),
        };
      }),
  );
};
