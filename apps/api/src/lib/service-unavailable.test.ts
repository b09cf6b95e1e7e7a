import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { DatabaseHandle } from '../db/client.js';
import {
  DatabaseInterruptedError,
  EmbeddedDatabaseBusyError,
  QueryOutsideTransactionError,
} from '../db/embedded-connection.js';
import { createPostgresTestDatabase, requirePostgres } from '../test/database.js';
import { DatabaseConnectionError } from '../db/connection-error.js';
import { unavailableReason } from './service-unavailable.js';

/** As PostgreSQL answers an error: a pg DatabaseError with its SQLSTATE. */
const withCode = (code: string, message = 'server error') =>
  Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
/** As Drizzle hands driver errors to services: wrapped, the driver's error as `cause`. */
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('which errors mean "try again later"', () => {
  it('recognises waits that ran out and connections that went away, also wrapped by Drizzle', () => {
    expect(unavailableReason(wrapped(withCode('57014')))).toBe('busy'); // statement_timeout
    expect(unavailableReason(wrapped(withCode('55P03')))).toBe('busy'); // lock_timeout
    expect(unavailableReason(wrapped(withCode('40P01')))).toBe('busy'); // deadlock victim
    expect(unavailableReason(withCode('08006'))).toBe('busy');
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(unavailableReason(new DatabaseConnectionError(refused))).toBe('busy');
    expect(unavailableReason(wrapped(new DatabaseConnectionError(new Error('any wording'))))).toBe(
      'busy',
    );
    expect(unavailableReason(wrapped(new EmbeddedDatabaseBusyError(5000)))).toBe('busy');
    expect(unavailableReason(wrapped(new DatabaseInterruptedError()))).toBe('stopping');
    expect(unavailableReason(withCode('FST_ERR_HANDLER_TIMEOUT'))).toBe('slow');
  });

  it('leaves faults and broken rules alone (they are 4xx or 500)', () => {
    expect(unavailableReason(wrapped(withCode('23505')))).toBeUndefined(); // unique violation
    expect(unavailableReason(wrapped(withCode('23514')))).toBeUndefined(); // check violation
    expect(unavailableReason(wrapped(new QueryOutsideTransactionError()))).toBeUndefined();
    expect(unavailableReason(new TypeError('x is undefined'))).toBeUndefined();
    // Only the database's own failures count: a code or a message elsewhere is not one of them.
    expect(unavailableReason(Object.assign(new Error('x'), { code: '57014' }))).toBeUndefined();
    expect(unavailableReason(new Error('Connection terminated unexpectedly'))).toBeUndefined();
    expect(unavailableReason('not an error')).toBeUndefined();
  });
});

const serverUrl = requirePostgres('statement timeout');

describe.skipIf(!serverUrl)('statement timeout (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createPostgresTestDatabase(serverUrl ?? '', { statementTimeoutMs: 200 });
  });
  afterAll(() => handle.close());

  it('cancels a statement that runs too long, as a "try again later"', async () => {
    const started = Date.now();
    const error = await handle.db.execute(sql`select pg_sleep(5)`).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(unavailableReason(error)).toBe('busy');
    // The connection is fine afterwards.
    await expect(handle.db.execute(sql`select 1`)).resolves.toBeDefined();
  });
});
