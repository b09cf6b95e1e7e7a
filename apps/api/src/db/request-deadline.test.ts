import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createEmbeddedTestDatabase,
  createPostgresTestDatabase,
  testDatabaseUrl,
} from '../test/database.js';
import { queryRows, type DatabaseHandle } from './client.js';
import { DeadlinePassedError, deadlineScope, withDeadline } from './request-deadline.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The error under Drizzle's wrapping. */
async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (err) {
    let e: unknown = err;
    while (e instanceof Error && !(e instanceof DeadlinePassedError) && e.cause instanceof Error) {
      e = e.cause;
    }
    return e;
  }
  return undefined;
}

const LIMITS = { statementTimeoutMs: 10_000, lockTimeoutMs: 5_000 };

const drivers: [string, () => Promise<DatabaseHandle>][] = [
  ['embedded', () => createEmbeddedTestDatabase(LIMITS)],
];
if (testDatabaseUrl) {
  drivers.push(['PostgreSQL', () => createPostgresTestDatabase(testDatabaseUrl!, LIMITS)]);
}

describe.each(drivers)('a write request’s deadline (%s)', (kind, open) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    await handle.db.execute(sql`create table deadline_probe (n int)`);
  });
  afterAll(() => handle.close());

  const rows = async () =>
    (await queryRows<{ n: number }>(handle.db, sql`select n from deadline_probe order by n`)).map(
      (row) => row.n,
    );

  it('refuses the COMMIT of a transaction still open at the deadline, and rolls it back', async () => {
    const scope = deadlineScope(Date.now() + 200);
    const error = await failureOf(
      withDeadline(scope, () =>
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into deadline_probe values (1)`);
          await sleep(300);
        }),
      ),
    );
    expect(error).toBeInstanceOf(DeadlinePassedError);
    expect((error as DeadlinePassedError).partly).toBe(false);
    expect(scope.expired).toBe(true);
    expect(scope.open).toBe(0);
    expect(await rows()).toEqual([]);
  });

  it('refuses the next statement after the deadline, and rolls the transaction back', async () => {
    const scope = deadlineScope(Date.now() + 200);
    const error = await failureOf(
      withDeadline(scope, () =>
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into deadline_probe values (2)`);
          await sleep(300);
          await tx.execute(sql`insert into deadline_probe values (3)`);
        }),
      ),
    );
    expect(error).toBeInstanceOf(DeadlinePassedError);
    expect(await rows()).toEqual([]);
  });

  it('says whether an earlier transaction of the request had committed before the refusal', async () => {
    const scope = deadlineScope(Date.now() + 200);
    const error = await failureOf(
      withDeadline(scope, async () => {
        await handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into deadline_probe values (10)`);
        });
        await sleep(300);
        await handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into deadline_probe values (11)`);
        });
      }),
    );
    expect(error).toBeInstanceOf(DeadlinePassedError);
    expect((error as DeadlinePassedError).partly).toBe(true);
    expect(await rows()).toEqual([10]);
    await handle.db.execute(sql`delete from deadline_probe`);
    // A read outside a transaction commits nothing.
    const reading = deadlineScope(Date.now() + 5_000);
    await withDeadline(reading, async () => {
      await handle.db.execute(sql`select count(*) from deadline_probe`);
    });
    expect(reading.committed).toBe(false);
  });

  it('refuses a statement outside a transaction after the deadline', async () => {
    const scope = deadlineScope(Date.now() - 1);
    const error = await failureOf(
      // Drizzle runs a query when it is awaited: awaited here, under the deadline.
      withDeadline(scope, async () => {
        await handle.db.execute(sql`insert into deadline_probe values (4)`);
      }),
    );
    expect(error).toBeInstanceOf(DeadlinePassedError);
    expect(await rows()).toEqual([]);
  });

  it('commits work done before the deadline, and leaves work without one as it was', async () => {
    const scope = deadlineScope(Date.now() + 5_000);
    await withDeadline(scope, () =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into deadline_probe values (5)`);
      }),
    );
    await withDeadline(scope, async () => {
      await handle.db.execute(sql`insert into deadline_probe values (6)`);
    });
    expect(scope.open).toBe(0);
    await handle.db.transaction(async (tx) => {
      await sleep(50);
      await tx.execute(sql`insert into deadline_probe values (7)`);
    });
    expect(await rows()).toEqual([5, 6, 7]);
    await handle.db.execute(sql`delete from deadline_probe`);
  });

  if (kind === 'embedded') {
    it('ends the wait for the connection at the deadline', async () => {
      let release: () => void = () => undefined;
      const held = handle.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
      await sleep(20);
      const started = Date.now();
      const scope = deadlineScope(Date.now() + 200);
      try {
        const error = await failureOf(
          withDeadline(scope, async () => {
            await handle.db.execute(sql`insert into deadline_probe values (8)`);
          }),
        );
        expect(error).toBeInstanceOf(DeadlinePassedError);
        expect(Date.now() - started).toBeLessThan(1_000);
      } finally {
        release();
        await held;
      }
      expect(await rows()).toEqual([]);
    });
  } else {
    it('cancels a statement still running at the deadline, in a transaction and outside one', async () => {
      for (const inTransaction of [true, false]) {
        const started = Date.now();
        const scope = deadlineScope(Date.now() + 300);
        const sleepy = sql`insert into deadline_probe select 9 from pg_sleep(5)`;
        const error = await failureOf(
          withDeadline(scope, () =>
            inTransaction
              ? handle.db.transaction(async (tx) => {
                  await tx.execute(sleepy);
                })
              : (async () => {
                  await handle.db.execute(sleepy);
                })(),
          ),
        );
        expect(error).toBeInstanceOf(DeadlinePassedError);
        expect(Date.now() - started).toBeLessThan(1_500);
        expect(scope.open).toBe(0);
      }
      expect(await rows()).toEqual([]);
      // Every pooled connection is back at the configured limit.
      const settings = await Promise.all(
        Array.from({ length: 10 }, () =>
          handle.db.transaction(async (tx) => {
            const [row] = await queryRows<{ statement_timeout: string }>(
              tx,
              sql`show statement_timeout`,
            );
            await sleep(20);
            return row?.statement_timeout;
          }),
        ),
      );
      expect(new Set(settings)).toEqual(new Set(['10s']));
    });
  }
});
