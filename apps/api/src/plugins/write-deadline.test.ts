import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createActiveMember, signIn } from '../test/auth-helpers.js';
import { createTestDatabase } from '../test/database.js';
import type { DatabaseHandle } from '../db/client.js';
import { IDEMPOTENT_REPLAY_HEADER } from '../lib/idempotency.js';

const DEADLINE_MS = 1_000;

/**
 * A write that reaches REQUEST_TIMEOUT_MS answers 503 once its transaction was rolled back, the
 * Idempotency-Key included, so the member's retry with the same key runs and is kept once
 * (decision 095). PostgreSQL: another session blocks the key's insert with a table lock; embedded:
 * it holds the database's one connection, and the write waits for its turn.
 */
describe('a write past its deadline, with an Idempotency-Key', () => {
  let handle: DatabaseHandle;
  let setup: TestApp;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    handle = await createTestDatabase({ lockTimeoutMs: 10_000, statementTimeoutMs: 10_000 });
    // The member and her sign-in under the default deadline (argon2 on a loaded machine).
    setup = await createTestApp({ now: '2025-06-15T09:00:00Z', handle });
    await createActiveMember(setup, { email: 'ada@test.coop', joinedOn: '2024-01-10' });
    token = (await signIn(setup, 'ada@test.coop')).accessToken;
    t = await createTestApp({
      now: '2025-06-15T09:00:00Z',
      handle,
      env: { REQUEST_TIMEOUT_MS: String(DEADLINE_MS) },
    });
  }, 60_000);
  afterAll(async () => {
    await setup.app.close();
    await t.app.close();
    await handle.close();
  });

  const notify = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/deposit-notices',
      headers: { ...bearer(token), 'idempotency-key': 'notice-1' },
      payload: {
        savingsAmount: 10_000,
        shareHoldingAmount: 2_500,
        transferDate: '2025-06-14',
        bankReference: 'TRF-DEADLINE',
      },
    });
  const notices = async () => {
    const res = await t.app.inject({
      url: '/api/v1/users/deposit-notices',
      headers: bearer(token),
    });
    return res.json<{ data: unknown[] }>().data.length;
  };

  it('answers 503 "nothing was changed", keeps nothing, and the retry with the key runs once', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table idempotency_keys in share mode`);
      locked();
      await released;
    });
    await isLocked;
    try {
      const started = Date.now();
      const res = await notify();
      expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 1_500);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The portal took too long to answer, and nothing was changed. Please try again.',
      });
    } finally {
      release();
      await holding;
    }
    expect(await notices()).toBe(0);

    const retried = await notify();
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    const replayed = await notify();
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(await notices()).toBe(1);
  });
});
