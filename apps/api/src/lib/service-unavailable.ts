import { DatabaseInterruptedError, EmbeddedDatabaseBusyError } from '../db/embedded-connection.js';

/** Seconds a client is asked to wait before trying again after a 503 (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGES = {
  stopping: 'The portal is restarting. Please try again in a few seconds.',
  busy: 'The portal is busy right now. Please try again in a few seconds.',
  slow: 'The portal took too long to answer. Please check whether your change was saved before trying again.',
} as const;

export type UnavailableReason = keyof typeof UNAVAILABLE_MESSAGES;

/**
 * PostgreSQL error codes that mean "the database could not do it now", not "the request is
 * wrong": the statement was cancelled (statement_timeout), a lock was not granted in time
 * (lock_timeout), a deadlock victim, too many connections, the server shutting down or starting,
 * and the connection exception class 08. Each one rolled the transaction back.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57014',
  '55P03',
  '40P01',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);
/** Socket errors reaching the database server. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);
/**
 * node-postgres reports its own waits and closed connections without a code, by message only:
 * no free pooled connection within connectionTimeoutMillis, and connections ended by a shutdown.
 */
const UNAVAILABLE_DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Cannot use a pool after calling end on the pool',
  'Client was closed and is not queryable',
];

/**
 * Why an error means "try again later" (503) rather than a fault (500), or undefined. Looks
 * through `cause`, since Drizzle wraps driver errors in a DrizzleQueryError.
 */
export function unavailableReason(err: unknown): UnavailableReason | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof DatabaseInterruptedError) return 'stopping';
    if (e instanceof EmbeddedDatabaseBusyError) return 'busy';
    const code = (e as { code?: unknown }).code;
    if (code === 'FST_ERR_HANDLER_TIMEOUT') return 'slow';
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return 'busy';
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return 'busy';
    }
    if (UNAVAILABLE_DRIVER_MESSAGES.some((message) => e.message.startsWith(message))) {
      return 'busy';
    }
  }
  return undefined;
}
