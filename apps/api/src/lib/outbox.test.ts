import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { emailOutbox, smsOutbox, users } from '../db/schema/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from '../test/database.js';
import { startFakeSmtp } from '../test/fake-smtp.js';
import { systemClock } from './clock.js';
import { emailSender } from './email-outbox.js';
import { startOutboxWorker } from './outbox.js';
import type { SmsGateway } from './sms-gateway.js';
import { smsSender } from './sms-outbox.js';

const silent = pino({ level: 'silent' }) as FastifyBaseLogger;

async function waitFor<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const giveUpAt = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > giveUpAt) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A worker over `senders`, polling every `intervalMs`. */
function startWorker(
  db: DatabaseHandle['db'],
  senders: Parameters<typeof startOutboxWorker>[0]['senders'],
  intervalMs = 20,
) {
  return startOutboxWorker({ db, clock: systemClock, logger: silent, senders, intervalMs });
}

describe('outbox worker, e-mail channel', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // The production default wait for the database: a request queued behind the worker would
    // fail after it, which is what the stalled-server test below must not see.
    handle = await createTestDatabase({ lockTimeoutMs: 5_000, statementTimeoutMs: 10_000 });
  });
  afterAll(() => handle.close());

  async function queue(to: string) {
    await handle.db.insert(emailOutbox).values({ to, subject: 'Test', text: `Hello ${to}` });
    const [row] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    if (!row) throw new Error('e-mail not queued');
    return row;
  }

  async function statusOf(id: string) {
    const [row] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    return row;
  }

  /** A worker delivering e-mail only, through `smtpUrl`. */
  function emailWorker(
    smtpUrl: string,
    options: { keepDeliveredLinks?: boolean; intervalMs?: number } = {},
  ) {
    return startWorker(
      handle.db,
      [
        emailSender({
          db: handle.db,
          logger: silent,
          smtpUrl,
          mailFrom: 'Coop <no-reply@test.coop>',
          keepDeliveredLinks: options.keepDeliveredLinks,
        }),
      ],
      options.intervalMs,
    );
  }

  it('delivers a queued e-mail and marks it sent', async () => {
    const smtp = await startFakeSmtp('accept');
    const email = await queue('sent@test.coop');
    const worker = emailWorker(smtp.url);
    try {
      const sent = await waitFor(async () => {
        const row = await statusOf(email.id);
        return row?.status === 'sent' ? row : undefined;
      }, 'the e-mail to be sent');
      expect(sent.attempts).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('Hello sent@test.coop');
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('removes the links of a delivered e-mail, and of one an older version sent, unless dev tools show them', async () => {
    const smtp = await startFakeSmtp('accept');
    const link = 'http://portal.test/auth/reset-password?token=reset-secret';
    const [legacy] = await handle.db
      .insert(emailOutbox)
      .values({ to: 'old@test.coop', subject: 'Old', text: `Old link: ${link}`, status: 'sent' })
      .returning();
    const [fresh] = await handle.db
      .insert(emailOutbox)
      .values({ to: 'reset@test.coop', subject: 'Reset', text: `Reset here:\n${link}\nThanks` })
      .returning();
    const worker = emailWorker(smtp.url);
    try {
      const sent = await waitFor(async () => {
        const row = await statusOf(fresh!.id);
        return row?.status === 'sent' ? row : undefined;
      }, 'the e-mail to be sent');
      // The member got the link; the database keeps none.
      expect(smtp.received.join('\n')).toContain('reset-secret');
      expect(sent.text).toBe('Reset here:\n[link removed once sent]\nThanks');
      expect((await statusOf(legacy!.id))?.text).toBe('Old link: [link removed once sent]');
    } finally {
      await worker.stop();
    }
    // With DEV_TOOLS=1 (never in production) /api/dev/outbox shows links: they are kept.
    const [kept] = await handle.db
      .insert(emailOutbox)
      .values({ to: 'dev@test.coop', subject: 'Dev', text: `Dev ${link}` })
      .returning();
    const devWorker = emailWorker(smtp.url, { keepDeliveredLinks: true });
    try {
      const sent = await waitFor(async () => {
        const row = await statusOf(kept!.id);
        return row?.status === 'sent' ? row : undefined;
      }, 'the dev e-mail to be sent');
      expect(sent.text).toBe(`Dev ${link}`);
    } finally {
      await devWorker.stop();
      await smtp.close();
    }
  });

  it('holds no transaction while a mail server stalls, and stops without waiting for it', async () => {
    const smtp = await startFakeSmtp('stall');
    const email = await queue('stalled@test.coop');
    const worker = emailWorker(smtp.url);
    try {
      await smtp.stalled;
      expect(worker.state().delivering).toEqual([
        { channel: 'email', to: 'stalled@test.coop', forMs: expect.any(Number) },
      ]);

      // The database serves others meanwhile. Before, the worker's transaction stayed open across
      // SMTP: on the embedded database this query waited for the mail server's timeout (minutes).
      const started = Date.now();
      await handle.db.select({ id: users.id }).from(users).limit(1);
      await handle.db.transaction(async (tx) => {
        await tx.update(emailOutbox).set({ lastError: null }).where(eq(emailOutbox.id, email.id));
      });
      expect(Date.now() - started).toBeLessThan(2_000);

      const stopStarted = Date.now();
      await worker.stop();
      expect(Date.now() - stopStarted).toBeLessThan(2_000);
    } finally {
      await smtp.close();
    }
    // Not sent, not failed, not counted as an attempt: back in the queue, due now.
    const after = await statusOf(email.id);
    expect(after).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
    expect(after!.availableAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('lets two workers share the queue without sending one e-mail twice', async () => {
    const smtp = await startFakeSmtp('accept');
    const emails = await Promise.all(
      Array.from({ length: 6 }, (_, i) => queue(`shared-${i}@test.coop`)),
    );
    const workers = [1, 2].map(() => emailWorker(smtp.url, { intervalMs: 10 }));
    try {
      await waitFor(async () => {
        const rows = await Promise.all(emails.map((email) => statusOf(email.id)));
        return rows.every((row) => row?.status === 'sent') ? rows : undefined;
      }, 'every e-mail to be sent');
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await smtp.close();
    }
    const recipients = smtp.received.filter((text) => text.includes('shared-'));
    expect(recipients).toHaveLength(6);
  });
});

describe('outbox worker, text-message channel', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  /** A gateway that takes every text after `delayMs`, or never answers until stopped. */
  function fakeGateway(delayMs: number | 'never') {
    const received: string[] = [];
    let reportWaiting: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => {
      reportWaiting = resolve;
    });
    const gateway: SmsGateway = {
      name: 'log',
      async send(sms, signal) {
        if (delayMs === 'never') {
          reportWaiting();
          await new Promise((_, reject) => signal.addEventListener('abort', reject));
        }
        await new Promise((resolve) => setTimeout(resolve, delayMs === 'never' ? 0 : delayMs));
        received.push(sms.text);
        return { messageId: `fake-${received.length}` };
      },
    };
    return { gateway, received, waiting };
  }

  async function queueTexts(prefix: string, n: number) {
    return handle.db
      .insert(smsOutbox)
      .values(
        Array.from({ length: n }, (_, i) => ({
          to: `+23480300${String(i).padStart(5, '0')}`,
          text: `${prefix} ${i}`,
          kind: 'test',
        })),
      )
      .returning();
  }

  async function textsSent(ids: string[]) {
    const rows = await handle.db.select().from(smsOutbox);
    const ours = rows.filter((row) => ids.includes(row.id));
    return ours.every((row) => row.status === 'sent') ? ours : undefined;
  }

  it('lets two workers share the queue without sending one text twice', async () => {
    // Each send outlasts the other worker's poll, so a claim that did not hide the text would
    // let the other worker send it too (it did, with the lease set to 0).
    const { gateway, received } = fakeGateway(30);
    const texts = await queueTexts('shared', 8);
    const workers = [1, 2].map(() => startWorker(handle.db, [smsSender(gateway)], 10));
    let sent;
    try {
      sent = await waitFor(() => textsSent(texts.map((t) => t.id)), 'every text to be sent');
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(received.filter((text) => text.startsWith('shared ')).sort()).toEqual(
      texts.map((t) => t.text).sort(),
    );
    expect(
      sent.every((row) => row.attempts === 1 && row.providerMessageId?.startsWith('fake-')),
    ).toBe(true);
  });

  it('sends texts while a mail server stalls: the channels are sent side by side', async () => {
    const smtp = await startFakeSmtp('stall');
    const [email] = await handle.db
      .insert(emailOutbox)
      .values({ to: 'stalled@test.coop', subject: 'Test', text: 'Hello' })
      .returning();
    const { gateway, received } = fakeGateway(5);
    const both = startWorker(handle.db, [
      emailSender({ db: handle.db, logger: silent, smtpUrl: smtp.url, mailFrom: 'c@test.coop' }),
      smsSender(gateway),
    ]);
    try {
      await smtp.stalled;
      const [text] = await queueTexts('beside', 1);
      await waitFor(() => textsSent([text!.id]), 'the text to be sent');
      expect(received).toContain('beside 0');
      expect(both.state().delivering).toEqual([
        { channel: 'email', to: 'stalled@test.coop', forMs: expect.any(Number) },
      ]);
    } finally {
      await both.stop();
      await smtp.close();
    }
    const [after] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.id, email!.id));
    expect(after).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('stops without waiting for a gateway that does not answer, and puts the text back', async () => {
    const stuck = fakeGateway('never');
    const textsOnly = startWorker(handle.db, [smsSender(stuck.gateway)]);
    const [text] = await queueTexts('stuck', 1);
    try {
      await stuck.waiting;
      expect(textsOnly.state().delivering).toEqual([
        { channel: 'sms', to: '0803 *** 0000', forMs: expect.any(Number) },
      ]);
      const stopStarted = Date.now();
      await textsOnly.stop();
      expect(Date.now() - stopStarted).toBeLessThan(2_000);
    } finally {
      await textsOnly.stop();
    }
    // Not sent, not failed, not counted as an attempt: back in the queue, due now.
    const [after] = await handle.db.select().from(smsOutbox).where(eq(smsOutbox.id, text!.id));
    expect(after).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
    expect(after!.availableAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
