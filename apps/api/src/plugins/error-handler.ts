import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../lib/domain-error.js';
import { hasPendingSession, settlePendingSession } from './route-groups.js';
import {
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGES,
  unavailableReason,
} from '../lib/service-unavailable.js';

interface ErrorBody {
  success: false;
  error: string;
  message: string;
  details?: unknown;
  code: string;
  timestamp: string;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  503: 'Service Unavailable',
};

export function errorBody(
  status: number,
  code: string,
  message: string,
  details?: unknown,
): ErrorBody {
  return {
    success: false,
    error: TITLES[status] ?? 'Internal Server Error',
    message,
    ...(details === undefined ? {} : { details }),
    code,
    timestamp: new Date().toISOString(),
  };
}

/**
 * Every error leaves in the docs/member-portal.md §8 shape. Validation errors list each field with
 * its message; 5xx answers never reveal internals (the log has them).
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    // A member list whose session check rides on its page statement (plugins/route-groups.ts)
    // may fail before that statement ran (a bad query string): the check is made first, and a
    // caller who may not call the route hears 401 or 403, as from every other route, not 400.
    if (hasPendingSession(req)) {
      return settlePendingSession(req).then(
        () => answer(err, req, reply),
        (refusal: unknown) => answer(refusal as FastifyError, req, reply),
      );
    }
    return reply.send(answer(err, req, reply));
  });
});

/** Sets the answer's status and headers for an error; returns its body. */
function answer(err: FastifyError, req: FastifyRequest, reply: FastifyReply): ErrorBody {
  if (err instanceof DomainError) {
    if (err.headers) void reply.headers(err.headers);
    void reply.status(err.status);
    return errorBody(err.status, err.code, err.message, err.details);
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = err.validation.map((issue) => {
      // A root-level issue has no instance path: unknown keys name them in params.keys.
      const params = issue.params as { issue?: { path?: PropertyKey[] }; keys?: string[] };
      return {
        field:
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          params.issue?.path?.map(String).join('.') ||
          params.keys?.join(', ') ||
          '',
        message: issue.message,
      };
    });
    const first = details[0]?.message ?? 'Invalid request';
    void reply.status(400);
    return errorBody(400, 'VALIDATION_ERROR', first, details);
  }
  const unavailable = unavailableReason(err);
  if (unavailable) {
    // The database could not serve it in time, or the process is stopping: the client should
    // come back, not wait. The log keeps the cause.
    req.log.warn({ err }, `answered 503: ${unavailable}`);
    void reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    return errorBody(503, 'SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGES[unavailable]);
  }
  const status = err.statusCode ?? 500;
  if (status === 413) {
    void reply.status(413);
    return errorBody(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
  }
  if (status === 429) {
    void reply.status(429);
    return errorBody(429, 'RATE_LIMITED', err.message);
  }
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: malformed JSON, wrong content type, empty body...
    const code =
      err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
    void reply.status(status);
    return errorBody(status, code, err.message);
  }
  req.log.error({ err }, 'unhandled error');
  void reply.status(500);
  return errorBody(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
}
