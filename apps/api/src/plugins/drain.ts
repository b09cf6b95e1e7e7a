import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGES } from '../lib/service-unavailable.js';
import { errorBody } from './error-handler.js';

export interface OpenRequest {
  method: string;
  /** The route pattern (`/api/v1/auth/login`), never the URL, which may carry a token. */
  route: string;
  runningMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests being handled now: logged when a shutdown runs out of time. */
    openRequests(): OpenRequest[];
  }
}

/**
 * Draining for shutdown. From the moment `app.close()` starts (the first stop signal):
 * - every new request, `/api/ready` included, answers 503 SERVICE_UNAVAILABLE with
 *   `Retry-After` and `Connection: close`, so a load balancer stops sending here;
 * - requests already running finish, and their answers also carry `Connection: close`. Without
 *   it a keep-alive connection whose request ended after close() began stays open, idle, until
 *   the keep-alive timeout (72 s), and close() waits for it: the process lingered for a minute
 *   after SIGTERM with nothing left to do.
 * Fastify's own answer during close (`return503OnClosing`) is off in app.ts so that this one,
 * in the spec's error shape, is given. It is sent directly, not thrown: nothing went wrong, so
 * the error handler and its log stay out of it.
 */
export const drain = fp(async (app: FastifyInstance) => {
  const open = new Map<FastifyRequest, number>();
  let closing = false;

  app.decorate('openRequests', () => {
    const now = Date.now();
    return [...open].map(([request, startedAt]) => ({
      method: request.method,
      route: request.routeOptions.url ?? '(no route)',
      runningMs: now - startedAt,
    }));
  });

  app.addHook('preClose', async () => {
    closing = true;
  });

  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      return reply
        .status(503)
        .headers({ connection: 'close', 'retry-after': String(RETRY_AFTER_SECONDS) })
        .send(errorBody(503, 'SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGES.stopping));
    }
    open.set(request, Date.now());
    // 'close' fires when the answer is sent and when the client goes away before it.
    reply.raw.once('close', () => open.delete(request));
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });
});
