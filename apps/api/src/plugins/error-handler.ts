import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../lib/domain-error.js';
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
 * Every error leaves in the spec §8 shape. Validation errors list each field with its message;
 * 5xx answers never reveal internals (the log has them).
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof DomainError) {
      if (err.headers) void reply.headers(err.headers);
      return reply
        .status(err.status)
        .send(errorBody(err.status, err.code, err.message, err.details));
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
      return reply.status(400).send(errorBody(400, 'VALIDATION_ERROR', first, details));
    }
    const unavailable = unavailableReason(err);
    if (unavailable) {
      // The database could not serve it in time, or the process is stopping: the client should
      // come back, not wait. The log keeps the cause.
      req.log.warn({ err }, `answered 503: ${unavailable}`);
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(errorBody(503, 'SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGES[unavailable]));
    }
    const status = err.statusCode ?? 500;
    if (status === 413) {
      return reply
        .status(413)
        .send(errorBody(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large'));
    }
    if (status === 429) {
      return reply.status(429).send(errorBody(429, 'RATE_LIMITED', err.message));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, empty body...
      const code =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      return reply.status(status).send(errorBody(status, code, err.message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send(
        errorBody(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'),
      );
  });
});
