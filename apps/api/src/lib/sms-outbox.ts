import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { TextMessageListQuery } from '@coop/shared/sms';
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '@coop/shared/phone';
import { smsOutbox, users } from '../db/schema/index.js';
import type { Database, Executor } from '../db/client.js';
import type { Clock } from './clock.js';
import { chunks } from './chunks.js';
import { listPage } from './list-query.js';
import { SmsRefusedError, type SmsGateway } from './sms-gateway.js';

export interface OutgoingSms {
  userId: string;
  to: string;
  text: string;
  kind: string;
  security: boolean;
  /** A message that must go once only (a reminder): a second one with the key is dropped. */
  dedupeKey?: string;
}

/**
 * Queues texts in the caller's transaction: they are sent only if it commits. Use cases queue
 * through the notification templates (modules/notifications/sms-texts.ts), never directly.
 */
export async function enqueueSms(db: Executor, messages: readonly OutgoingSms[]): Promise<void> {
  for (const chunk of chunks(messages)) {
    await db
      .insert(smsOutbox)
      .values(chunk.map((sms) => ({ ...sms, dedupeKey: sms.dedupeKey ?? null })))
      .onConflictDoNothing({ target: smsOutbox.dedupeKey });
  }
}

/** Attempts before a text is given up as failed: the first and four retries. */
export const SMS_MAX_ATTEMPTS = 5;
/** Back-off after the n-th failed attempt: n² minutes (1, 4, 9, 16). */
export const smsRetryDelayMinutes = (attempts: number) => attempts * attempts;
/**
 * A claimed text is hidden from every worker this long: longer than one send may take
 * (SMS_SEND_TIMEOUT_MS), so no other process sends it meanwhile.
 */
const CLAIM_LEASE_MS = 2 * 60_000;

interface SmsWorkerOptions {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  gateway: SmsGateway;
  intervalMs?: number;
}

export interface SmsWorker {
  stop(): Promise<void>;
  state(): { stopped: boolean; delivering: { to: string; forMs: number } | null };
}

type Delivery =
  { sent: true; messageId: string | null } | { sent: false; error: unknown } | { stopped: true };

/**
 * Delivers queued texts one at a time, exactly as the e-mail worker does (lib/outbox.ts,
 * decisions 005 and 011): claimed in one statement (FOR UPDATE SKIP LOCKED, `available_at`
 * pushed past a lease) so several API processes share the queue, sent with no transaction open,
 * the outcome recorded after. A failure is retried after 1, 4, 9 and 16 minutes, then the text
 * is `failed` with the gateway's reason; a refusal the gateway would repeat (a 4xx) fails at
 * once. Officers see both in the back office (docs/administrators.md "Text messages").
 */
export function startSmsWorker(options: SmsWorkerOptions): SmsWorker {
  const { db, clock, logger, gateway } = options;
  let running: Promise<void> | null = null;
  let stopped = false;
  let delivering: { to: string; since: number } | null = null;
  const stopping = new AbortController();
  const stopRequested = new Promise<{ stopped: true }>((resolve) => {
    stopping.signal.addEventListener('abort', () => resolve({ stopped: true }), { once: true });
  });

  async function putBack(id: string): Promise<void> {
    await db
      .update(smsOutbox)
      .set({ availableAt: clock.now() })
      .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'pending')));
  }

  async function deliverNext(): Promise<boolean> {
    const sms = await claimNextDue(db, clock.now());
    if (!sms) return false;
    if (stopped) {
      await putBack(sms.id);
      return false;
    }
    delivering = { to: maskPhone(sms.to), since: Date.now() };
    const delivery: Delivery = await Promise.race([
      gateway.send({ to: sms.to, text: sms.text, kind: sms.kind }, stopping.signal).then(
        ({ messageId }): Delivery => ({ sent: true, messageId }),
        (error: unknown): Delivery => ({ sent: false, error }),
      ),
      stopRequested,
    ]);
    delivering = null;
    if ('stopped' in delivery) {
      await putBack(sms.id);
      return false;
    }
    const attempts = sms.attempts + 1;
    if (delivery.sent) {
      await db
        .update(smsOutbox)
        .set({
          status: 'sent',
          sentAt: clock.now(),
          attempts,
          providerMessageId: delivery.messageId,
        })
        .where(eq(smsOutbox.id, sms.id));
      return true;
    }
    const refused = delivery.error instanceof SmsRefusedError;
    const givenUp = refused || attempts >= SMS_MAX_ATTEMPTS;
    const reason =
      delivery.error instanceof Error ? delivery.error.message : String(delivery.error);
    logger.warn(
      { to: maskPhone(sms.to), kind: sms.kind, attempts, reason, givenUp },
      'text message delivery failed',
    );
    await db
      .update(smsOutbox)
      .set({
        attempts,
        lastError: reason.slice(0, 500),
        status: givenUp ? 'failed' : 'pending',
        availableAt: sql`now() + make_interval(mins => ${smsRetryDelayMinutes(attempts)})`,
      })
      .where(eq(smsOutbox.id, sms.id));
    return true;
  }

  async function deliverQueued(): Promise<void> {
    while (!stopped && (await deliverNext()));
  }

  const timer = setInterval(() => {
    if (running || stopped) return;
    running = deliverQueued()
      .catch((err: unknown) => logger.error({ err }, 'text message worker failed'))
      .finally(() => {
        running = null;
      });
  }, options.intervalMs ?? 1000);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopping.abort();
      await running;
    },
    state: () => ({
      stopped,
      delivering: delivering && { to: delivering.to, forMs: Date.now() - delivering.since },
    }),
  };
}

/** Claims the oldest due text, pushing its `available_at` past the lease in the same statement. */
async function claimNextDue(db: Database, now: Date) {
  const due = db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.status, 'pending'), lte(smsOutbox.availableAt, now)))
    .orderBy(asc(smsOutbox.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [sms] = await db
    .update(smsOutbox)
    .set({ availableAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(inArray(smsOutbox.id, due))
    .returning();
  return sms;
}

/** Texts being retried (pending after a failed attempt) or given up: the trouble index's rows. */
const RETRYING = sql`(${smsOutbox.status} = 'pending' and ${smsOutbox.attempts} > 0)`;
const FAILED = sql`${smsOutbox.status} = 'failed'`;

/**
 * The officers' page of texts in trouble (docs/administrators.md "Text messages"), newest first,
 * with the member each is for (sms_outbox_trouble_idx serves it).
 */
export function smsInTroublePage(db: Executor, query: TextMessageListQuery) {
  const state =
    query.state === 'failed'
      ? FAILED
      : query.state === 'retrying'
        ? RETRYING
        : sql`(${FAILED} or ${RETRYING})`;
  return listPage(query, {
    sortColumns: { createdAt: smsOutbox.createdAt },
    tiebreakers: [smsOutbox.id],
    fetch: (page) =>
      db
        .select({
          row: {
            id: smsOutbox.id,
            createdAt: smsOutbox.createdAt,
            to: smsOutbox.to,
            kind: smsOutbox.kind,
            security: smsOutbox.security,
            status: smsOutbox.status,
            attempts: smsOutbox.attempts,
            lastError: smsOutbox.lastError,
            availableAt: smsOutbox.availableAt,
            userId: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            membershipId: users.membershipId,
          },
          totalItems: page.totalItems,
        })
        .from(smsOutbox)
        .leftJoin(users, eq(users.id, smsOutbox.userId))
        .where(and(state))
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset),
  });
}

export type SmsInTrouble = Awaited<ReturnType<typeof smsInTroublePage>>['items'][number];
