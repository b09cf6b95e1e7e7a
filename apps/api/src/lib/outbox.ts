import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { Clock } from './clock.js';

/**
 * The outbox (docs/decisions/168-one-outbox-worker-over-channels.md): messages are written in the
 * transaction of the change that causes them and delivered afterwards by one worker, whatever
 * carries them. A channel (e-mail, text message) is a table of queued messages and the rules for
 * them; a sender delivers that channel's messages. Adding a channel is a table with the columns of
 * `OutboxTable`, an `OutboxChannel` and an `OutboxSender`: the claim, lease, retries, stop,
 * pruning and metrics below serve it unchanged.
 */

/** The columns every outbox table has (db/schema/system.ts): what the worker reads and writes. */
export type OutboxTable = PgTable & {
  id: AnyPgColumn;
  status: AnyPgColumn;
  attempts: AnyPgColumn;
  lastError: AnyPgColumn;
  availableAt: AnyPgColumn;
  sentAt: AnyPgColumn;
  createdAt: AnyPgColumn;
  $inferSelect: { id: string; attempts: number };
};

/** A queued message of the channel's table. */
export type OutboxMessage<T extends OutboxTable> = T['$inferSelect'];
/** Columns a sender records on a message (the gateway's id, a body without its links). */
export type OutboxUpdate<T extends OutboxTable> = PgUpdateSetSource<T>;

/** A channel's queue and its rules: what housekeeping and the metrics need, with no settings. */
export interface OutboxChannel<T extends OutboxTable = OutboxTable> {
  /** Its name in the log, the shutdown report and the metrics' `channel` label. */
  readonly name: string;
  readonly table: T;
  /**
   * A claimed message is hidden from every worker this long. It must outlast one delivery, so no
   * other process sends it meanwhile; if the process dies mid-delivery, the message is tried again
   * once the lease has passed.
   */
  readonly leaseMs: number;
  /** Attempts before a message is given up as failed: the first and the retries. */
  readonly maxAttempts: number;
  /** Minutes to wait after the n-th failed attempt before the next. */
  readonly retryDelayMinutes: (attempts: number) => number;
  /** How long housekeeping keeps a sent message; a failed one stays for an operator to read. */
  readonly keepSentMs: number;
}

/** How one channel's messages leave, built from the settings of the process that sends them. */
export interface OutboxSender<T extends OutboxTable> {
  readonly channel: OutboxChannel<T>;
  /** Who a message is for, as the log and the shutdown report may show it (never the body). */
  recipient(message: OutboxMessage<T>): string;
  /**
   * Delivers one message, giving up when `signal` aborts (the worker is stopping). Resolves with
   * the columns to record on the message once sent; throws when it was not sent.
   */
  send(message: OutboxMessage<T>, signal: AbortSignal): Promise<OutboxUpdate<T>>;
  /** True for an error a retry would meet again (a refused number): the message fails at once. */
  refusedForGood?(error: unknown): boolean;
  /** Columns a finished (sent or failed) message is rewritten with, e.g. its links removed. */
  finished?(message: OutboxMessage<T>): OutboxUpdate<T>;
  /** Work done once before the first delivery. */
  start?(): Promise<void>;
  /** Releases what the sender holds (a connection pool), once the worker has stopped. */
  close?(): void;
}

interface OutboxWorkerOptions {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** One sender of each channel this process delivers. */
  senders: readonly OutboxSender<OutboxTable>[];
  intervalMs?: number;
}

export interface OutboxWorker {
  /** Stops taking messages; one being delivered is abandoned and put back in the queue at once. */
  stop(): Promise<void>;
  /** What the worker is doing, for the log of a shutdown that ran out of time. */
  state(): {
    stopped: boolean;
    delivering: { channel: string; to: string; forMs: number }[];
  };
}

type Delivery<T extends OutboxTable> =
  { sent: true; recorded: OutboxUpdate<T> } | { sent: false; error: unknown } | { stopped: true };

/**
 * Delivers every channel's queue, one message at a time per channel, the channels side by side
 * (a mail server that stalls holds no text back). A message is claimed with one statement
 * (FOR UPDATE SKIP LOCKED, then its `available_at` pushed past the channel's lease), so several
 * API processes share one queue without sending twice; it is then sent with no transaction open
 * and its outcome recorded. Holding a transaction across SMTP or a gateway would hold the
 * embedded database's only connection, and every request with it, for as long as the other end
 * took (decision 011). A failure is retried on the channel's schedule; after its last attempt, or
 * at once on a refusal a retry would meet again, the message is `failed` with the reason.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, clock, logger } = options;
  let stopped = false;
  const stopping = new AbortController();
  const stopRequested = new Promise<{ stopped: true }>((resolve) => {
    stopping.signal.addEventListener('abort', () => resolve({ stopped: true }), { once: true });
  });
  const loops = options.senders.map((sender) => channelLoop(sender));

  function channelLoop<T extends OutboxTable>(sender: OutboxSender<T>) {
    const { channel } = sender;
    const { table } = channel;
    let running: Promise<void> | null = null;
    let delivering: { to: string; since: number } | null = null;
    const started = (sender.start?.() ?? Promise.resolve()).catch((err: unknown) =>
      logger.error({ err, channel: channel.name }, 'outbox channel could not start'),
    );
    // TypeScript cannot check a set clause against a generic table: these name only the columns
    // every outbox table has (OutboxTable) and what the sender recorded (typed by the sender).
    const update = (values: Record<string, unknown>, id: string, pendingOnly = false) =>
      db
        .update(table)
        .set(values)
        .where(and(eq(table.id, id), pendingOnly ? eq(table.status, 'pending') : undefined));

    /**
     * Shutting down: the other end has not confirmed the message, so it goes back in the queue
     * for the next start (or another instance). Should it have been accepted after all, it
     * arrives twice.
     */
    const putBack = (id: string) => update({ availableAt: clock.now() }, id, true);

    async function deliverNext(): Promise<boolean> {
      const message = await claimNextDue(db, channel, clock.now());
      if (!message) return false;
      if (stopped) {
        await putBack(message.id);
        return false;
      }
      delivering = { to: sender.recipient(message), since: Date.now() };
      const delivery: Delivery<T> = await Promise.race([
        sender.send(message, stopping.signal).then(
          (recorded): Delivery<T> => ({ sent: true, recorded }),
          (error: unknown): Delivery<T> => ({ sent: false, error }),
        ),
        stopRequested,
      ]);
      delivering = null;
      if ('stopped' in delivery) {
        await putBack(message.id);
        return false;
      }
      const attempts = message.attempts + 1;
      if (delivery.sent) {
        await update(
          {
            status: 'sent',
            sentAt: clock.now(),
            attempts,
            ...delivery.recorded,
            ...sender.finished?.(message),
          },
          message.id,
        );
        return true;
      }
      const givenUp =
        sender.refusedForGood?.(delivery.error) === true || attempts >= channel.maxAttempts;
      const reason =
        delivery.error instanceof Error ? delivery.error.message : String(delivery.error);
      logger.warn(
        { channel: channel.name, to: sender.recipient(message), attempts, reason, givenUp },
        `${channel.name} delivery failed`,
      );
      await update(
        {
          attempts,
          lastError: reason.slice(0, 500),
          status: givenUp ? 'failed' : 'pending',
          availableAt: sql`now() + make_interval(mins => ${channel.retryDelayMinutes(attempts)})`,
          ...(givenUp ? sender.finished?.(message) : {}),
        },
        message.id,
      );
      return true;
    }

    async function deliverQueued(): Promise<void> {
      while (!stopped && (await deliverNext()));
    }

    return {
      channel: channel.name,
      tick() {
        if (running || stopped) return;
        running = started
          .then(deliverQueued)
          .catch((err: unknown) =>
            logger.error({ err, channel: channel.name }, 'outbox worker failed'),
          )
          .finally(() => {
            running = null;
          });
      },
      settled: () => running ?? Promise.resolve(),
      delivering: () =>
        delivering && {
          channel: channel.name,
          to: delivering.to,
          forMs: Date.now() - delivering.since,
        },
      close: () => sender.close?.(),
    };
  }

  const timer = setInterval(() => {
    for (const loop of loops) loop.tick();
  }, options.intervalMs ?? 1000);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopping.abort();
      await Promise.all(loops.map((loop) => loop.settled()));
      for (const loop of loops) loop.close();
    },
    state: () => ({
      stopped,
      delivering: loops.flatMap((loop) => loop.delivering() ?? []),
    }),
  };
}

/**
 * Claims the channel's oldest due message for this worker: pushes its `available_at` past the
 * lease in the statement that picks it, skipping rows another worker is claiming at that moment.
 */
async function claimNextDue<T extends OutboxTable>(
  db: Database,
  channel: OutboxChannel<T>,
  now: Date,
): Promise<OutboxMessage<T> | undefined> {
  const { table } = channel;
  // The subquery reads only columns every outbox table has.
  const anyOutbox: OutboxTable = table;
  const due = db
    .select({ id: table.id })
    .from(anyOutbox)
    .where(and(eq(table.status, 'pending'), lte(table.availableAt, now)))
    .orderBy(asc(table.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [message] = (await db
    .update(table)
    .set({ availableAt: new Date(now.getTime() + channel.leaseMs) } as OutboxUpdate<T>)
    .where(inArray(table.id, due))
    .returning()) as OutboxMessage<T>[];
  return message;
}

/** Deletes the channel's messages sent longer ago than it keeps them; answers how many went. */
export async function pruneSent(db: Database, channel: OutboxChannel, now: Date): Promise<number> {
  const { table } = channel;
  const deleted = await db
    .delete(table)
    .where(
      and(eq(table.status, 'sent'), lt(table.sentAt, new Date(now.getTime() - channel.keepSentMs))),
    )
    .returning({ id: table.id });
  return deleted.length;
}

/** The channel's messages waiting to be sent, and the oldest one's age in seconds (null if none). */
export async function pendingIn(
  db: Database,
  channel: OutboxChannel,
): Promise<{ depth: number; oldestSeconds: number | null }> {
  const { table } = channel;
  const [row] = await db
    .select({
      depth: sql<number>`count(*)::int`,
      oldestSeconds: sql<
        number | null
      >`extract(epoch from now() - min(${table.createdAt}))::float8`,
    })
    .from(table)
    .where(eq(table.status, 'pending'));
  return {
    depth: Number(row?.depth ?? 0),
    oldestSeconds: row?.oldestSeconds == null ? null : Number(row.oldestSeconds),
  };
}
