import { API_ERROR_STATUS, type ApiErrorCode } from '@coop/shared/messages';
import type { z } from 'zod';
import type { FieldError } from '@coop/shared/http';

export interface DomainErrorOptions {
  /** One of the codes of `API_ERROR_STATUS` in @coop/shared; it decides the HTTP status. */
  code: ApiErrorCode;
  message: string;
  /** A validation error's field list, or other context a client may use. */
  details?: unknown;
  /** Extra response headers, e.g. Retry-After on a 429. */
  headers?: Record<string, string>;
}

/**
 * A broken rule, thrown by services and mapped to HTTP in one place (plugins/error-handler.ts).
 * The status comes from the shared list of codes, so a code always answers the same status.
 */
export class DomainError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly details: unknown;
  readonly headers: Record<string, string> | undefined;

  constructor({ code, message, details, headers }: DomainErrorOptions) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.status = API_ERROR_STATUS[code];
    this.details = details;
    this.headers = headers;
  }
}

/** 404 for a record that does not exist or belongs to someone else (never reveal which). */
export const notFound = (what = 'Resource') =>
  new DomainError({ code: 'NOT_FOUND', message: `${what} not found` });

/** 400 with each field's message, the first one as the answer's message. */
export function validationError(details: readonly FieldError[]): DomainError {
  return new DomainError({
    code: 'VALIDATION_ERROR',
    message: details[0]?.message ?? 'Invalid request',
    details,
  });
}

/** A zod failure as the API's 400: each field with its message. */
export function invalidInput(error: z.ZodError): DomainError {
  return validationError(
    error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
  );
}
