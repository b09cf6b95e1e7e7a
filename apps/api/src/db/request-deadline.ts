import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A write request's deadline, as the database layer sees it (decision 095). The API gives every
 * write request a scope (plugins/answer-deadline.ts); both database connections read it:
 *
 * - after the deadline nothing more runs: a statement, a COMMIT, a wait for the embedded
 *   database's turn are refused with DeadlinePassedError, so an open transaction rolls back;
 * - on PostgreSQL a statement never runs past the deadline: `statement_timeout` is lowered to
 *   the time left whenever that is shorter than the configured one;
 * - the scope counts the database work open for the request (transactions, statements), so the
 *   deadline may answer at once only when nothing can still commit.
 *
 * Work with no scope (reads, jobs, the CLI, tests) is bounded as before.
 */
export interface DeadlineScope {
  /** A Date.now() value. */
  readonly deadline: number;
  /** Set once the deadline has passed: from then on nothing runs. */
  expired: boolean;
  /** Transactions and statements of the request open right now. */
  open: number;
  /**
   * Something of the request was committed already (a transaction, or a write outside one): a
   * 503 after that cannot say "nothing was changed".
   */
  committed: boolean;
}

/**
 * The request reached its deadline: the work in progress was rolled back (503). `partly` when an
 * earlier transaction of the same request had committed already.
 */
export class DeadlinePassedError extends Error {
  readonly partly: boolean;
  constructor(scope: DeadlineScope | undefined, cause?: unknown) {
    super('The request reached its deadline; its database work in progress was rolled back', {
      cause,
    });
    this.name = 'DeadlinePassedError';
    this.partly = scope?.committed ?? false;
  }
}

const scopes = new AsyncLocalStorage<DeadlineScope>();
const bookkeeping = new AsyncLocalStorage<true>();

/**
 * Runs `work` whose writes are the portal's own bookkeeping, not a change the client asked for
 * (a sign-in's claim on its address's budget): a 503 after it may still say "nothing was changed".
 */
export function asBookkeeping<T>(work: () => Promise<T>): Promise<T> {
  return bookkeeping.run(true, work);
}

/** Records that something of the request committed, unless it was bookkeeping. */
export function markCommitted(scope: DeadlineScope): void {
  if (!bookkeeping.getStore()) scope.committed = true;
}

export function deadlineScope(deadline: number): DeadlineScope {
  return { deadline, expired: false, open: 0, committed: false };
}

/** Runs `work` (and everything it starts) under `scope`. */
export function withDeadline<T>(scope: DeadlineScope, work: () => T): T {
  return scopes.run(scope, work);
}

/**
 * Runs `work` (and everything it starts) outside any request's deadline: work a request only
 * sets going, which is not the request's own (a job worker woken by it).
 */
export function withoutDeadline<T>(work: () => T): T {
  return scopes.exit(work);
}

export function currentDeadline(): DeadlineScope | undefined {
  return scopes.getStore();
}

/** Milliseconds left before the deadline (0 once it passed). */
export function timeLeft(scope: DeadlineScope): number {
  return Math.max(0, scope.deadline - Date.now());
}

/** Throws DeadlinePassedError once the deadline has passed. */
export function refuseAfterDeadline(scope: DeadlineScope): void {
  if (scope.expired || Date.now() >= scope.deadline) {
    scope.expired = true;
    throw new DeadlinePassedError(scope);
  }
}

/**
 * Whether a statement run outside a transaction may have changed data (and committed with it).
 * Errs on the side of yes: only plain reads, SHOW and SET are not.
 */
export function mayWrite(text: unknown): boolean {
  if (typeof text !== 'string') return true;
  const head = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
  if (head === 'show' || head === 'set') return false;
  if (head === 'select') return /\bfor\s+(no\s+key\s+)?update\b|\bnextval\s*\(/i.test(text);
  return true;
}
