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
}

/** The request's deadline had passed: what it did was rolled back, nothing was committed (503). */
export class DeadlinePassedError extends Error {
  constructor(cause?: unknown) {
    super('The request reached its deadline; its database work was rolled back', { cause });
    this.name = 'DeadlinePassedError';
  }
}

const scopes = new AsyncLocalStorage<DeadlineScope>();

export function deadlineScope(deadline: number): DeadlineScope {
  return { deadline, expired: false, open: 0 };
}

/** Runs `work` (and everything it starts) under `scope`. */
export function withDeadline<T>(scope: DeadlineScope, work: () => T): T {
  return scopes.run(scope, work);
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
    throw new DeadlinePassedError();
  }
}
