import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import { settlesBy } from './deadline.js';

/** A background worker as the shutdown sees it. */
export interface Worker {
  name: string;
  stop(): Promise<void>;
  state(): unknown;
}

/**
 * After the deadline: how long the database gets to close once interrupted (open transactions
 * roll back at their next statement). Past it the process exits anyway; PostgreSQL rolls back
 * what a vanished connection left open, and the embedded database recovers on its next start.
 */
export const FORCED_CLOSE_GRACE_MS = 1_000;

export type ShutdownOutcome = 'clean' | 'cut-short';

/**
 * Stops a running server in order: stop accepting connections and let in-flight requests finish
 * (`app.close()`, then their handlers, even those whose client left: see plugins/drain.ts), stop
 * the workers, close the database. All of it by
 * `deadline`; if that passes, what was still pending is logged, the remaining connections are
 * closed, the database is interrupted and closed, and the outcome is 'cut-short'.
 */
export async function shutDown(
  parts: { app: FastifyInstance; workers: Worker[]; database: DatabaseHandle },
  options: { deadline: number; logger: FastifyBaseLogger },
): Promise<ShutdownOutcome> {
  const { app, workers, database } = parts;
  const { logger } = options;
  let step = 'finishing in-flight requests';
  const orderly = (async () => {
    await app.close();
    await app.requestsSettled();
    step = 'stopping the workers';
    await Promise.all(workers.map((worker) => worker.stop()));
    step = 'closing the database';
    await database.close();
  })();
  orderly.catch((err: unknown) => logger.error({ err, step }, 'shutdown step failed'));
  if (await settlesBy(orderly, options.deadline)) return 'clean';

  logger.error(
    {
      step,
      openRequests: app.openRequests(),
      workers: Object.fromEntries(workers.map((worker) => [worker.name, worker.state()])),
      database: database.activity(),
    },
    `shutdown ran out of time while ${step}; closing what is left`,
  );
  // Requests still running lose their connection: their clients see it close, not a false answer.
  app.server.closeAllConnections();
  database.interrupt();
  const closed = database.close();
  closed.catch((err: unknown) => logger.error({ err }, 'database close failed'));
  if (!(await settlesBy(closed, Date.now() + FORCED_CLOSE_GRACE_MS))) {
    logger.error({ database: database.activity() }, 'database did not close; exiting anyway');
  }
  return 'cut-short';
}
