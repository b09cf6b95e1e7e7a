import pg from 'pg';
import { StatementCachingClient } from './statement-cache.js';

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

/** The pool's client: names repeated statements, and reports a failed connection as such. */
export class PortalClient extends StatementCachingClient {
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    // A streaming query (cursor) reports on its own events; left as it is.
    if (typeof (config as { submit?: unknown } | null)?.submit === 'function') {
      return super.query(config, values, callback);
    }
    const query = super.query.bind(this);
    if (typeof values === 'function') {
      return classifying((cb) => query(config, cb), values as Callback);
    }
    return classifying(
      (cb) => query(config, values, cb),
      typeof callback === 'function' ? (callback as Callback) : undefined,
    );
  }
}

/**
 * A pool whose failures to hand out a connection are DatabaseConnectionErrors too, as are its
 * one-off queries (`pool.query` also fails a query with the client's 'error' event).
 */
export class PortalPool extends pg.Pool {
  override query(config: unknown, values?: unknown, callback?: unknown): never {
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
}
