/**
 * Officer jobs (decision 101): back-office work too long for one request (a members import,
 * posting a payroll month, paying a dividend year). The request checks what is cheap to check,
 * writing nothing (a refusal answers at once, 422 with the rows to fix), then queues a job row and
 * answers 202 Accepted with it. The `officer-jobs` scheduled job (lib/jobs.ts, decision 060: one
 * process at a time across instances) runs queued jobs oldest first.
 *
 * A job runs in batches. Each batch is ONE transaction that locks the job's row, does the next
 * rows of the work, and records `done` with them, so:
 * - the progress a status read sees is committed, and between batches the embedded database's one
 *   connection is free for other requests (a status read never waits for the whole job);
 * - a run cut short (stop, crash) leaves whole batches only, and the next run resumes after the
 *   last one that committed: every kind's batches are idempotent (see their service functions);
 * - the last batch marks the job succeeded with its summary in the same commit as its rows.
 * A batch that is refused rolls back alone and the job fails with the refusal; what earlier
 * batches did stays done, and the error says how far it got.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type {
  OfficerJob,
  OfficerJobError,
  OfficerJobKind,
  OfficerJobResponse,
} from '@coop/shared/jobs';
import { hasPermission, type Permission } from '@coop/shared/officers';
import { officerJobs, users } from '../db/schema/index.js';
import type { Tx } from '../db/client.js';
import type { Deps } from '../deps.js';
import type { MemberActor } from './actor.js';
import { yieldToOtherRequests } from './chunks.js';
import { DomainError, notFound } from './domain-error.js';
import { wakeJobWorkers, type ScheduledJob } from './jobs.js';

type JobRow = typeof officerJobs.$inferSelect;

/** A job as its kind's batch sees it. */
export type OfficerJobRow = JobRow;

/** What one batch did: rows done of the total, what later batches keep, and at the end the summary. */
export interface OfficerJobStep {
  done: number;
  total: number;
  plan?: unknown;
  /** Set by the last batch: the job's summary, as the request used to answer it. */
  finished?: unknown;
}

/** How a kind of job does its work; each module exports its own from its service file. */
export interface OfficerJobWork {
  /** One batch, in `deps.db` (the batch's transaction, which holds the job's row). */
  batch(
    deps: Deps & { db: Tx },
    actor: MemberActor,
    job: JobRow,
    memory: Record<string, unknown>,
  ): Promise<OfficerJobStep>;
  /** The summary sentence of a job that succeeded. */
  message(result: never): string;
  /** Said before the refusal of a job that failed after `done` of `total` rows. */
  partly(done: number, total: number): string;
}

export type OfficerJobWorks = Readonly<Record<OfficerJobKind, OfficerJobWork>>;

/** A run cut short is resumed; past this many runs the job is given up. */
export const OFFICER_JOB_MAX_RUNS = 3;

/** The status a job's reader sees. */
function toView(row: JobRow): OfficerJob {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    done: row.done,
    total: row.total,
    result: row.state === 'succeeded' ? row.result : null,
    message: row.message,
    error: (row.error as OfficerJobError | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  } as OfficerJob;
}

/** The status URL of a job: the 202 answer's `Location`. */
export const officerJobUrl = (id: string) => `/api/v1/admin/jobs/${id}`;

/**
 * The answer of a request that queued an officer job: 202 Accepted (the caller set it), the job,
 * and where to ask how it is going. A replay of the request (same Idempotency-Key) gives the same
 * job, so the header is set here, after the replay too.
 */
export function accepted(reply: FastifyReply, body: OfficerJobResponse): OfficerJobResponse {
  void reply.header('location', officerJobUrl(body.data.id));
  // Committed by now: the worker may start it at once instead of at its next poll.
  setImmediate(wakeJobWorkers);
  return body;
}

/**
 * Queues a job in `deps.db` (the request's transaction when it sent an Idempotency-Key, so the
 * stored 202 answer and the job commit together). `total` is the request's count of the rows
 * to do, shown until the job's first batch counts them again.
 */
export async function queueOfficerJob(
  deps: Deps,
  actor: MemberActor,
  job: { kind: OfficerJobKind; input: unknown; total: number },
): Promise<OfficerJob> {
  const { user, ip, userAgent, sessionId, amr } = actor;
  const [row] = await deps.db
    .insert(officerJobs)
    .values({
      kind: job.kind,
      requestedBy: user.id,
      actor: { user, ip, userAgent, sessionId, amr },
      input: job.input,
      total: job.total,
      createdAt: deps.clock.now(),
    })
    .returning();
  if (!row) throw new Error('The job was not queued');
  return toView(row);
}

/**
 * GET /admin/jobs/{id}: a job of the caller's. Another officer's job, like an unknown one, is
 * not found: the progress and summary (names, e-mails, amounts) are the requester's.
 */
export async function officerJobStatus(
  deps: Deps,
  actor: MemberActor,
  id: string,
): Promise<OfficerJob> {
  const [row] = await deps.db
    .select()
    .from(officerJobs)
    .where(and(eq(officerJobs.id, id), eq(officerJobs.requestedBy, actor.user.id)));
  if (!row) throw notFound('Job');
  return toView(row);
}

/** What a failed job says: the refusal's code, message and details, as the request answered. */
function jobError(error: unknown): OfficerJobError {
  if (error instanceof DomainError) {
    return {
      code: error.code,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
    };
  }
  return {
    code: 'INTERNAL_ERROR',
    message: 'The job failed because of an error in the portal.',
  };
}

/**
 * The duty each kind of job does: the permission of the route that queues it
 * (plugins/route-permissions.ts, docs/officers.md).
 */
const JOB_PERMISSIONS: Readonly<Record<OfficerJobKind, Permission>> = {
  'members.import': 'members.manage',
  'payroll.post': 'payroll.import',
  'dividends.pay': 'dividends.manage',
};

/**
 * The officer who asked for the job, as they are now: each batch acts with their current roles, so
 * an officer suspended, or relieved of the duty, after queuing a job cannot finish it through the
 * job (the request's own check ran only when it was queued).
 */
async function requesterNow(tx: Tx, row: JobRow): Promise<MemberActor> {
  const asked = row.actor as MemberActor;
  const [now] = await tx
    .select({ roles: users.roles, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, row.requestedBy));
  if (!now?.isActive || !hasPermission(now.roles, JOB_PERMISSIONS[row.kind])) {
    throw new DomainError({
      code: 'FORBIDDEN',
      message: 'The officer who started this job may no longer do this work, so it stopped.',
    });
  }
  return { ...asked, user: { ...asked.user, roles: now.roles, isActive: true } };
}

/** One batch in its own transaction: 'more' to do, 'ended' (finished, or no longer running). */
async function runBatch(
  deps: Deps,
  works: OfficerJobWorks,
  id: string,
  memory: Record<string, unknown>,
): Promise<'more' | 'ended'> {
  return deps.db.transaction(async (tx) => {
    // Held to the commit: a second runner (a lease that ran out) waits here, then sees `done`.
    const [row] = await tx.select().from(officerJobs).where(eq(officerJobs.id, id)).for('update');
    if (!row || row.state !== 'running') return 'ended';
    const work = works[row.kind];
    const actor = await requesterNow(tx, row);
    const step = await work.batch({ ...deps, db: tx }, actor, row, memory);
    const now = deps.clock.now();
    if (step.finished !== undefined) {
      await tx
        .update(officerJobs)
        .set({
          state: 'succeeded',
          done: step.done,
          total: step.total,
          result: step.finished,
          message: work.message(step.finished as never),
          input: null,
          plan: null,
          finishedAt: now,
          updatedAt: now,
        })
        .where(eq(officerJobs.id, id));
      return 'ended';
    }
    await tx
      .update(officerJobs)
      .set({
        done: step.done,
        total: step.total,
        plan: step.plan ?? row.plan,
        updatedAt: now,
      })
      .where(eq(officerJobs.id, id));
    return 'more';
  });
}

async function fail(
  deps: Deps,
  works: OfficerJobWorks,
  id: string,
  error: OfficerJobError,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(officerJobs).where(eq(officerJobs.id, id)).for('update');
    if (!row || row.state !== 'running') return;
    const partly = row.done > 0 ? `${works[row.kind].partly(row.done, row.total)} ` : '';
    await tx
      .update(officerJobs)
      .set({
        state: 'failed',
        error: { ...error, message: `${partly}${error.message}` },
        input: null,
        plan: null,
        finishedAt: now,
        updatedAt: now,
      })
      .where(eq(officerJobs.id, id));
  });
}

export type OfficerJobRun = { id: string; outcome: 'ended' | 'stopped' | 'failed'; error?: string };

/**
 * Runs (or resumes) one job until it ends or `signal` stops it. A job found 'running' was left
 * so by a run that stopped or died: it resumes after its last committed batch.
 */
export async function runOfficerJob(
  deps: Deps,
  works: OfficerJobWorks,
  id: string,
  signal: AbortSignal,
): Promise<OfficerJobRun> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(officerJobs)
    .set({
      state: 'running',
      attempts: sql`${officerJobs.attempts} + 1`,
      startedAt: sql`coalesce(${officerJobs.startedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(and(eq(officerJobs.id, id), inArray(officerJobs.state, ['queued', 'running'])))
    .returning();
  if (!row) return { id, outcome: 'ended' };
  if (row.attempts > OFFICER_JOB_MAX_RUNS) {
    await fail(deps, works, id, {
      code: 'JOB_INTERRUPTED',
      message: `The job was interrupted ${row.attempts - 1} times and was given up.`,
    });
    return { id, outcome: 'failed', error: 'given up after interruptions' };
  }
  const memory: Record<string, unknown> = {};
  try {
    for (;;) {
      if (signal.aborted) {
        // A stop (or a pause of the scheduled job) is not the job's fault: it does not count.
        await deps.db
          .update(officerJobs)
          .set({ attempts: sql`${officerJobs.attempts} - 1` })
          .where(and(eq(officerJobs.id, id), eq(officerJobs.state, 'running')));
        return { id, outcome: 'stopped' };
      }
      if ((await runBatch(deps, works, id, memory)) === 'ended') return { id, outcome: 'ended' };
      // Requests waiting on this process go first (on the embedded database, their queries).
      await yieldToOtherRequests();
    }
  } catch (error) {
    await fail(deps, works, id, jobError(error));
    return { id, outcome: 'failed', error: String(error) };
  }
}

/** How long one run of the scheduled job works before it lets the next poll go on. */
const OFFICER_JOBS_RUN_MS = 4 * 60_000;

/**
 * The scheduled job that runs officer jobs, oldest first, one process at a time (decision 060).
 * Due at every poll of the worker. A run pauses between batches after four minutes, well inside
 * its lease (the default ten), and the next poll goes on: so a process that dies mid-job leaves
 * it to another within the lease.
 */
export const officerJobsJob = (works: OfficerJobWorks): ScheduledJob => ({
  name: 'officer-jobs',
  schedule: { everyMs: 1_000 },
  async handler(deps, _now, stop) {
    const signal = AbortSignal.any([stop, AbortSignal.timeout(OFFICER_JOBS_RUN_MS)]);
    const runs: OfficerJobRun[] = [];
    while (!signal.aborted) {
      const [next] = await deps.db
        .select({ id: officerJobs.id })
        .from(officerJobs)
        .where(inArray(officerJobs.state, ['queued', 'running']))
        .orderBy(asc(officerJobs.createdAt))
        .limit(1);
      if (!next) break;
      const run = await runOfficerJob(deps, works, next.id, signal);
      runs.push(run);
      if (run.outcome === 'stopped') break;
    }
    return runs.length > 0 ? { runs } : undefined;
  },
});
