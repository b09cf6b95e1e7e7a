import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net, { type AddressInfo } from 'node:net';
import { once } from 'node:events';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createActiveMember, TEST_PASSWORD } from '../test/auth-helpers.js';
import { createTestDatabase } from '../test/database.js';

/**
 * Locks the member's row in a transaction that stays open until the returned function is called:
 * a stuck request as others see it. On PostgreSQL they wait for the row lock; on the embedded
 * database for its single connection, which the transaction holds.
 */
async function holdRow(t: TestApp, email: string): Promise<() => Promise<void>> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked: () => void = () => undefined;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holding = t.db.transaction(async (tx) => {
    await tx.select().from(users).where(eq(users.email, email)).for('update');
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await holding;
  };
}

describe('a request that waits on the database', () => {
  // One database for both apps; its waits for a lock (or for the embedded connection) give up
  // after 1.5 s.
  let handle: DatabaseHandle;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    handle = await createTestDatabase({ lockTimeoutMs: 1_500, statementTimeoutMs: 10_000 });
  });
  afterAll(async () => {
    for (const t of apps) await t.app.close();
    await handle.close();
  });

  async function appWith(env: Record<string, string> = {}): Promise<TestApp> {
    const t = await createTestApp({ handle, env });
    apps.push(t);
    return t;
  }

  const signIn = (t: TestApp, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier: email, password: TEST_PASSWORD },
    });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After once the lock timeout passes', async () => {
    const t = await appWith();
    await createActiveMember(t, { email: 'locked@test.coop' });
    const release = await holdRow(t, 'locked@test.coop');
    try {
      const started = Date.now();
      const res = await signIn(t, 'locked@test.coop');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        success: false,
        error: 'Service Unavailable',
        message: 'The portal is busy right now. Please try again in a few seconds.',
        code: 'SERVICE_UNAVAILABLE',
        timestamp: expect.any(String),
      });
    } finally {
      await release();
    }
    // Nothing of the refused sign-in was kept, and the next one goes through.
    expect((await signIn(t, 'locked@test.coop')).statusCode).toBe(200);
  });

  it('answers 503 when no answer is ready within REQUEST_TIMEOUT_MS', async () => {
    // Answers are due after 1 s, before the database would give up waiting (1.5 s).
    const t = await appWith({ REQUEST_TIMEOUT_MS: '1000' });
    await createActiveMember(t, { email: 'slow@test.coop' });
    const release = await holdRow(t, 'slow@test.coop');
    try {
      const started = Date.now();
      const res = await signIn(t, 'slow@test.coop');
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      // A write: answered once its work was rolled back, so the message can say so.
      expect(res.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The portal took too long to answer, and nothing was changed. Please try again.',
      });
    } finally {
      await release();
    }
  });

  it('while stopping: a request that arrives answers 503 and one already running finishes', async () => {
    const t = await appWith();
    await createActiveMember(t, { email: 'draining@test.coop' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const release = await holdRow(t, 'draining@test.coop');
    try {
      // Running when the stop begins: a sign-in waiting for the held row.
      const running = rawRequest(port, signInRequest('draining@test.coop'));
      await until(() => t.app.openRequests().length === 1, 'the sign-in to be running');
      // Connected before the stop, the rest of its request arrives after: a probe, say.
      const late = net.connect(port, '127.0.0.1');
      await once(late, 'connect');
      late.write('GET /api/ready HTTP/1.1\r\nHost: portal.test\r\n');

      const closing = t.app.close();
      await until(() => !t.app.server.listening, 'the server to stop listening');
      late.end('\r\n');
      const answer = await readAll(late);
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer).toMatch(/\r\nretry-after: 5\r\n/i);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
        success: false,
        error: 'Service Unavailable',
        message: 'The portal is restarting. Please try again in a few seconds.',
        code: 'SERVICE_UNAVAILABLE',
        timestamp: expect.any(String),
      });

      await release();
      // The running one is answered, on a connection that then closes rather than idling.
      const finished = await running;
      expect(finished).toMatch(/^HTTP\/1\.1 (200|503) /);
      expect(finished).toMatch(/\r\nconnection: close\r\n/i);
      await closing;
    } finally {
      await release();
    }
  });

  it('waits for the handler of a request whose client left before closing the database', async () => {
    const t = await appWith();
    await createActiveMember(t, { email: 'left@test.coop' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const release = await holdRow(t, 'left@test.coop');
    try {
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(signInRequest('left@test.coop'));
      await until(() => t.app.openRequests().length === 1, 'the sign-in to be running');
      socket.destroy();

      await t.app.close();
      // The server has stopped, but the sign-in is still waiting for the row: not settled.
      let settled = false;
      const settling = t.app.requestsSettled().then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(settled).toBe(false);
      expect(t.app.openRequests()).toEqual([
        expect.objectContaining({ method: 'POST', route: '/api/v1/auth/login' }),
      ]);

      await release();
      await settling;
      expect(t.app.openRequests()).toEqual([]);
    } finally {
      await release();
    }
  });
});

function signInRequest(email: string): string {
  const body = JSON.stringify({ identifier: email, password: TEST_PASSWORD });
  return [
    'POST /api/v1/auth/login HTTP/1.1',
    'Host: portal.test',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: keep-alive',
    '',
    body,
  ].join('\r\n');
}

/** Sends one raw HTTP/1.1 request and resolves with everything the server sent until it closed. */
async function rawRequest(port: number, request: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(request);
  return readAll(socket);
}

function readAll(socket: net.Socket): Promise<string> {
  let text = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return new Promise((resolve, reject) => {
    socket.once('close', () => resolve(text));
    socket.once('error', reject);
  });
}

/** Waits for a condition the test cannot be told about, checking often, for at most 10 s. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (const giveUpAt = Date.now() + 10_000; !condition();) {
    if (Date.now() > giveUpAt) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
