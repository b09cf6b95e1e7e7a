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
    /** Resolves once no request is being handled (the shutdown waits for it after close()). */
    requestsSettled(): Promise<void>;
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
  let settled: (() => void) | null = null;
  const finished = (request: FastifyRequest) => {
    open.delete(request);
    if (open.size === 0) settled?.();
  };

  app.decorate('openRequests', () => {
    const now = Date.now();
    return [...open].map(([request, startedAt]) => ({
      method: request.method,
      route: request.routeOptions.url ?? '(no route)',
      runningMs: now - startedAt,
    }));
  });

  // close() resolves once the sockets are gone, which is not once the handlers are done: a
  // handler whose client went away keeps running, and closing the database under it would fail
  // its work halfway. So a request counts as open until its handler has produced an answer.
  app.decorate(
    'requestsSettled',
    () =>
      new Promise<void>((resolve) => {
        if (open.size === 0) resolve();
        else settled = resolve;
      }),
  );

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
  });

  // Every answer, error answers included, passes here once its handler is done; unlike the
  // socket's 'close', this also holds when the client left before the answer.
  app.addHook('onSend', async (request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    finished(request);
    return payload;
  });
});
