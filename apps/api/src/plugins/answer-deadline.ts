import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API answers are due within REQUEST_TIMEOUT_MS; past it Fastify answers 503 (the error handler
 * gives it the spec shape). Set per route rather than server-wide: Fastify destroys a response
 * still streaming at the deadline, and a phone on a slow network may take longer than that to
 * download a file of the web app or of the API docs.
 */
export const answerDeadline = fp(async (app: FastifyInstance, options: { timeoutMs: number }) => {
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (isApi && route.handlerTimeout === undefined) route.handlerTimeout = options.timeoutMs;
  });
});
