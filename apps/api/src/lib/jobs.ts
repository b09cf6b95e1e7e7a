/**
 * Scheduled background jobs: the one mechanism (decision 060). A job has a name, a schedule (an
 * interval, or a function that says when the next run is due) and a handler `(deps, now, signal)`.
 * Its row in `scheduled_jobs`, on the same database as the business data, holds when it is due.
 *
 * Every API process runs a worker that, every few seconds, claims a due job with ONE statement:
 * the row is picked `FOR UPDATE SKIP LOCKED` and its `next_run_at` pushed a lease ahead, so a
 * second process skips it, and after a crash mid-run the job is taken over once the lease has
 * passed. The handler then runs with no transaction of the worker's open (it opens its own, short
 * ones, e.g. one per batch), as the outbox does for e-mail (decision 011): a long job never holds
 * the embedded database's only connection. The outcome sets the next run: the schedule after a
 * success, a back-off after a failure (never later than the schedule).
 *
 * Stopping aborts the handler's signal and waits for it; a handler checks the signal between
 * batches and returns early. A run cut short is due again at once (for the next start or another
 * instance), so handlers must be idempotent: run twice, they leave the state of one run.
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { scheduledJobs } from '../db/schema/index.js';
import type { Database } from '../db/client.js';
import type { Deps } from '../deps.js';
import { withoutDeadline } from '../db/request-deadline.js';

export type JobSchedule =
  /** Every `everyMs` after the start of the previous run. */
  | { everyMs: number }
  /** A calendar rule, e.g. every day at 01:00 Lagos time: the first due time after `now`. */
  | { next(now: Date): Date };

export interface ScheduledJob {
  /** Unique and stable: the row's key. */
  name: string;
  schedule: JobSchedule;
  /**
   * How long one run may take before another process may take the job over (default 10 min).
   * Longer than any run; shutdown and crashes are what it is for.
   */
  leaseMs?: number;
  /**
   * Does the work as of `now`. Idempotent; returns something worth logging (counts) or nothing
   * (then the run leaves no log line).
   * Checks `signal` between batches so a stop is prompt.
   */
  handler(deps: Deps, now: Date, signal: AbortSignal): Promise<unknown>;
}

const DEFAULT_LEASE_MS = 10 * 60_000;
/** How often a worker looks for due jobs. */
export const JOB_POLL_MS = 5_000;
/** After a failure: 1, 4, 9 … minutes, at most an hour and never later than the schedule. */
const MAX_BACKOFF_MS = 60 * 60_000;

export function nextRunAfter(schedule: JobSchedule, now: Date): Date {
  return 'everyMs' in schedule ? new Date(now.getTime() + schedule.everyMs) : schedule.next(now);
}

/**
 * Makes sure every job has its row, first due at `now` (a new job runs at the next poll). An
 * existing row keeps its schedule, so restarting the processes never delays nor repeats a run.
 */
export async function registerJobs(
  db: Database,
  jobs: readonly ScheduledJob[],
  now: Date,
): Promise<void> {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Two scheduled jobs are named '${job.name}'`);
    names.add(job.name);
  }
  if (jobs.length === 0) return;
  await db
    .insert(scheduledJobs)
    .values(jobs.map((job) => ({ name: job.name, nextRunAt: now })))
    .onConflictDoNothing({ target: scheduledJobs.name });
}

type Claimed = typeof scheduledJobs.$inferSelect;

/**
 * Claims the most overdue of `jobs` that is due at `now`: pushes its `next_run_at` a lease ahead
 * in the statement that picks it, skipping a row another process is claiming at that moment.
 */
async function claimNextDue(
  db: Database,
  jobs: ReadonlyMap<string, ScheduledJob>,
  now: Date,
): Promise<{ row: Claimed; job: ScheduledJob } | null> {
  const due = db
    .select({ name: scheduledJobs.name })
    .from(scheduledJobs)
    .where(and(inArray(scheduledJobs.name, [...jobs.keys()]), lte(scheduledJobs.nextRunAt, now)))
    .orderBy(asc(scheduledJobs.nextRunAt))
    .limit(1)
    .for('update', { skipLocked: true });
  // The longest lease of the jobs asked about: a lease only has to outlast the run.
  const leaseMs = Math.max(...[...jobs.values()].map((job) => job.leaseMs ?? DEFAULT_LEASE_MS));
  const [row] = await db
    .update(scheduledJobs)
    .set({ nextRunAt: new Date(now.getTime() + leaseMs), lastStartedAt: now, updatedAt: now })
    .where(inArray(scheduledJobs.name, due))
    .returning();
  if (!row) return null;
  const job = jobs.get(row.name);
  if (!job) return null;
  return { row, job };
}

export type JobOutcome =
  | { name: string; status: 'done'; result: unknown }
  | { name: string; status: 'failed'; error: unknown }
  | { name: string; status: 'stopped' };

/**
 * Runs one claimed job and records its outcome, guarded by the claim's start time so a process
 * whose lease ran out never overwrites the run of the process that took the job over.
 */
async function runClaimed(
  deps: Deps,
  { row, job }: { row: Claimed; job: ScheduledJob },
  now: Date,
  signal: AbortSignal,
): Promise<JobOutcome> {
  const ours = and(
    eq(scheduledJobs.name, row.name),
    eq(scheduledJobs.lastStartedAt, row.lastStartedAt ?? now),
  );
  let outcome: JobOutcome;
  try {
    const result = await job.handler(deps, now, signal);
    outcome = signal.aborted
      ? { name: job.name, status: 'stopped' }
      : { name: job.name, status: 'done', result };
  } catch (error) {
    outcome = signal.aborted
      ? { name: job.name, status: 'stopped' }
      : { name: job.name, status: 'failed', error };
  }
  const finishedAt = deps.clock.now();
  if (outcome.status === 'done') {
    await deps.db
      .update(scheduledJobs)
      .set({
        nextRunAt: nextRunAfter(job.schedule, now),
        lastFinishedAt: finishedAt,
        lastError: null,
        failures: 0,
        updatedAt: finishedAt,
      })
      .where(ours);
  } else if (outcome.status === 'failed') {
    const failures = row.failures + 1;
    const backoff = Math.min(failures * failures * 60_000, MAX_BACKOFF_MS);
    const retryAt = Math.min(now.getTime() + backoff, nextRunAfter(job.schedule, now).getTime());
    await deps.db
      .update(scheduledJobs)
      .set({
        nextRunAt: new Date(retryAt),
        lastFinishedAt: finishedAt,
        lastError: String(outcome.error),
        failures,
        updatedAt: finishedAt,
      })
      .where(ours);
  } else {
    // Cut short by a stop: due again at once, for the next start or another instance.
    await deps.db.update(scheduledJobs).set({ nextRunAt: now, updatedAt: finishedAt }).where(ours);
  }
  return outcome;
}

/**
 * Runs every job of `jobs` that is due now, one after another, each claimed as above; returns
 * what happened. The worker calls it on each poll; tests, the demo and the CLI call it directly.
 */
export async function runDueJobs(
  deps: Deps,
  jobs: readonly ScheduledJob[],
  signal: AbortSignal = new AbortController().signal,
): Promise<JobOutcome[]> {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const outcomes: JobOutcome[] = [];
  while (!signal.aborted && byName.size > 0) {
    const now = deps.clock.now();
    const claimed = await claimNextDue(deps.db, byName, now);
    if (!claimed) break;
    outcomes.push(await runClaimed(deps, claimed, now, signal));
    // A job runs at most once per call, even if its schedule makes it due again at once.
    byName.delete(claimed.job.name);
  }
  return outcomes;
}

/** The polls of this process's running workers (one in the server). */
const wakers = new Set<() => void>();

/**
 * Asks this process's job workers to look for due jobs now rather than at their next poll: what
 * a request that queued work calls (an officer job, decision 101), so it starts at once.
 */
export function wakeJobWorkers(): void {
  // The run is the worker's, not the waking request's: it must not inherit the request's
  // deadline (decision 095), or a long job would be cut off when the request's time is up.
  withoutDeadline(() => {
    for (const wake of wakers) wake();
  });
}

export interface JobWorker {
  /** No new run; the run in progress is told to stop (its signal) and waited for. */
  stop(): Promise<void>;
  /** What the worker is doing, for the log of a shutdown that ran out of time. */
  state(): { stopped: boolean; running: { job: string; forMs: number } | null };
}

/** Registers the jobs and polls for due ones until stopped (one worker per API process). */
export function startJobWorker(options: {
  deps: Deps;
  jobs: readonly ScheduledJob[];
  logger: FastifyBaseLogger;
  pollMs?: number;
}): JobWorker {
  const { deps, jobs, logger } = options;
  const abort = new AbortController();
  let stopped = false;
  let running: Promise<void> | null = null;
  let current: { job: string; since: number } | null = null;
  const tracked: ScheduledJob[] = jobs.map((job) => ({
    ...job,
    handler: async (d, now, signal) => {
      current = { job: job.name, since: Date.now() };
      try {
        return await job.handler(d, now, signal);
      } finally {
        current = null;
      }
    },
  }));
  let registered = false;

  const poll = () => {
    if (running || stopped) return;
    running = (async () => {
      if (!registered) {
        await registerJobs(deps.db, jobs, deps.clock.now());
        registered = true;
      }
      for (const outcome of await runDueJobs(deps, tracked, abort.signal)) {
        if (outcome.status === 'failed') {
          logger.error({ err: outcome.error, job: outcome.name }, 'scheduled job failed');
        } else if (outcome.status === 'done') {
          // A run that returns nothing (e.g. found no work) leaves no log line.
          if (outcome.result !== undefined) {
            logger.info({ job: outcome.name, result: outcome.result }, 'scheduled job done');
          }
        } else {
          logger.info({ job: outcome.name }, 'scheduled job stopped; due again at once');
        }
      }
    })()
      .catch((err: unknown) => logger.error({ err }, 'job worker failed'))
      .finally(() => {
        running = null;
      });
  };
  wakers.add(poll);
  const timer = setInterval(poll, options.pollMs ?? JOB_POLL_MS);
  timer.unref();
  // The first look right away: a job due at start-up (e.g. after a stop) runs without waiting.
  setImmediate(poll);

  return {
    async stop() {
      stopped = true;
      wakers.delete(poll);
      clearInterval(timer);
      abort.abort();
      await running;
    },
    state: () => ({
      stopped,
      running: current && { job: current.job, forMs: Date.now() - current.since },
    }),
  };
}
