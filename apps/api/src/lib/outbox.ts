import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
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
const BATCH_SIZE = 20;

interface OutboxWorkerOptions {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  smtpUrl: string | undefined;
  mailFrom: string;
  intervalMs?: number;
}

/**
 * Delivers queued e-mail. Rows are claimed with FOR UPDATE SKIP LOCKED so several API processes
 * share one queue without sending twice. Without SMTP the message (and its link) goes to the log.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): { stop(): Promise<void> } {
  const { db, clock, logger } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function deliverBatch(): Promise<void> {
    await db.transaction(async (tx) => {
      const batch = await tx
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.availableAt, clock.now())))
        .orderBy(asc(emailOutbox.createdAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      for (const email of batch) {
        try {
          if (transport) {
            await transport.sendMail({
              from: options.mailFrom,
              to: email.to,
              subject: email.subject,
              text: email.text,
            });
          } else {
            logger.info(
              { to: email.to, subject: email.subject },
              `e-mail (no SMTP_URL set):\n${email.text}`,
            );
          }
          await tx
            .update(emailOutbox)
            .set({ status: 'sent', sentAt: clock.now(), attempts: email.attempts + 1 })
            .where(eq(emailOutbox.id, email.id));
        } catch (err) {
          const attempts = email.attempts + 1;
          logger.warn({ err, to: email.to, attempts }, 'e-mail delivery failed');
          await tx
            .update(emailOutbox)
            .set({
              attempts,
              lastError: String(err),
              status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
              // Back off: 1, 4, 9, 16 minutes.
              availableAt: sql`now() + make_interval(mins => ${attempts * attempts})`,
            })
            .where(eq(emailOutbox.id, email.id));
        }
      }
    });
  }

  const timer = setInterval(() => {
    if (running || stopped) return;
    running = deliverBatch()
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
      await running;
    },
  };
}
