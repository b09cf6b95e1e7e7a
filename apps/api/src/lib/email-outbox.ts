import { and, desc, eq, ne, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { emailOutbox } from '../db/schema/index.js';
import type { Database, Executor } from '../db/client.js';
import { chunks } from './chunks.js';
import type { OutboxChannel, OutboxSender } from './outbox.js';

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

/**
 * SMTP waits, each bounded (nodemailer's defaults are 2 min to connect and 10 min of silence),
 * and one message at most MESSAGE_LIMIT_MS however the server drips its answers.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const MESSAGE_LIMIT_MS = 60_000;

/** E-mail: the `email_outbox` queue (decisions 005, 011 and 168). */
export const emailChannel: OutboxChannel<typeof emailOutbox> = {
  name: 'email',
  table: emailOutbox,
  // Outlasts one delivery (MESSAGE_LIMIT_MS).
  leaseMs: 5 * 60_000,
  maxAttempts: 5,
  // 1, 4, 9, 16 minutes.
  retryDelayMinutes: (attempts) => attempts * attempts,
  keepSentMs: 30 * 24 * 60 * 60_000,
};

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

interface EmailSettings {
  db: Database;
  logger: FastifyBaseLogger;
  /** Without it (MAIL=log) only each message's recipient and subject go to the log, never its body. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Keep delivered bodies whole: only where `/api/dev/outbox` shows them (DEV_TOOLS=1 or tests,
   * never production). Otherwise a delivered or failed e-mail's links are removed (decision 084).
   */
  keepDeliveredLinks?: boolean;
}

/** Sends e-mail over SMTP, or logs it (MAIL=log). */
export function emailSender(settings: EmailSettings): OutboxSender<typeof emailOutbox> {
  const { db, logger } = settings;
  const transport = settings.smtpUrl
    ? nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS })
    : null;
  return {
    channel: emailChannel,
    recipient: (email) => email.to,
    async send(email) {
      if (!transport) {
        // The body holds activation and reset links: it never reaches the log (decision 080).
        logger.info({ to: email.to, subject: email.subject }, 'e-mail not sent (MAIL=log)');
        return {};
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
            from: settings.mailFrom,
            to: email.to,
            subject: email.subject,
            text: email.text,
          }),
          tooSlow,
        ]);
      } finally {
        clearTimeout(timer);
      }
      return {};
    },
    // A sent or failed e-mail stays for an operator to read, without its links.
    finished: (email) => (settings.keepDeliveredLinks ? {} : { text: withoutLinks(email.text) }),
    /** E-mails finished before links were removed (an older version) lose theirs once, at start. */
    async start() {
      if (settings.keepDeliveredLinks) return;
      await db
        .update(emailOutbox)
        .set({
          text: sql`regexp_replace(${emailOutbox.text}, ${LINK_PATTERN}, ${REMOVED_LINK}, 'g')`,
        })
        .where(and(ne(emailOutbox.status, 'pending'), sql`${emailOutbox.text} ~ ${LINK_PATTERN}`));
    },
    close: () => transport?.close(),
  };
}
