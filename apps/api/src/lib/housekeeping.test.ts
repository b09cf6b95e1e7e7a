import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  idempotencyKeys,
  officerJobs,
  oneTimeTokens,
  rateLimitEvents,
  refreshTokens,
  signInAttempts,
  smsOutbox,
  users,
} from '../db/schema/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from '../test/database.js';
import { pruneExpiredRecords } from './housekeeping.js';

const NOW = new Date('2026-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

describe('housekeeping', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('deletes technical rows past their retention and keeps the recent ones', async () => {
    const { db } = handle;
    const [user] = await db
      .insert(users)
      .values({
        email: 'h@test.coop',
        membershipId: 'M0901',
        firstName: 'H',
        lastName: 'K',
        joinedOn: '2026-01-01',
      })
      .returning();
    const userId = user!.id;
    await db.insert(signInAttempts).values([
      {
        userId,
        identifier: 'h@test.coop',
        ip: '10.0.0.1',
        succeeded: false,
        createdAt: daysAgo(31),
      },
      { userId, identifier: 'h@test.coop', ip: '10.0.0.1', succeeded: true, createdAt: daysAgo(2) },
    ]);
    await db.insert(rateLimitEvents).values([
      { bucket: 'forgot:email', key: 'h@test.coop', createdAt: daysAgo(2) },
      { bucket: 'forgot:email', key: 'h@test.coop', createdAt: daysAgo(0) },
    ]);
    await db.insert(oneTimeTokens).values([
      { userId, purpose: 'password_reset', tokenHash: 'old', expiresAt: daysAgo(8) },
      { userId, purpose: 'password_reset', tokenHash: 'new', expiresAt: daysAgo(1) },
    ]);
    const familyId = '00000000-0000-4000-8000-000000000001';
    await db.insert(refreshTokens).values([
      { userId, familyId, tokenHash: 'r-old', expiresAt: daysAgo(8) },
      { userId, familyId, tokenHash: 'r-live', expiresAt: daysAgo(-20) },
    ]);
    await db.insert(emailOutbox).values([
      { to: 'h@test.coop', subject: 'old', text: '-', status: 'sent', sentAt: daysAgo(31) },
      { to: 'h@test.coop', subject: 'recent', text: '-', status: 'sent', sentAt: daysAgo(1) },
      { to: 'h@test.coop', subject: 'failed', text: '-', status: 'failed', createdAt: daysAgo(60) },
    ]);
    // Texts by the same rule as e-mails (the outbox channel's `keepSentMs`, 30 days for both).
    const text = { userId, to: '+2348030000901', text: '-', kind: 'test' };
    await db.insert(smsOutbox).values([
      { ...text, status: 'sent', sentAt: daysAgo(31) },
      { ...text, status: 'sent', sentAt: daysAgo(29) },
      { ...text, status: 'failed', attempts: 5, createdAt: daysAgo(60) },
      { ...text, status: 'pending', createdAt: daysAgo(60) },
    ]);

    const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 60 * 60 * 1000);
    const answered = {
      scope: 'POST /x',
      requestHash: 'h',
      responseStatus: 201,
      responseBody: '{}',
    };
    await db.insert(idempotencyKeys).values([
      { userId, key: 'k-old', ...answered, createdAt: hoursAgo(25) },
      { userId, key: 'k-recent', ...answered, createdAt: hoursAgo(23) },
    ]);

    // Officer jobs go 30 days after they finished; one still queued or running stays, however old.
    const job = { kind: 'payroll.post' as const, requestedBy: userId, actor: {} };
    await db.insert(officerJobs).values([
      {
        ...job,
        message: 'old success',
        state: 'succeeded',
        createdAt: daysAgo(40),
        finishedAt: daysAgo(31),
      },
      {
        ...job,
        message: 'old failure',
        state: 'failed',
        createdAt: daysAgo(40),
        finishedAt: daysAgo(31),
      },
      {
        ...job,
        message: 'recent',
        state: 'succeeded',
        createdAt: daysAgo(29),
        finishedAt: daysAgo(29),
      },
      {
        ...job,
        message: 'stuck',
        state: 'running',
        createdAt: daysAgo(60),
        startedAt: daysAgo(60),
      },
      { ...job, message: 'waiting', state: 'queued', createdAt: daysAgo(60) },
    ]);

    expect(await pruneExpiredRecords(db, NOW)).toEqual({
      signInAttempts: 1,
      rateLimitEvents: 1,
      oneTimeTokens: 1,
      refreshTokens: 1,
      sentMessages: { email: 1, sms: 1 },
      idempotencyKeys: 1,
      officerJobs: 2,
    });
    expect((await db.select().from(officerJobs)).map((row) => row.message).sort()).toEqual([
      'recent',
      'stuck',
      'waiting',
    ]);
    // Idempotency keys live 24 hours (IDEMPOTENCY_KEY_RETENTION_HOURS), stored answers with them.
    expect((await db.select().from(idempotencyKeys)).map((row) => row.key)).toEqual(['k-recent']);
    expect(await db.$count(signInAttempts)).toBe(1);
    expect(await db.$count(rateLimitEvents)).toBe(1);
    expect(await db.$count(oneTimeTokens)).toBe(1);
    expect(await db.$count(refreshTokens)).toBe(1);
    // A failed e-mail stays for an operator to look at.
    expect(await db.$count(emailOutbox)).toBe(2);
    // A failed or waiting text stays too, failed for officers' Text messages page.
    expect((await db.select().from(smsOutbox)).map((row) => row.status).sort()).toEqual([
      'failed',
      'pending',
      'sent',
    ]);
    // A second run finds nothing more to do.
    const again = await pruneExpiredRecords(db, NOW);
    expect(again.sentMessages).toEqual({ email: 0, sms: 0 });
    expect(Object.values({ ...again, sentMessages: 0 }).every((n) => n === 0)).toBe(true);
  });
});
