import { and, eq, sql } from 'drizzle-orm';
import type { TextMessageListQuery } from '@coop/shared/sms';
import { maskPhone } from '@coop/shared/phone';
import { smsOutbox, users } from '../db/schema/index.js';
import type { Executor } from '../db/client.js';
import { chunks } from './chunks.js';
import { listPage } from './list-query.js';
import type { OutboxChannel, OutboxSender } from './outbox.js';
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

/**
 * Text messages: the `sms_outbox` queue (decisions 164 and 168). A failure is retried after 1, 4,
 * 9 and 16 minutes, then the text is `failed` with the gateway's reason; a refusal the gateway
 * would repeat (a 4xx) fails at once. Officers see both in the back office
 * (docs/administrators.md "Text messages").
 */
export const smsChannel: OutboxChannel<typeof smsOutbox> = {
  name: 'sms',
  table: smsOutbox,
  // Longer than one send may take (SMS_SEND_TIMEOUT_MS).
  leaseMs: 2 * 60_000,
  maxAttempts: SMS_MAX_ATTEMPTS,
  retryDelayMinutes: (attempts) => attempts * attempts,
  // Far longer than a reminder's once-only key must hold back a second one (3 days ahead).
  keepSentMs: 30 * 24 * 60 * 60_000,
};

/** Sends texts through the configured gateway (lib/sms-gateway.ts). */
export function smsSender(gateway: SmsGateway): OutboxSender<typeof smsOutbox> {
  return {
    channel: smsChannel,
    recipient: (sms) => maskPhone(sms.to),
    async send(sms, signal) {
      const { messageId } = await gateway.send(
        { to: sms.to, text: sms.text, kind: sms.kind },
        signal,
      );
      return { providerMessageId: messageId };
    },
    refusedForGood: (error) => error instanceof SmsRefusedError,
  };
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
