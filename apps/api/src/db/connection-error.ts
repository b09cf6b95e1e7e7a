import pg from 'pg';
import { StatementCachingClient } from './statement-cache.js';
import {
  currentDeadline,
  DeadlinePassedError,
  markCommitted,
  mayWrite,
  refuseAfterDeadline,
  timeLeft,
  withDeadline,
  type DeadlineScope,
} from './request-deadline.js';

/**
 * The connection to PostgreSQL failed, or none could be had: the server restarted, the network
 * dropped, the pool was full past its wait, or the process is closing it. Whatever the request
 * was doing rolled back with the connection; trying again later is the answer (503).
 *
 * node-postgres reports these as plain Errors told apart only by their messages ("Connection
 * terminated unexpectedly", "Client has encountered a connection error and is not queryable",
 * "timeout exceeded when trying to connect", ECONNRESET …), and a new wording would be a 500.
 * So the rule is by class instead: whatever fails in the driver that is not the server's answer
 * (a pg DatabaseError, classified by its SQLSTATE) nor a wrong argument is the connection.
 */
export class DatabaseConnectionError extends Error {
  constructor(cause: unknown) {
    super('The connection to the database failed', { cause });
    this.name = 'DatabaseConnectionError';
  }
}

function classify(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  if (err instanceof pg.DatabaseError || err instanceof DatabaseConnectionError) return err;
  // A bad query or value is a fault of the caller, whatever the connection's state.
  if (err instanceof TypeError || err instanceof RangeError) return err;
  return new DatabaseConnectionError(err);
}

type Callback = (err: unknown, ...rest: unknown[]) => void;

/** `callback` with its error classified; promise-style calls get their rejection classified. */
function classifying<T>(run: (callback?: Callback) => T, callback?: Callback): T {
  if (callback) return run((err, ...rest) => callback(err ? classify(err) : err, ...rest));
  const result = run();
  if (result instanceof Promise) {
    return result.catch((err: unknown) => {
      throw classify(err);
    }) as T;
  }
  return result;
}

type Verb = 'begin' | 'commit' | 'rollback' | 'other';

const textOf = (config: unknown): unknown =>
  typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;

/** What a statement does to the transaction: Drizzle sends `begin`, `commit` and `rollback` as such. */
function verbOf(config: unknown): Verb {
  const text = textOf(config);
  if (typeof text !== 'string') return 'other';
  const word = /^\s*(\w+)(\s+\w+)?/.exec(text.slice(0, 40));
  const first = word?.[1]?.toLowerCase();
  if (first === 'begin' || first === 'commit') return first;
  // ROLLBACK TO SAVEPOINT stays inside the transaction.
  if (first === 'rollback' && word?.[2]?.trim().toLowerCase() !== 'to') return 'rollback';
  return 'other';
}

const SET_STATEMENT_TIMEOUT = "select set_config('statement_timeout', $1, $2)";

/**
 * The pool's client: names repeated statements, and reports a failed connection as such. Under
 * a write request's deadline (db/request-deadline.ts) it also refuses every statement after the
 * deadline but a ROLLBACK, and lowers `statement_timeout` to the time left when that is shorter,
 * for the transaction (`SET LOCAL`) or around a statement outside one.
 */
export class PortalClient extends StatementCachingClient {
  /** The scope of the request whose transaction is open on this connection. */
  #transaction: DeadlineScope | undefined;
  /** The `statement_timeout` in force now (ms; Infinity when none). */
  #bound: number | undefined;
  /** The statement limit could not be lowered after BEGIN: the next statement fails with it. */
  #pending: Error | undefined;

  override query(config: unknown, values?: unknown, callback?: unknown): never {
    // A streaming query (cursor) reports on its own events; left as it is.
    if (typeof (config as { submit?: unknown } | null)?.submit === 'function') {
      return super.query(config, values, callback);
    }
    const scope = currentDeadline() ?? this.#transaction;
    if (scope && typeof values !== 'function' && typeof callback !== 'function') {
      return this.#underDeadline(scope, config, values) as never;
    }
    return this.#classified(config, values, callback);
  }

  #classified(config: unknown, values?: unknown, callback?: unknown): never {
    const query = super.query.bind(this);
    if (typeof values === 'function') {
      return classifying((cb) => query(config, cb), values as Callback);
    }
    return classifying(
      (cb) => query(config, values, cb),
      typeof callback === 'function' ? (callback as Callback) : undefined,
    );
  }

  #run<T>(config: unknown, values?: unknown): Promise<T> {
    return this.#classified(config, values) as Promise<T>;
  }

  get #configuredBound(): number {
    const { connectionParameters } = this as unknown as {
      connectionParameters: { statement_timeout?: unknown };
    };
    const configured = Number(connectionParameters.statement_timeout);
    return configured > 0 ? configured : Infinity;
  }

  /** Lowers `statement_timeout` to the time left when that is shorter; true if it did. */
  async #tighten(scope: DeadlineScope, local: boolean): Promise<boolean> {
    const bound = this.#bound ?? this.#configuredBound;
    const left = timeLeft(scope);
    if (left >= bound) return false;
    // 0 would mean "no limit": at least a millisecond.
    const ms = Math.max(1, Math.floor(left));
    await this.#run(SET_STATEMENT_TIMEOUT, [String(ms), local]);
    this.#bound = ms;
    return true;
  }

  async #underDeadline(scope: DeadlineScope, config: unknown, values: unknown): Promise<unknown> {
    const verb = verbOf(config);
    if (verb === 'begin') {
      // Never refused: Drizzle releases the connection only once a transaction has begun. The
      // statement after it is refused instead, and the transaction rolls back.
      scope.open += 1;
      try {
        const result = await this.#run(config, values);
        this.#transaction = scope;
        this.#bound = undefined;
        await this.#tighten(scope, true).catch((err: unknown) => {
          this.#pending = err instanceof Error ? err : new DatabaseConnectionError(err);
        });
        return result;
      } catch (err) {
        scope.open -= 1;
        throw err;
      }
    }
    if (verb === 'commit' || verb === 'rollback') {
      // A COMMIT after the deadline is refused (the transaction then rolls back); ROLLBACK runs.
      if (verb === 'commit') refuseAfterDeadline(scope);
      try {
        const result = await this.#run(config, values);
        if (verb === 'commit' && this.#transaction === scope) markCommitted(scope);
        return result;
      } finally {
        if (this.#transaction === scope) {
          this.#transaction = undefined;
          this.#bound = undefined;
          this.#pending = undefined;
          scope.open -= 1;
        }
      }
    }
    refuseAfterDeadline(scope);
    if (this.#pending !== undefined) {
      const pending = this.#pending;
      this.#pending = undefined;
      throw pending;
    }
    if (this.#transaction === scope) {
      await this.#tighten(scope, true);
      return this.#cancelledAtDeadline(scope, this.#bound !== undefined, this.#run(config, values));
    }
    // A statement outside a transaction: its own limit, and the configured one back after it.
    scope.open += 1;
    try {
      const tightened = await this.#tighten(scope, false);
      try {
        const result = await this.#cancelledAtDeadline(scope, tightened, this.#run(config, values));
        if (mayWrite(textOf(config))) markCommitted(scope);
        return result;
      } finally {
        if (tightened) {
          this.#bound = undefined;
          const configured = this.#configuredBound;
          await this.#run(SET_STATEMENT_TIMEOUT, [
            String(Number.isFinite(configured) ? configured : 0),
            false,
          ]);
        }
      }
    } finally {
      scope.open -= 1;
    }
  }

  /**
   * A statement that PostgreSQL cancelled because the deadline came is reported as such: its
   * limit was the time left (`lowered`), and that has run out.
   */
  async #cancelledAtDeadline<T>(
    scope: DeadlineScope,
    lowered: boolean,
    work: Promise<T>,
  ): Promise<T> {
    try {
      return await work;
    } catch (err) {
      if (err instanceof pg.DatabaseError && err.code === '57014' && lowered) {
        scope.expired = true;
        throw new DeadlinePassedError(scope, err);
      }
      throw err;
    }
  }
}

/**
 * A pool whose failures to hand out a connection are DatabaseConnectionErrors too, as are its
 * one-off queries (`pool.query` also fails a query with the client's 'error' event).
 */
export class PortalPool extends pg.Pool {
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const scope = currentDeadline();
    if (scope && typeof values !== 'function' && typeof callback !== 'function') {
      return this.#queryUnderDeadline(scope, config, values) as never;
    }
    const query = super.query.bind(this) as (...args: unknown[]) => never;
    if (typeof values === 'function')
      return classifying((cb) => query(config, cb), values as Callback);
    return classifying(
      (cb) => query(config, values, cb),
      typeof callback === 'function' ? (callback as Callback) : undefined,
    );
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void,
  ): void;
  override connect(callback?: (err: Error | undefined, ...rest: never[]) => void) {
    const connect = super.connect.bind(this) as (cb?: Callback) => Promise<pg.PoolClient> | void;
    return classifying((cb) => connect(cb), callback as Callback | undefined);
  }

  /**
   * A one-off query of a write request: the pool may hand the connection over from another
   * request's callback, so the query is run under the request's deadline explicitly. As
   * `pool.query` does, a connection whose query failed is discarded.
   */
  async #queryUnderDeadline(
    scope: DeadlineScope,
    config: unknown,
    values: unknown,
  ): Promise<unknown> {
    refuseAfterDeadline(scope);
    const client = await this.connect();
    let failed: Error | undefined;
    try {
      return await withDeadline(scope, () => client.query(config as string, values as unknown[]));
    } catch (err) {
      if (!(err instanceof DeadlinePassedError) && err instanceof Error) failed = err;
      throw err;
    } finally {
      client.release(failed);
    }
  }
}
