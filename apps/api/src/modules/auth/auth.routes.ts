import { AUTH_MESSAGES } from '@coop/shared/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currentUserResponseSchema,
  activateAccountSchema,
  activationTokenParamsSchema,
  changePasswordSchema,
  checkEmailQuerySchema,
  forgotPasswordSchema,
  loginResponseSchema,
  loginSchema,
  refreshTokenBodySchema,
  resetPasswordSchema,
  verifyActivationResponseSchema,
} from '@coop/shared/auth';
import { actionResponseSchema, apiErrorSchema, successEnvelope } from '@coop/shared/http';
import type { AppContext } from '../../app-context.js';
import { toUser } from '../members/member-view.js';
import { isEmailInUse, login, logout, refreshSession } from './auth.service.js';
import { activateAccount, verifyActivationToken } from './activation.service.js';
import {
  changePassword,
  forgotPassword,
  PASSWORD_RESET_MESSAGE,
  resetPassword,
} from './password.service.js';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  429: apiErrorSchema,
};

/** Fastify hands a missing body to the validator as null: no body and `{}` both mean "use the cookie". */
const optionalRefreshBody = refreshTokenBodySchema;

const meta = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
});

/** The ten auth calls of spec §7 with the rules of DESIGN §5 (docs/decisions/020-auth-rules.md). */
export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { config, clock } = ctx;

  // POST /refresh and /logout carry no body in most clients, some of which still send
  // `Content-Type: application/json`: an empty JSON body means "no body" here, not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    parseJson(req, body as string, done);
  });

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail, phone number or membership ID',
        body: loginSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const signedIn = await login(ctx, req.body, meta(req));
      setRefreshCookie(reply, config, signedIn.session, clock.now());
      return {
        success: true as const,
        data: { accessToken: signedIn.accessToken, user: signedIn.user },
      };
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticateAllowSuspended,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (answers suspended members too)',
        security: [{ bearerAuth: [] }],
        response: { 200: currentUserResponseSchema, 401: apiErrorSchema },
      },
    },
    async (req) => ({ success: true as const, data: toUser(req.user) }),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the refresh token family and clears the cookie',
        body: optionalRefreshBody,
        response: { 200: actionResponseSchema, 400: apiErrorSchema },
      },
    },
    async (req, reply) => {
      await logout(ctx, req.body?.refreshToken ?? refreshCookieOf(req), meta(req));
      clearRefreshCookie(reply, config);
      return { success: true as const, message: 'Logged out successfully' };
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'A new access token for the refresh cookie (or body refreshToken), rotated',
        body: optionalRefreshBody,
        response: {
          200: successEnvelope(
            z.object({ accessToken: z.string(), refreshToken: z.string().optional() }),
          ),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const fromBody = req.body?.refreshToken;
      try {
        const refreshed = await refreshSession(ctx, fromBody ?? refreshCookieOf(req), meta(req));
        setRefreshCookie(reply, config, refreshed.session, clock.now());
        return {
          success: true as const,
          data: {
            accessToken: refreshed.accessToken,
            // Body-based clients cannot read the httpOnly cookie: they get the successor here.
            ...(fromBody ? { refreshToken: refreshed.session.refreshToken } : {}),
          },
        };
      } catch (err) {
        clearRefreshCookie(reply, config);
        throw err;
      }
    },
  );

  app.post(
    '/change-password',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change the password: every other device is signed out, this one stays',
        security: [{ bearerAuth: [] }],
        body: changePasswordSchema,
        response: { 200: successEnvelope(z.object({ accessToken: z.string() })), ...errors },
      },
    },
    async (req, reply) => {
      const changed = await changePassword(ctx, req.user.id, req.body, meta(req));
      setRefreshCookie(reply, config, changed.session, clock.now());
      return {
        success: true as const,
        data: { accessToken: changed.accessToken },
        message: 'Password changed successfully',
      };
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link (same answer whether or not the address exists)',
        body: forgotPasswordSchema,
        response: { 200: actionResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (req) => {
      await forgotPassword(ctx, req.body, meta(req));
      return { success: true as const, message: AUTH_MESSAGES.resetLinkSent };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from a reset link; all sessions end',
        body: resetPasswordSchema,
        response: { 200: actionResponseSchema, 400: apiErrorSchema },
      },
    },
    async (req) => {
      await resetPassword(ctx, req.body, meta(req));
      return { success: true as const, message: PASSWORD_RESET_MESSAGE };
    },
  );

  app.get(
    '/verify-activation/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who an activation link belongs to',
        params: activationTokenParamsSchema,
        response: { 200: verifyActivationResponseSchema, 400: apiErrorSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: { user: await verifyActivationToken(ctx.db, ctx, req.params.token) },
    }),
  );

  app.post(
    '/activate-account',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set the first password from an activation link and sign in',
        body: activateAccountSchema,
        response: { 200: loginResponseSchema, 400: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const { user, session } = await activateAccount(ctx.db, ctx, req.body, meta(req));
      setRefreshCookie(reply, config, session, clock.now());
      return {
        success: true as const,
        data: { accessToken: await ctx.tokens.sign(user.id), user },
        message: 'Account activated successfully',
      };
    },
  );

  app.get(
    '/check-email',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['auth'],
        summary: 'Whether an e-mail address is in use (admins only)',
        security: [{ bearerAuth: [] }],
        querystring: checkEmailQuerySchema,
        response: {
          200: successEnvelope(z.object({ email: z.string(), exists: z.boolean() })),
          ...errors,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: { email: req.query.email, exists: await isEmailInUse(ctx, req.query.email) },
    }),
  );
};
