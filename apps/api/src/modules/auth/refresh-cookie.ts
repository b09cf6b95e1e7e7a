import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.js';
import type { IssuedRefreshToken } from '../sessions/sessions.service.js';

/** The refresh token travels in this cookie, sent only to the auth routes. */
export const REFRESH_COOKIE = 'coop_refresh';
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

function cookieOptions(config: Config) {
  return {
    httpOnly: true,
    // Browsers drop Secure cookies on plain http, so local http://localhost keeps working.
    secure: config.publicUrl.startsWith('https:'),
    sameSite: 'strict' as const,
    path: REFRESH_COOKIE_PATH,
  };
}

/** Sets the refresh cookie to expire with its family (30 days after sign-in, never extended). */
export function setRefreshCookie(
  reply: FastifyReply,
  config: Config,
  session: IssuedRefreshToken,
  now: Date,
): void {
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000));
  void reply.setCookie(REFRESH_COOKIE, session.refreshToken, { ...cookieOptions(config), maxAge });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
}

export function refreshCookieOf(req: FastifyRequest): string | undefined {
  const value = req.cookies[REFRESH_COOKIE];
  return value === undefined || value === '' ? undefined : value;
}
