import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import {
  currentDeadline,
  DeadlinePassedError,
  markCommitted,
  mayWrite,
  refuseAfterDeadline,
  timeLeft,
  type DeadlineScope,
} from './request-deadline.js';

/** A query waited longer than the lock timeout for its turn on the embedded database (answer 503). */
export class EmbeddedDatabaseBusyError extends Error {
  constructor(waitedMs: number) {
    super(`The embedded database stayed busy for ${waitedMs} ms; the query was not run`);
    this.name = 'EmbeddedDatabaseBusyError';
  }
}

/** The database was interrupted for shutdown: nothing more runs on it (answer 503). */
export class DatabaseInterruptedError extends Error {
  constructor() {
    super('The database connection is closing for shutdown; the query was not run');
    this.name = 'DatabaseInterruptedError';
  }
}

/**
 * A query on the database itself issued while the same code path holds an open transaction. On
 * the embedded database it would wait for that transaction, which waits for it: a deadlock that
 * would hold every request for ever. It is refused at once; pass the transaction (`tx`) instead.
 */
export class QueryOutsideTransactionError extends Error {
  constructor() {
    super(
      'A query on the database was issued inside an open transaction; on the embedded ' +
        'database it would wait for that transaction for ever. Use the transaction (tx) instead.',
    );
    this.name = 'QueryOutsideTransactionError';
  }
}

interface Waiter {
  start(): void;
  fail(err: Error): void;
}

/**
 * PGlite with the waits bounded. PGlite has one connection: every query and transaction takes its
 * turn (a plain query issued while another request's transaction is open waits for that
 * transaction to end; it never runs inside it). PGlite's own queue waits without limit, so one
 * long transaction held every request, and shutdown, for as long as it lasted. Here:
 *
 * - a caller waits at most `lockTimeoutMs` for its turn, then gets `EmbeddedDatabaseBusyError`
 *   (nothing was run, so retrying is safe);
 * - a query on the database from inside a transaction's callback is refused at once
 *   (`QueryOutsideTransactionError`) instead of deadlocking;
 * - `interrupt()` refuses everything from then on, including the next statement of an open
 *   transaction, which therefore rolls back and frees the connection so it can be closed;
 * - under a write request's deadline (db/request-deadline.ts) the wait for the turn ends at the
 *   deadline, and after it every statement and the COMMIT are refused (DeadlinePassedError), so
 *   the transaction rolls back. A statement already running cannot be stopped: PGlite runs it
 *   on this thread, and the refusal comes at the next one.
 *
 * Only the methods Drizzle's PGlite driver calls (`query`, `transaction`) and `close` are offered.
 */
export class EmbeddedConnection {
  readonly #pglite: PGlite;
  readonly #lockTimeoutMs: number | undefined;
  readonly #waiting: Waiter[] = [];
  readonly #inTransaction = new AsyncLocalStorage<true>();
  #busy = false;
  #interrupted = false;
  #closing: Promise<void> | undefined;

  constructor(pglite: PGlite, options: { lockTimeoutMs?: number } = {}) {
    this.#pglite = pglite;
    this.#lockTimeoutMs = options.lockTimeoutMs;
  }

  /** Callers waiting for their turn, and whether one holds it: shown when a shutdown runs late. */
  get state(): { busy: boolean; waiting: number; interrupted: boolean } {
    return { busy: this.#busy, waiting: this.#waiting.length, interrupted: this.#interrupted };
  }

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const scope = currentDeadline();
    return this.#inTurn(async () => {
      const result = await this.#pglite.query<T>(query, params, options);
      if (scope && mayWrite(query)) markCommitted(scope);
      return result;
    });
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const scope = currentDeadline();
    return this.#inTurn(async () => {
      const result = await this.#pglite.transaction((tx) =>
        this.#inTransaction.run(true, async () => {
          const result = await callback(this.#refusingAfterInterrupt(tx, scope));
          // No COMMIT after the deadline: throwing here makes PGlite roll back.
          if (scope) refuseAfterDeadline(scope);
          return result;
        }),
      );
      if (scope) markCommitted(scope);
      return result;
    });
  }

  /** Refuses all further work; an open transaction fails at its next statement and rolls back. */
  interrupt(): void {
    this.#interrupted = true;
    for (const waiter of this.#waiting.splice(0)) waiter.fail(new DatabaseInterruptedError());
  }

  /**
   * Refuses new work, lets the transaction holding the turn end (at its next statement at the
   * latest), then closes PGlite. Calling it again returns the same promise.
   */
  close(): Promise<void> {
    this.interrupt();
    this.#closing ??= this.#pglite.close();
    return this.#closing;
  }

  async #inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.#inTransaction.getStore()) throw new QueryOutsideTransactionError();
    const scope = currentDeadline();
    if (scope) refuseAfterDeadline(scope);
    await this.#takeTurn(scope);
    try {
      // The turn may come just after the deadline, before its timer has run.
      if (scope) refuseAfterDeadline(scope);
    } catch (err) {
      this.#passTurn();
      throw err;
    }
    if (scope) scope.open += 1;
    try {
      return await work();
    } finally {
      if (scope) scope.open -= 1;
      this.#passTurn();
    }
  }

  #takeTurn(scope: DeadlineScope | undefined): Promise<void> {
    if (this.#interrupted) return Promise.reject(new DatabaseInterruptedError());
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const waiter: Waiter = {
        start: () => {
          clearTimeout(timer);
          resolve();
        },
        fail: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      const limit = this.#lockTimeoutMs;
      const left = scope ? timeLeft(scope) : undefined;
      // Whichever ends first: the wait for the turn, or the request's deadline.
      const deadlineFirst =
        left !== undefined && !(limit !== undefined && limit > 0 && limit <= left);
      if (deadlineFirst || (limit !== undefined && limit > 0)) {
        timer = setTimeout(
          () => {
            const index = this.#waiting.indexOf(waiter);
            if (index !== -1) this.#waiting.splice(index, 1);
            if (deadlineFirst && scope) scope.expired = true;
            reject(
              deadlineFirst
                ? new DeadlinePassedError(scope)
                : new EmbeddedDatabaseBusyError(limit ?? 0),
            );
          },
          deadlineFirst ? left : limit,
        );
      }
      this.#waiting.push(waiter);
    });
  }

  /** Hands the connection to the longest waiter (first come, first served), or frees it. */
  #passTurn(): void {
    const next = this.#waiting.shift();
    if (next) next.start();
    else this.#busy = false;
  }

  #refusingAfterInterrupt(tx: Transaction, scope: DeadlineScope | undefined): Transaction {
    const check = () => {
      if (this.#interrupted) throw new DatabaseInterruptedError();
      if (scope) refuseAfterDeadline(scope);
    };
    return {
      query: async (query, params, options) => {
        check();
        return tx.query(query, params, options);
      },
      sql: async (strings: TemplateStringsArray, ...params: unknown[]) => {
        check();
        return tx.sql(strings, ...params);
      },
      exec: async (query, options) => {
        check();
        return tx.exec(query, options);
      },
      rollback: () => tx.rollback(),
      listen: (channel, callback) => tx.listen(channel, callback),
      get closed() {
        return tx.closed;
      },
    };
  }
}
