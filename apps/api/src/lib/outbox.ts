import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { emailOutbox } from '../db/schema/index.js';
import type { Database, Executor } from '../db/client.js';
import type { Clock } from './clock.js';
import { chunks } from './chunks.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Queues e-mails in the caller's transaction: they are sent only if that transaction commits.
 * Use cases queue through the notification templates (modules/notifications), never directly.
 */
export async function enqueueEmails(db: Executor, emails: readonly OutgoingEmail[]): Promise<void> {
  for (const chunk of chunks(emails)) await db.insert(emailOutbox).values(chunk);
}

/** The newest queued e-mails, optionally only those to one address (dev outbox). */
export async function latestEmails(db: Database, options: { to?: string; limit?: number } = {}) {
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(options.to ? eq(emailOutbox.to, options.to.toLowerCase()) : undefined)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(options.limit ?? 50);
}

const MAX_ATTEMPTS = 5;

/**
 * SMTP waits, each bounded (nodemailer's defaults are 2 min to connect and 10 min of silence),
 * and one message at most MESSAGE_LIMIT_MS however the server drips its answers.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const MESSAGE_LIMIT_MS = 60_000;
/**
 * A claimed e-mail is hidden from every worker this long. It outlasts one delivery
 * (MESSAGE_LIMIT_MS), so no other process sends it meanwhile; if this process dies mid-delivery,
 * the e-mail is tried again once the lease has passed.
 */
const CLAIM_LEASE_MS = 5 * 60_000;

interface OutboxWorkerOptions {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  smtpUrl: string | undefined;
  mailFrom: string;
  intervalMs?: number;
  /**
   * Keep delivered bodies whole: only where `/api/dev/outbox` shows them (DEV_TOOLS=1 or tests,
   * never production). Otherwise a delivered or failed e-mail's links are removed (decision 084).
   */
  keepDeliveredLinks?: boolean;
}

/** A link in an e-mail body, for JavaScript and PostgreSQL alike. */
const LINK_PATTERN = 'https?://\\S+';

/** What a link becomes in a delivered e-mail kept in the database. */
export const REMOVED_LINK = '[link removed once sent]';

/**
 * A body with every link replaced: reset and activation links carry one-time tokens, and a copy of
 * the database (a backup, a dump for support) must hold none that work.
 */
export function withoutLinks(text: string): string {
  return text.replace(new RegExp(LINK_PATTERN, 'g'), REMOVED_LINK);
}

export interface OutboxWorker {
  /** Stops taking e-mails; one being delivered is abandoned and put back in the queue at once. */
  stop(): Promise<void>;
  /** What the worker is doing, for the log of a shutdown that ran out of time. */
  state(): { stopped: boolean; delivering: { to: string; forMs: number } | null };
}

type Delivery = { sent: true } | { sent: false; error: unknown } | { stopped: true };

/**
 * Delivers queued e-mail, one message at a time. A message is claimed with one statement
 * (FOR UPDATE SKIP LOCKED, then its `available_at` pushed past the lease), so several API
 * processes share one queue without sending twice; it is then sent with no transaction open and
 * its outcome recorded. Holding a transaction across SMTP would hold the embedded database's
 * only connection, and every request with it, for as long as the mail server took
 * (decision 011). With MAIL=log only each message's recipient and subject go to the log, never its body.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, clock, logger } = options;
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
    : null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let delivering: { to: string; since: number } | null = null;
  let announceStop: () => void = () => undefined;
  const stopRequested = new Promise<{ stopped: true }>((resolve) => {
    announceStop = () => resolve({ stopped: true });
  });

  async function send(email: typeof emailOutbox.$inferSelect): Promise<void> {
    if (!transport) {
      // The body holds activation and reset links: it never reaches the log (decision 080).
      logger.info({ to: email.to, subject: email.subject }, 'e-mail not sent (MAIL=log)');
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const tooSlow = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`SMTP delivery took longer than ${MESSAGE_LIMIT_MS} ms`)),
        MESSAGE_LIMIT_MS,
      );
    });
    try {
      await Promise.race([
        transport.sendMail({
          from: options.mailFrom,
          to: email.to,
          subject: email.subject,
          text: email.text,
        }),
        tooSlow,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Shutting down: the mail server has not confirmed the e-mail, so it goes back in the queue for
   * the next start (or another instance). Should the server accept it after all, it arrives twice.
   */
  async function putBack(id: string): Promise<void> {
    await db
      .update(emailOutbox)
      .set({ availableAt: clock.now() })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending')));
  }

  /** The body a finished (sent or failed) e-mail keeps. */
  const keptText = (text: string) => (options.keepDeliveredLinks ? text : withoutLinks(text));

  async function deliverNext(): Promise<boolean> {
    const email = await claimNextDue(db, clock.now());
    if (!email) return false;
    if (stopped) {
      await putBack(email.id);
      return false;
    }
    delivering = { to: email.to, since: Date.now() };
    const delivery: Delivery = await Promise.race([
      send(email).then(
        (): Delivery => ({ sent: true }),
        (error: unknown): Delivery => ({ sent: false, error }),
      ),
      stopRequested,
    ]);
    delivering = null;
    if ('stopped' in delivery) {
      await putBack(email.id);
      return false;
    }
    const attempts = email.attempts + 1;
    if (delivery.sent) {
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: clock.now(), attempts, text: keptText(email.text) })
        .where(eq(emailOutbox.id, email.id));
      return true;
    }
    logger.warn({ err: delivery.error, to: email.to, attempts }, 'e-mail delivery failed');
    await db
      .update(emailOutbox)
      .set({
        attempts,
        lastError: String(delivery.error),
        status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        // A failed e-mail stays for an operator to read, without its links.
        ...(attempts >= MAX_ATTEMPTS ? { text: keptText(email.text) } : {}),
        // Back off: 1, 4, 9, 16 minutes.
        availableAt: sql`now() + make_interval(mins => ${attempts * attempts})`,
      })
      .where(eq(emailOutbox.id, email.id));
    return true;
  }

  async function deliverQueued(): Promise<void> {
    while (!stopped && (await deliverNext()));
  }

  /** E-mails finished before links were removed (an older version) lose theirs once, at start. */
  const legacyLinksRemoved = options.keepDeliveredLinks
    ? Promise.resolve()
    : db
        .update(emailOutbox)
        .set({
          text: sql`regexp_replace(${emailOutbox.text}, ${LINK_PATTERN}, ${REMOVED_LINK}, 'g')`,
        })
        .where(and(ne(emailOutbox.status, 'pending'), sql`${emailOutbox.text} ~ ${LINK_PATTERN}`))
        .then(
          () => undefined,
          (err: unknown) => logger.error({ err }, 'removing links from sent e-mails failed'),
        );

  const timer = setInterval(() => {
    if (running || stopped) return;
    running = legacyLinksRemoved
      .then(deliverQueued)
      .catch((err: unknown) => logger.error({ err }, 'outbox worker failed'))
      .finally(() => {
        running = null;
      });
  }, options.intervalMs ?? 1000);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      announceStop();
      await running;
      transport?.close();
    },
    state: () => ({
      stopped,
      delivering: delivering && { to: delivering.to, forMs: Date.now() - delivering.since },
    }),
  };
}

/**
 * Claims the oldest due e-mail for this worker: pushes its `available_at` past the lease in the
 * statement that picks it, skipping rows another worker is claiming at the same moment.
 */
async function claimNextDue(db: Database, now: Date) {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.availableAt, now)))
    .orderBy(asc(emailOutbox.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [email] = await db
    .update(emailOutbox)
    .set({ availableAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return email;
}
