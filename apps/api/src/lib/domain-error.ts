/**
 * A broken rule, thrown by services and mapped to HTTP in one place (plugins/error-handler.ts).
 * `status` follows DESIGN §4: 400 validation, 401, 403, 404, 409 conflict, 422, 429.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 409,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what = 'Resource') =>
  new DomainError('NOT_FOUND', `${what} not found`, 404);
