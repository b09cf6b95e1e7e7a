import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DeadlinePassedError,
  deadlineScope,
  withDeadline,
  type DeadlineScope,
} from '../db/request-deadline.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

interface Deadline {
  scope: DeadlineScope;
  timer: NodeJS.Timeout;
}

const deadlines = new WeakMap<FastifyRequest, Deadline>();

/**
 * API answers are due within REQUEST_TIMEOUT_MS (docs/operations.md, decision 095).
 *
 * Reads: past it Fastify answers 503 (the error handler gives it the spec shape). Set per route
 * rather than server-wide: Fastify destroys a response still streaming at the deadline, and a
 * phone on a slow network may take longer than that to download a file of the web app or of the
 * API docs.
 *
 * Writes: Fastify's handler timer cannot bound them (it is cleared once the request body has been
 * read), and answering a write at the deadline while its transaction may still commit would tell
 * the member a change failed that then happened. So a write runs under a deadline scope
 * (db/request-deadline.ts) that the database connections obey: from the deadline on, no statement
 * and no COMMIT runs (on PostgreSQL a running statement is cancelled at it by `statement_timeout`),
 * the transaction rolls back, and the request answers 503 "nothing was changed" only then. If no
 * database work of the request is open at the deadline, nothing can commit any more and the 503
 * is sent at once.
 */
export const answerDeadline = fp(async (app: FastifyInstance, options: { timeoutMs: number }) => {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const readsOnly = methods.every((method) => READS.has(method));
    if (isApi(route.url) && readsOnly && route.handlerTimeout === undefined) {
      route.handlerTimeout = options.timeoutMs;
    }
  });

  app.addHook('onRequest', (req, reply, done) => {
    const url = req.routeOptions.url;
    if (READS.has(req.method) || url === undefined || !isApi(url)) return done();
    const scope = deadlineScope(Date.now() + options.timeoutMs);
    const timer = setTimeout(() => {
      scope.expired = true;
      if (scope.open > 0 || reply.sent || reply.raw.headersSent || reply.raw.destroyed) return;
      reply.send(new DeadlinePassedError(scope));
    }, options.timeoutMs);
    deadlines.set(req, { scope, timer });
    done();
  });

  // After the body is parsed (its events would lose the scope): the hooks after this one and the
  // handler run under it, and so does every database call they make.
  app.addHook('preHandler', (req, _reply, done) => {
    const deadline = deadlines.get(req);
    if (!deadline) return done();
    withDeadline(deadline.scope, () => done());
  });

  // A client that went away leaves the deadline in force: its write must still end by it.
  app.addHook('onResponse', (req, _reply, done) => {
    const deadline = deadlines.get(req);
    if (deadline) clearTimeout(deadline.timer);
    done();
  });
});
