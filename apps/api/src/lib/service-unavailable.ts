import pg from 'pg';
import { DatabaseConnectionError } from '../db/connection-error.js';
import { DatabaseInterruptedError, EmbeddedDatabaseBusyError } from '../db/embedded-connection.js';
import { DeadlinePassedError } from '../db/request-deadline.js';
import { PasswordChecksBusyError } from './password-checks.js';

/** Seconds a client is asked to wait before trying again after a 503 (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGES = {
  stopping: 'The portal is restarting. Please try again in a few seconds.',
  busy: 'The portal is busy right now. Please try again in a few seconds.',
  slow: 'The portal took too long to answer. Please check whether your change was saved before trying again.',
  /** A write cut off at its deadline: its transaction was rolled back before this answer. */
  expired: 'The portal took too long to answer, and nothing was changed. Please try again.',
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

/**
 * Why an error means "try again later" (503) rather than a fault (500), or undefined. Looks
 * through `cause`, since Drizzle wraps driver errors in a DrizzleQueryError.
 */
export function unavailableReason(err: unknown): UnavailableReason | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    // After an earlier transaction of the request committed, the member has to check.
    if (e instanceof DeadlinePassedError) return e.partly ? 'slow' : 'expired';
    if (e instanceof DatabaseInterruptedError) return 'stopping';
    if (e instanceof EmbeddedDatabaseBusyError) return 'busy';
    // The instance's password-check queue is full: answered at once, before any other work.
    if (e instanceof PasswordChecksBusyError) return 'busy';
    const code = (e as { code?: unknown }).code;
    if (code === 'FST_ERR_HANDLER_TIMEOUT') return 'slow';
    // Connections that failed are told apart by class (db/connection-error.ts), never by message.
    if (e instanceof DatabaseConnectionError) return 'busy';
    if (e instanceof pg.DatabaseError && typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return 'busy';
    }
  }
  return undefined;
}
