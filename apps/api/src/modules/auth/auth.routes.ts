import type { FastifyReply } from 'fastify';
import { AUTH_MESSAGES } from '@coop/shared/messages';
import {
  type ChangePasswordInput,
  activateAccountResponseSchema,
  activateAccountSchema,
  changePasswordResponseSchema,
  changePasswordSchema,
  checkEmailQuerySchema,
  checkEmailResponseSchema,
  currentUserResponseSchema,
  forgotPasswordSchema,
  loginResponseSchema,
  loginSchema,
  refreshResponseSchema,
  refreshTokenBodySchema,
  resetPasswordSchema,
  verifyActivationResponseSchema,
  verifyActivationRequestSchema,
} from '@coop/shared/auth';
import { actionResponseSchema, apiErrorSchema } from '@coop/shared/http';
import { twoFactorLoginSchema } from '@coop/shared/security';
import type { RouteModule } from '../../plugins/route-groups.js';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { toUser } from '../../lib/user-view.js';
import {
  checkEmail,
  login,
  loginWithSecondFactor,
  logout,
  refreshSession,
} from './auth.service.js';
import { activateAccount, verifyActivationToken } from './activation.service.js';
import {
  changePassword,
  forgotPassword,
  PASSWORD_RESET_MESSAGE,
  resetPassword,
} from './password.service.js';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie.js';
import { knownDeviceOf, setDeviceCookie } from './device-cookie.js';

const tags = ['auth'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  429: apiErrorSchema,
};

// The auth calls of docs/member-portal.md §7 with the rules of docs/security.md
// (docs/decisions/020-auth-rules.md), in four plugins because they span four route groups; app.ts
// registers each in its group under /auth (and userPasswordRoutes under /users).

/** Sign-in, token links, refresh and logout: no bearer token needed (publicRoutes). */
export const publicAuthRoutes: RouteModule = async (app, deps) => {
  const { config, clock } = deps;

  // POST /refresh and /logout carry no body in most clients, some of which still send
  // `Content-Type: application/json`: an empty JSON body means "no body" here, not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    void parseJson(req, body as string, done);
  });

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail, phone number or membership ID',
        body: loginSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const knownDevice = knownDeviceOf(req, config);
      const signedIn = await login(deps, req.actor, req.body, { knownDevice });
      if ('twoFactorRequired' in signedIn) return { success: true as const, data: signedIn };
      setRefreshCookie(reply, config, signedIn.session, clock.now());
      setDeviceCookie(reply, config, signedIn.user.id, knownDevice);
      return {
        success: true as const,
        data: { accessToken: signedIn.accessToken, user: signedIn.user },
      };
    },
  );

  app.post(
    '/login/two-factor',
    {
      schema: {
        tags,
        summary: 'Second step of a two-factor sign-in: the 6-digit code or a recovery code',
        body: twoFactorLoginSchema,
        response: { 200: activateAccountResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const knownDevice = knownDeviceOf(req, config);
      const signedIn = await loginWithSecondFactor(deps, req.actor, req.body, { knownDevice });
      setRefreshCookie(reply, config, signedIn.session, clock.now());
      setDeviceCookie(reply, config, signedIn.user.id, knownDevice);
      return {
        success: true as const,
        data: { accessToken: signedIn.accessToken, user: signedIn.user },
      };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: revokes the refresh token family and clears the cookie',
        body: refreshTokenBodySchema,
        response: { 200: actionResponseSchema, 400: apiErrorSchema },
      },
    },
    async (req, reply) => {
      await logout(deps, req.actor, {
        refreshToken: req.body?.refreshToken ?? refreshCookieOf(req, config),
      });
      clearRefreshCookie(reply, config);
      return { success: true as const, message: 'Logged out successfully' };
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags,
        summary: 'A new access token for the refresh cookie (or body refreshToken), rotated',
        body: refreshTokenBodySchema,
        response: { 200: refreshResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const fromBody = req.body?.refreshToken;
      try {
        const refreshed = await refreshSession(deps, req.actor, {
          refreshToken: fromBody ?? refreshCookieOf(req, config),
        });
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
    '/forgot-password',
    {
      schema: {
        tags,
        summary: 'E-mail a password reset link (same answer whether or not the address exists)',
        body: forgotPasswordSchema,
        response: { 200: actionResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (req) => {
      await forgotPassword(deps, req.actor, req.body);
      return { success: true as const, message: AUTH_MESSAGES.resetLinkSent };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password from a reset link; all sessions end',
        body: resetPasswordSchema,
        response: { 200: actionResponseSchema, 400: apiErrorSchema },
      },
    },
    async (req) => {
      await resetPassword(deps, req.actor, req.body);
      return { success: true as const, message: PASSWORD_RESET_MESSAGE };
    },
  );

  // The token travels in the body, never the path: proxies log paths (decision 084).
  app.post(
    '/verify-activation',
    {
      schema: {
        tags,
        summary: 'Who an activation link belongs to',
        body: verifyActivationRequestSchema,
        response: { 200: verifyActivationResponseSchema, 400: apiErrorSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: { user: await verifyActivationToken(deps, req.actor, req.body) },
    }),
  );

  app.post(
    '/activate-account',
    {
      schema: {
        tags,
        summary: 'Set the first password from an activation link and sign in',
        body: activateAccountSchema,
        response: { 200: activateAccountResponseSchema, 400: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const { user, session } = await activateAccount(deps, req.actor, req.body);
      setRefreshCookie(reply, config, session, clock.now());
      return {
        success: true as const,
        data: {
          accessToken: await deps.tokens.sign(user.id, { sessionId: session.sessionId }),
          user,
        },
        message: 'Account activated successfully',
      };
    },
  );
};

/** GET /auth/me answers suspended members too, so the client can show their page (sessionRoutes). */
export const currentUserRoutes: RouteModule = async (app) => {
  app.get(
    '/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user (answers suspended members too)',
        response: { 200: currentUserResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: toUser(req.member.user) }),
  );
};

/** Both paths of the spec, POST /auth/change-password and PUT /users/change-password, say this. */
const changePasswordSchemas = {
  tags,
  summary: 'Change the password: every other device is signed out, this one stays',
  body: changePasswordSchema,
  response: { 200: changePasswordResponseSchema, ...errors },
};

/** The one use case behind both paths; this device's refresh cookie is renewed. */
async function changePasswordAnswer(
  deps: Deps,
  member: MemberActor,
  body: ChangePasswordInput,
  reply: FastifyReply,
) {
  const changed = await changePassword(deps, member, body);
  setRefreshCookie(reply, deps.config, changed.session, deps.clock.now());
  return {
    success: true as const,
    data: { accessToken: changed.accessToken },
    message: 'Password changed successfully',
  };
}

/** POST /auth/change-password (memberRoutes). */
export const changePasswordRoutes: RouteModule = async (app, deps) => {
  app.post('/change-password', { schema: changePasswordSchemas }, (req, reply) =>
    changePasswordAnswer(deps, req.member, req.body, reply),
  );
};

/**
 * PUT /users/change-password (docs/member-portal.md §7): the profile dialog's call, the same use
 * case.
 */
export const userPasswordRoutes: RouteModule = async (app, deps) => {
  app.put('/change-password', { schema: changePasswordSchemas }, (req, reply) =>
    changePasswordAnswer(deps, req.member, req.body, reply),
  );
};

/** GET /auth/check-email (adminRoutes). */
export const checkEmailRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/check-email',
    {
      schema: {
        tags,
        summary: 'Whether an e-mail address is in use (admins only)',
        querystring: checkEmailQuerySchema,
        response: { 200: checkEmailResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await checkEmail(deps, req.member, req.query),
    }),
  );
};
