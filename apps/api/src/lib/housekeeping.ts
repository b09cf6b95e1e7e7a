import { and, inArray, lt } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_RETENTION_HOURS } from '@coop/shared/constants';
import {
  idempotencyKeys,
  officerJobs,
  oneTimeTokens,
  rateLimitEvents,
  refreshTokens,
  signInAttempts,
} from '../db/schema/index.js';
import type { Database } from '../db/client.js';
import type { ScheduledJob } from './jobs.js';
import { foldMemberDataChanges } from './member-read-cache.js';
import { pruneSent } from './outbox.js';
import { OUTBOX_CHANNELS } from './outbox-channels.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long technical rows outlive their use. No rule reads sign-in attempts older than a day or
 * rate-limit events older than 15 minutes; the audit log keeps the permanent record of sign-ins.
 * Sent messages are kept as long as their outbox channel says (`keepSentMs`, decision 168).
 */
export const RETENTION_MS = {
  signInAttempts: 30 * DAY_MS,
  rateLimitEvents: DAY_MS,
  expiredTokens: 7 * DAY_MS,
  // A key (and the whole answer stored with it) serves retries, which come within minutes.
  idempotencyKeys: IDEMPOTENCY_KEY_RETENTION_HOURS * HOUR_MS,
  // A finished officer job is read by the screen that follows it, within minutes; what it did is
  // in the business rows and the audit log (docs/decisions/102-officer-job-retention.md).
  finishedOfficerJobs: 30 * DAY_MS,
} as const;

/**
 * Every outbox channel by the same rule: sent messages older than the channel keeps them go;
 * failed ones stay for an operator to read. How many went, by channel.
 */
async function pruneOutboxes(db: Database, now: Date): Promise<Record<string, number>> {
  const pruned: Record<string, number> = {};
  for (const channel of OUTBOX_CHANNELS) pruned[channel.name] = await pruneSent(db, channel, now);
  return pruned;
}

/** Deletes rows past their retention; returns how many of each kind went. */
export async function pruneExpiredRecords(db: Database, now: Date) {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const deleted = async (query: PromiseLike<unknown[]>) => (await query).length;
  return {
    signInAttempts: await deleted(
      db
        .delete(signInAttempts)
        .where(lt(signInAttempts.createdAt, before(RETENTION_MS.signInAttempts)))
        .returning({ id: signInAttempts.id }),
    ),
    rateLimitEvents: await deleted(
      db
        .delete(rateLimitEvents)
        .where(lt(rateLimitEvents.createdAt, before(RETENTION_MS.rateLimitEvents)))
        .returning({ id: rateLimitEvents.id }),
    ),
    oneTimeTokens: await deleted(
      db
        .delete(oneTimeTokens)
        .where(lt(oneTimeTokens.expiresAt, before(RETENTION_MS.expiredTokens)))
        .returning({ id: oneTimeTokens.id }),
    ),
    refreshTokens: await deleted(
      db
        .delete(refreshTokens)
        .where(lt(refreshTokens.expiresAt, before(RETENTION_MS.expiredTokens)))
        .returning({ id: refreshTokens.id }),
    ),
    sentMessages: await pruneOutboxes(db, now),
    idempotencyKeys: await deleted(
      db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, before(RETENTION_MS.idempotencyKeys)))
        .returning({ key: idempotencyKeys.key }),
    ),
    // Only finished jobs: a queued or running one is work still to do, however old.
    officerJobs: await deleted(
      db
        .delete(officerJobs)
        .where(
          and(
            inArray(officerJobs.state, ['succeeded', 'failed']),
            lt(officerJobs.finishedAt, before(RETENTION_MS.finishedOfficerJobs)),
          ),
        )
        .returning({ id: officerJobs.id }),
    ),
  };
}

/**
 * Prunes once an hour, as a scheduled job (lib/jobs.ts): one process at a time does it, and the
 * deletes are idempotent should a run be repeated after a stop. It also folds the change rows of
 * every member into one each (decision 179): a member who never reads would otherwise keep a row
 * per change for ever.
 */
export const housekeepingJob: ScheduledJob = {
  name: 'housekeeping',
  schedule: { everyMs: HOUR_MS },
  handler: async (deps, now) => ({
    ...(await pruneExpiredRecords(deps.db, now)),
    memberDataChangesFolded: await foldMemberDataChanges(deps.db),
  }),
};
