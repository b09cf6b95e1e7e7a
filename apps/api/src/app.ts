import { officerJobRoutes } from './modules/officer-jobs/officer-jobs.routes.js';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { passwordChecks } from './lib/password-checks.js';
import cookie from '@fastify/cookie';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.js';
import { loggerOptions } from './config/logger.js';
import { OneLinePerRequest, readableLogStream } from './config/readable-log.js';
import type { Database } from './db/client.js';
import { systemClock, type Clock } from './lib/clock.js';
import { accessTokens } from './lib/access-token.js';
import { checkJsonTexts, responseSerializerCompiler } from './lib/response-serializer.js';
import { checkKeptReads } from './lib/member-read-cache.js';
import { checkListStatements } from './lib/list-query.js';
import { requestIdGenerator } from './lib/request-id.js';
import { metrics } from './plugins/metrics.js';
import type { Deps } from './deps.js';
import { answerClientError } from './plugins/client-error.js';
import { errorBody, errorHandler } from './plugins/error-handler.js';
import { inputGuard } from './plugins/input-guard.js';
import { drain } from './plugins/drain.js';
import { answerDeadline } from './plugins/answer-deadline.js';
import { FRAMEWORK_ERROR_HEADERS, securityHeaders } from './plugins/security.js';
import { apiDocs } from './plugins/api-docs.js';
import {
  adminRoutes,
  memberRoutes,
  publicRoutes,
  requestActor,
  reviewerRoutes,
  sessionRoutes,
} from './plugins/route-groups.js';
import { webApp } from './plugins/web-app.js';
import { systemRoutes } from './modules/system/system.routes.js';
import {
  changePasswordRoutes,
  checkEmailRoutes,
  currentUserRoutes,
  publicAuthRoutes,
  userPasswordRoutes,
} from './modules/auth/auth.routes.js';
import {
  notificationRoutes,
  textMessageAdminRoutes,
} from './modules/notifications/notifications.routes.js';
import {
  guaranteeRoutes,
  guarantorCandidateRoutes,
  loanReviewRoutes,
  loanRoutes,
  adminLoanRoutes,
} from './modules/loans/loans.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import {
  adminWithdrawalRoutes,
  withdrawalRoutes,
} from './modules/withdrawals/withdrawals.routes.js';
import { adminDividendRoutes, dividendRoutes } from './modules/dividends/dividends.routes.js';
import { adminFineRoutes, fineRoutes } from './modules/fines/fines.routes.js';
import { accountRoutes } from './modules/account/account.routes.js';
import {
  adminDepositNoticeRoutes,
  depositNoticeRoutes,
} from './modules/deposit-notices/deposit-notices.routes.js';
import { twoFactorAdminRoutes, twoFactorRoutes } from './modules/two-factor/two-factor.routes.js';
import { loginHistoryRoutes } from './modules/login-history/login-history.routes.js';
import {
  adminContributionRoutes,
  contributionRoutes,
} from './modules/contributions/contributions.routes.js';
import { adminMemberRoutes } from './modules/members/members.routes.js';
import { deductionRoutes, payrollRoutes } from './modules/payroll/payroll.routes.js';
import { memberImportInstructions } from './modules/payroll/deductions.service.js';
import { useMemberImportInstructions } from './modules/members/members.service.js';
import {
  changeRequestListRoutes,
  instructionListRoutes,
} from './modules/back-office/back-office.routes.js';
import { deductionMonthRoutes } from './modules/account/account.routes.js';
import { backOfficeRoutes } from './modules/back-office/back-office.routes.js';
import { adminPolicyRoutes } from './modules/policy/policy.routes.js';
import { adminApprovalRoutes } from './modules/approvals/approvals.routes.js';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  /** false silences request logs (tests). */
  logger?: boolean;
  /** Where the log goes instead of stdout (tests that read the log). */
  logStream?: NodeJS.WritableStream;
  /** The database pool's use, for the metrics (DatabaseHandle.activity). */
  databaseActivity?: () => Record<string, number | boolean>;
}

const BODY_LIMIT_BYTES = 100 * 1024;
/** The socket may stay silent a little longer than a request may take, so the 503 gets out. */
const CONNECTION_TIMEOUT_MARGIN_MS = 5_000;

/** Builds the whole HTTP application without listening, so tests drive it through `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  // The cap is the process's, as the CPU it shares out is (lib/password-checks.ts).
  passwordChecks.configure(config.passwordChecks);
  const readable = config.logFormat === 'readable';
  const logStream = readable ? readableLogStream(options.logStream) : options.logStream;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    // The readable log has one line per request instead of Fastify's two.
    ...(readable ? { logController: new OneLinePerRequest() } : {}),
    bodyLimit: BODY_LIMIT_BYTES,
    // A hop count trusts that many proxies nearest the server; a list, those addresses only.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Request ids unique across instances, or the trusted proxy's (lib/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy !== false),
    // No request without an end (docs/operations.md): receiving it is bounded here (408),
    // answering it by plugins/answer-deadline.ts (503), silence on the connection by both.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.requestMs + CONNECTION_TIMEOUT_MARGIN_MS,
    // plugins/drain.ts answers during shutdown, in the spec's error shape.
    return503OnClosing: false,
    // A URL Fastify cannot even decode (/assets/%c0%ae) answers in the spec's shape, with the
    // security headers, like every other error (decision 080).
    frameworkErrors: (_err, _req, reply: FastifyReply) => {
      void reply
        .status(400)
        .headers(FRAMEWORK_ERROR_HEADERS)
        .send(errorBody(400, 'BAD_REQUEST', 'The address is malformed'));
    },
    // A request Node cannot parse (bad header, headers over 16 KB) never reaches Fastify.
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by functions compiled from the shared response schemas; under test each
  // is also encoded by zod and must match (lib/response-serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler({ crossCheck: config.env === 'test' }));
  // Under test every request of a prepared list also builds its statement again and fails if it
  // differs from its shape's (lib/list-query.ts, decision 143).
  checkListStatements(config.env === 'test');
  // Under test every answer the database wrote is held to its route's schema, as zod writes it
  // (lib/response-serializer.ts `sendJsonText`, decision 165).
  checkJsonTexts(config.env === 'test');
  // Under test every kept member read is also computed fresh and must be the same text
  // (lib/member-read-cache.ts, decision 179).
  checkKeptReads(config.env === 'test');

  const deps: Deps = { config, db, clock, tokens: accessTokens(config.jwtSecret, clock) };
  // The members import checks its rows' payroll groups through the payroll module (jobs.ts
  // plugs it in the same way for the import's job).
  useMemberImportInstructions(memberImportInstructions);

  // Every answer names its request, so a member's report can be found in the log.
  app.addHook('onRequest', async (req, reply) => {
    void reply.header('x-request-id', req.id);
  });
  if (config.metricsPort === undefined) app.decorate('metricsAddress', () => null);
  else {
    await app.register(metrics, {
      port: config.metricsPort,
      host: config.host,
      db,
      ...(options.databaseActivity ? { databaseActivity: options.databaseActivity } : {}),
    });
  }
  await app.register(errorHandler);
  await app.register(drain);
  await app.register(answerDeadline, { timeoutMs: config.timeouts.requestMs });
  await app.register(securityHeaders, { webDistDir: config.webDistDir });
  await app.register(cookie);
  await app.register(apiDocs, { browsable: config.exposure.apiDocs });
  await app.register(requestActor);
  await app.register(inputGuard);

  // Modules, listed explicitly (no autoload), each inside the route group that says who may call
  // it (plugins/route-groups.ts); auth's calls span four groups, so it has four plugins.
  const api = (prefix: string) => ({ ...deps, prefix: `/api/v1${prefix}` });
  await app.register(publicRoutes(systemRoutes), deps);
  await app.register(publicRoutes(publicAuthRoutes), api('/auth'));
  await app.register(sessionRoutes(currentUserRoutes), api('/auth'));
  await app.register(memberRoutes(changePasswordRoutes), api('/auth'));
  await app.register(adminRoutes(checkEmailRoutes), api('/auth'));
  await app.register(memberRoutes(notificationRoutes), api('/users/notifications'));
  await app.register(memberRoutes(contributionRoutes), api('/users/contributions'));
  await app.register(memberRoutes(loanRoutes), api('/users/loans'));
  await app.register(reviewerRoutes(loanReviewRoutes), api('/users/loans'));
  await app.register(memberRoutes(guaranteeRoutes), api('/users/guarantees'));
  await app.register(memberRoutes(guarantorCandidateRoutes), api('/users/guarantor-candidates'));
  await app.register(memberRoutes(dashboardRoutes), api('/users/dashboard'));
  await app.register(memberRoutes(withdrawalRoutes), api('/users/withdrawals'));
  await app.register(memberRoutes(dividendRoutes), api('/users/dividends'));
  await app.register(memberRoutes(fineRoutes), api('/users/fines'));
  await app.register(memberRoutes(accountRoutes), api('/users'));
  await app.register(memberRoutes(userPasswordRoutes), api('/users'));
  await app.register(memberRoutes(depositNoticeRoutes), api('/users/deposit-notices'));
  await app.register(memberRoutes(deductionRoutes), api('/users/deductions'));
  await app.register(memberRoutes(deductionMonthRoutes), api('/users/deductions/months'));
  await app.register(memberRoutes(twoFactorRoutes), api('/users/two-factor'));
  await app.register(memberRoutes(loginHistoryRoutes), api('/users/login-history'));
  await app.register(adminRoutes(twoFactorAdminRoutes), api('/admin/users'));
  // The back office (docs/decisions/070-back-office.md): administrators only.
  await app.register(adminRoutes(backOfficeRoutes), api('/admin'));
  await app.register(adminRoutes(adminMemberRoutes), api('/admin/users'));
  await app.register(adminRoutes(payrollRoutes), api('/admin/payroll'));
  await app.register(adminRoutes(instructionListRoutes), api('/admin/payroll/instructions'));
  await app.register(adminRoutes(changeRequestListRoutes), api('/admin/payroll/change-requests'));
  await app.register(adminRoutes(adminContributionRoutes), api('/admin/contributions'));
  await app.register(adminRoutes(adminDividendRoutes), api('/admin/dividends'));
  await app.register(adminRoutes(adminPolicyRoutes), api('/admin/policy'));
  await app.register(adminRoutes(adminApprovalRoutes), api('/admin/proposals'));
  await app.register(adminRoutes(adminWithdrawalRoutes), api('/admin/withdrawals'));
  await app.register(adminRoutes(adminDepositNoticeRoutes), api('/admin/deposit-notices'));
  await app.register(adminRoutes(adminFineRoutes), api('/admin/fines'));
  await app.register(adminRoutes(adminLoanRoutes), api('/admin/loans'));
  await app.register(adminRoutes(officerJobRoutes), api('/admin/jobs'));
  await app.register(adminRoutes(textMessageAdminRoutes), api('/admin/text-messages'));

  await app.register(webApp, { distDir: config.webDistDir });
  return app;
}
