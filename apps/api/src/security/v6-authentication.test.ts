/**
 * ASVS 5.0 V6 (authentication): no enumeration by lockout or by time. The timing itself is
 * measured by `npm run bench:auth-timing` (enumeration.timing.ts); here only what is not noisy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createActiveMember } from '../test/auth-helpers.js';

describe('V6.3 no enumeration by lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createActiveMember(t, { email: 'real@example.com' });
  });
  afterAll(() => t.close());

  const fail = (identifier: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier, password: 'Not-The-Password!1' },
    });

  /** Five failures, then the Retry-After of the lockout they caused, in seconds. */
  async function lockout(identifier: string): Promise<number> {
    let last = await fail(identifier);
    for (let i = 1; i < 5; i++) last = await fail(identifier);
    expect(last.statusCode).toBe(429);
    return Number(last.headers['retry-after']);
  }

  it('locks a real account and an unknown identifier alike, 15 minutes every time', async () => {
    const real = [await lockout('real@example.com')];
    const unknown = [await lockout('ghost@example.com')];
    t.clock.advance(16 * 60_000);
    real.push(await lockout('real@example.com'));
    unknown.push(await lockout('ghost@example.com'));
    expect(real).toEqual([15 * 60, 15 * 60]);
    expect(unknown).toEqual(real);
  });
});

describe('V6.3 answers after a floor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_ANSWER_FLOOR_MS: '150' } });
    await createActiveMember(t, { email: 'floor@example.com' });
  });
  afterAll(() => t.close());

  it('forgot-password and a failed sign-in take at least the floor, known or not', async () => {
    for (const email of ['floor@example.com', 'nobody@example.com']) {
      let began = performance.now();
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email },
      });
      expect(performance.now() - began).toBeGreaterThanOrEqual(149);
      began = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { identifier: email, password: 'Not-The-Password!1' },
      });
      expect(res.statusCode).toBe(401);
      expect(performance.now() - began).toBeGreaterThanOrEqual(149);
    }
  });
});
