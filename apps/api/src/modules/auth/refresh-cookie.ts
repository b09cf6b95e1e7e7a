import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.js';
import type { IssuedRefreshToken } from '../sessions/sessions.service.js';

const servedOverHttps = (config: Config) => config.publicUrl.startsWith('https:');

/**
 * The refresh token's cookie. Over https it is `__Host-coop_refresh` (ASVS V3.3.1, V3.3.3): a
 * browser then keeps it only if it is Secure, set by this very host, for Path=/ and no Domain, so
 * neither a sibling subdomain nor a plain-http page can plant or overwrite it. Plain http (a trial
 * on this machine) cannot carry the prefix: browsers drop Secure cookies there.
 */
export function refreshCookieName(config: Config): string {
  return servedOverHttps(config) ? '__Host-coop_refresh' : 'coop_refresh';
}

function cookieOptions(config: Config) {
  return {
    httpOnly: true,
    secure: servedOverHttps(config),
    sameSite: 'strict' as const,
    // `__Host-` demands Path=/; the API reads the cookie on the auth routes only.
    path: '/',
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
  void reply.setCookie(refreshCookieName(config), session.refreshToken, {
    ...cookieOptions(config),
    maxAge,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(refreshCookieName(config), cookieOptions(config));
}

export function refreshCookieOf(req: FastifyRequest, config: Config): string | undefined {
  const value = req.cookies[refreshCookieName(config)];
  return value === undefined || value === '' ? undefined : value;
}
