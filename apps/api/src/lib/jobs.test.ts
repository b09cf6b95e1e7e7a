import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { scheduledJobs } from '../db/schema/index.js';
import type { DatabaseHandle } from '../db/client.js';
import {
  createPostgresTestDatabase,
  createTestDatabase,
  requirePostgres,
} from '../test/database.js';
import { testDeps } from '../test/app.js';
import { fixedClock, type Clock } from './clock.js';
import { currentDeadline, deadlineScope, withDeadline } from '../db/request-deadline.js';
import {
  registerJobs,
  runDueJobs,
  startJobWorker,
  wakeJobWorkers,
  type ScheduledJob,
} from './jobs.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A job worker over one job, as the server starts it, polling once a minute (so only its start
 * and a wake run the job); `logs` holds what it logged, each call's arguments.
 */
function startTestWorker(handle: DatabaseHandle, clock: Clock, job: ScheduledJob) {
  const logs: unknown[] = [];
  const logger = {
    info: (...args: unknown[]) => logs.push(args),
    error: (...args: unknown[]) => logs.push(args),
  } as unknown as FastifyBaseLogger;
  const worker = startJobWorker({
    deps: testDeps(handle.db, clock),
    jobs: [job],
    logger,
    pollMs: 60_000,
  });
  return { worker, logs };
}

async function jobRow(handle: DatabaseHandle, name: string) {
  const [row] = await handle.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
  return row;
}

describe('scheduled jobs', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('runs a job when due, once per call, then not before its interval has passed', async () => {
    const clock = fixedClock('2025-06-15T09:00:00Z');
    const deps = testDeps(handle.db, clock);
    const runs: string[] = [];
    const job: ScheduledJob = {
      name: 'counting',
      schedule: { everyMs: HOUR },
      handler: async (_deps, now) => {
        runs.push(now.toISOString());
        return { counted: runs.length };
      },
    };
    await registerJobs(handle.db, [job], clock.now());
    expect(await runDueJobs(deps, [job])).toEqual([
      { name: 'counting', status: 'done', result: { counted: 1 } },
    ]);
    expect(await runDueJobs(deps, [job])).toEqual([]);
    clock.advance(59 * MINUTE);
    expect(await runDueJobs(deps, [job])).toEqual([]);
    clock.advance(MINUTE);
    await runDueJobs(deps, [job]);
    expect(runs).toEqual(['2025-06-15T09:00:00.000Z', '2025-06-15T10:00:00.000Z']);
    const row = await jobRow(handle, 'counting');
    expect(row?.nextRunAt.toISOString()).toBe('2025-06-15T11:00:00.000Z');
    expect(row?.failures).toBe(0);
  });

  it('keeps the schedule of a job already registered (a restart neither delays nor repeats it)', async () => {
    const clock = fixedClock('2025-06-15T12:00:00Z');
    const job: ScheduledJob = {
      name: 'counting',
      schedule: { everyMs: HOUR },
      handler: async () => undefined,
    };
    await registerJobs(handle.db, [job], clock.now());
    expect((await jobRow(handle, 'counting'))?.nextRunAt.toISOString()).toBe(
      '2025-06-15T11:00:00.000Z',
    );
  });

  it('follows a calendar rule', async () => {
    const clock = fixedClock('2025-06-15T09:00:00Z');
    const job: ScheduledJob = {
      name: 'daily',
      schedule: {
        next: (now) =>
          new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)),
      },
      handler: async () => undefined,
    };
    await registerJobs(handle.db, [job], clock.now());
    await runDueJobs(testDeps(handle.db, clock), [job]);
    expect((await jobRow(handle, 'daily'))?.nextRunAt.toISOString()).toBe(
      '2025-06-16T00:00:00.000Z',
    );
  });

  it('records a failure and retries after a back-off, never later than the schedule', async () => {
    const clock = fixedClock('2025-06-15T09:00:00Z');
    const deps = testDeps(handle.db, clock);
    let fail = true;
    const job: ScheduledJob = {
      name: 'flaky',
      schedule: { everyMs: 3 * MINUTE },
      handler: async () => {
        if (fail) throw new Error('the bank file was not there');
        return 'ok';
      },
    };
    await registerJobs(handle.db, [job], clock.now());
    const [outcome] = await runDueJobs(deps, [job]);
    expect(outcome?.status).toBe('failed');
    let row = await jobRow(handle, 'flaky');
    expect(row).toMatchObject({ failures: 1, lastError: 'Error: the bank file was not there' });
    expect(row?.nextRunAt.toISOString()).toBe('2025-06-15T09:01:00.000Z');
    clock.advance(MINUTE);
    await runDueJobs(deps, [job]);
    row = await jobRow(handle, 'flaky');
    // 2² = 4 minutes, but the schedule says 3.
    expect(row?.failures).toBe(2);
    expect(row?.nextRunAt.toISOString()).toBe('2025-06-15T09:04:00.000Z');
    fail = false;
    clock.advance(3 * MINUTE);
    await runDueJobs(deps, [job]);
    expect(await jobRow(handle, 'flaky')).toMatchObject({ failures: 0, lastError: null });
  });

  it('makes a run cut short by a stop due again at once', async () => {
    const clock = fixedClock('2025-06-15T09:00:00Z');
    const deps = testDeps(handle.db, clock);
    const stop = new AbortController();
    const job: ScheduledJob = {
      name: 'long',
      schedule: { everyMs: HOUR },
      handler: async (_deps, _now, signal) => {
        stop.abort();
        return signal.aborted ? 'gave up between batches' : 'done';
      },
    };
    await registerJobs(handle.db, [job], clock.now());
    expect(await runDueJobs(deps, [job], stop.signal)).toEqual([
      { name: 'long', status: 'stopped' },
    ]);
    expect((await jobRow(handle, 'long'))?.nextRunAt.toISOString()).toBe(
      '2025-06-15T09:00:00.000Z',
    );
  });

  it('a worker runs due jobs at start and stops promptly, telling the running job to stop', async () => {
    const clock = fixedClock('2025-06-15T09:00:00Z');
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const job: ScheduledJob = {
      name: 'waits-for-stop',
      schedule: { everyMs: HOUR },
      handler: (_deps, _now, signal) =>
        new Promise((resolve) => {
          started();
          signal.addEventListener('abort', () => resolve('stopped early'), { once: true });
        }),
    };
    const { worker } = startTestWorker(handle, clock, job);
    await running;
    expect(worker.state().running?.job).toBe('waits-for-stop');
    const before = Date.now();
    await worker.stop();
    expect(Date.now() - before).toBeLessThan(2_000);
    expect(worker.state()).toEqual({ stopped: true, running: null });
    expect((await jobRow(handle, 'waits-for-stop'))?.nextRunAt.toISOString()).toBe(
      '2025-06-15T09:00:00.000Z',
    );
  });

  it("runs what a request wakes outside the request's deadline (a long job is not cut off when the request's time is up)", async () => {
    const clock = fixedClock('2025-06-15T09:00:00Z');
    const seen: Array<{ deadline: boolean; rows: number }> = [];
    const job: ScheduledJob = {
      name: 'woken-by-a-request',
      schedule: { everyMs: HOUR },
      handler: async (d) => {
        const deadline = currentDeadline() !== undefined;
        // A query under a passed deadline would be refused (DeadlinePassedError).
        const rows = (await d.db.select().from(scheduledJobs)).length;
        seen.push({ deadline, rows });
        return rows;
      },
    };
    const { worker, logs } = startTestWorker(handle, clock, job);
    try {
      await expect.poll(() => seen.length).toBe(1);
      await expect.poll(() => worker.state().running).toBeNull();
      clock.advance(HOUR);
      // A request whose deadline has passed (as a long posting's request has, long before its
      // job ends) wakes the worker, as queuing an officer job does.
      const scope = deadlineScope(Date.now() - 1);
      scope.expired = true;
      withDeadline(scope, () => setImmediate(wakeJobWorkers));
      await expect.poll(() => seen.length).toBe(2);
      expect(seen[1]).toEqual({ deadline: false, rows: expect.any(Number) });
      expect(logs.filter((args) => JSON.stringify(args).includes('failed'))).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('refuses two jobs of one name', async () => {
    const job: ScheduledJob = { name: 'twin', schedule: { everyMs: HOUR }, handler: async () => 1 };
    await expect(registerJobs(handle.db, [job, job], new Date())).rejects.toThrow(/twin/);
  });
});

const serverUrl = requirePostgres('scheduled jobs concurrency');
describe.skipIf(!serverUrl)('scheduled jobs across processes (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createPostgresTestDatabase(serverUrl ?? '');
  });
  afterAll(() => handle.close());

  it('runs a due job once however many processes poll at the same moment', async () => {
    const clock = fixedClock('2025-06-15T09:00:00Z');
    let runs = 0;
    const job: ScheduledJob = {
      name: 'once',
      schedule: { everyMs: HOUR },
      handler: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
    };
    await registerJobs(handle.db, [job], clock.now());
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => runDueJobs(testDeps(handle.db, clock), [job])),
    );
    expect(runs).toBe(1);
    expect(outcomes.flat()).toHaveLength(1);
  });
});
