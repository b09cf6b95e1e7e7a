/**
 * ASVS 5.0 V6.3.8 (no account enumeration by time), measured: forgot-password and a failed
 * sign-in for an existing and an unknown identifier, 50 of each, interleaved, at the production
 * floor. Prints the medians; the gap must stay under 2 ms. `npm run bench:auth-timing`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createActiveMember } from '../test/auth-helpers.js';

const TRIES = 50;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

describe('no enumeration by time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_ANSWER_FLOOR_MS: '400' } });
    await createActiveMember(t, { email: 'known@example.com' });
  });
  afterAll(() => t.close());

  async function measure(request: (who: 'known' | 'unknown', i: number) => Promise<number>) {
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < TRIES; i++) {
      for (const who of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
        // Past every window, so no limit or lockout is ever reached.
        t.clock.advance(16 * 60_000);
        const began = performance.now();
        const status = await request(who, i);
        times[who].push(performance.now() - began);
        expect(status).toBeLessThan(429);
      }
    }
    const known = median(times.known);
    const unknown = median(times.unknown);
    return { known, unknown, gap: Math.abs(known - unknown) };
  }

  it('forgot-password: medians of 50 each within 2 ms', async () => {
    const result = await measure(
      async (who, i) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/forgot-password',
            remoteAddress: `198.51.100.${i}`,
            payload: { email: who === 'known' ? 'known@example.com' : 'nobody@example.com' },
          })
        ).statusCode,
    );
    console.log('forgot-password medians (ms)', result);
    expect(result.gap).toBeLessThan(2);
  });

  it('failed sign-in: medians of 50 each within 2 ms', async () => {
    const result = await measure(
      async (who, i) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/login',
            remoteAddress: `203.0.113.${i}`,
            payload: {
              identifier: who === 'known' ? 'known@example.com' : 'nobody@example.com',
              password: 'Not-The-Password!1',
            },
          })
        ).statusCode,
    );
    console.log('failed sign-in medians (ms)', result);
    expect(result.gap).toBeLessThan(2);
  });
});
