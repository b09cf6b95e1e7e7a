import type { FastifyReply, FastifyRequest } from 'fastify';
import { KNOWN_DEVICE_DAYS } from '@coop/shared/constants';
import type { Config } from '../../config/env.js';
import {
  issueKnownDevice,
  readKnownDevice,
  type KnownDevice,
} from '../credentials/known-device.service.js';

const servedOverHttps = (config: Config) => config.publicUrl.startsWith('https:');

/**
 * The known-device cookie (decision 093), held like the refresh cookie: `__Host-` over https,
 * HttpOnly, SameSite=Strict. It outlives sign-outs on purpose: it only marks the browser as one
 * the member signed in on, for the sign-in budgets.
 */
export function deviceCookieName(config: Config): string {
  return servedOverHttps(config) ? '__Host-coop_device' : 'coop_device';
}

/** The device the request's cookie names, when the cookie is this server's. */
export function knownDeviceOf(req: FastifyRequest, config: Config): KnownDevice | null {
  return readKnownDevice(config.jwtSecret, req.cookies[deviceCookieName(config)]);
}

/** After a successful sign-in: this browser is now a known device of the account. */
export function setDeviceCookie(
  reply: FastifyReply,
  config: Config,
  userId: string,
  previous: KnownDevice | null,
): void {
  void reply.setCookie(
    deviceCookieName(config),
    issueKnownDevice(config.jwtSecret, userId, previous),
    {
      httpOnly: true,
      secure: servedOverHttps(config),
      sameSite: 'strict',
      path: '/',
      maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
    },
  );
}
