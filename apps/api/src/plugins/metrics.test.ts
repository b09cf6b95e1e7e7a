import { afterEach, describe, expect, it } from 'vitest';
import { emailOutbox, smsOutbox } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';

describe('Prometheus metrics on METRICS_PORT', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('has no metrics listener without METRICS_PORT', async () => {
    t = await createTestApp();
    expect(t.app.metricsAddress()).toBeNull();
  });

  it('counts a request by its route pattern on its own listener, never on the public port', async () => {
    t = await createTestApp({ env: { METRICS_PORT: '0' } });
    const address = t.app.metricsAddress();
    expect(address).not.toBeNull();
    const scrape = async () => {
      const answer = await fetch(`http://127.0.0.1:${address?.port}/metrics`);
      expect(answer.status).toBe(200);
      return answer.text();
    };

    const loan = await t.app.inject('/api/v1/admin/loans/3f6c2a8e-0000-4000-8000-000000000001');
    expect(loan.statusCode).toBe(401);
    const body = await scrape();
    // The pattern, not the loan's id.
    expect(body).toMatch(
      /coop_http_requests_total\{method="GET",route="\/api\/v1\/admin\/loans\/:id",status_class="4xx"\} 1/,
    );
    expect(body).not.toContain('3f6c2a8e');
    expect(body).toContain('coop_http_request_duration_seconds_bucket{le="0.005"');
    expect(body).toMatch(/coop_db_waiting_clients \d+/);
    // One series per outbox channel.
    for (const channel of ['email', 'sms']) {
      expect(body).toContain(`coop_outbox_pending{channel="${channel}"} 0`);
      expect(body).toContain(`coop_outbox_oldest_pending_age_seconds{channel="${channel}"} 0`);
    }

    await t.db.insert(emailOutbox).values({
      to: 'member@test.coop',
      subject: 'Waiting',
      text: 'Body',
      createdAt: new Date(Date.now() - 3_600_000),
    });
    const text = { to: '+2348030000101', text: 'Waiting', kind: 'test' };
    await t.db.insert(smsOutbox).values([
      { ...text, createdAt: new Date(Date.now() - 600_000) },
      { ...text, createdAt: new Date(Date.now() - 60_000) },
      // Sent texts are not waiting.
      { ...text, status: 'sent', sentAt: new Date(), createdAt: new Date(Date.now() - 7_200_000) },
    ]);
    const queued = await scrape();
    const gauge = (name: string, channel: string) =>
      Number(new RegExp(`^${name}\\{channel="${channel}"\\} (\\S+)$`, 'm').exec(queued)?.[1]);
    expect(gauge('coop_outbox_pending', 'email')).toBe(1);
    expect(gauge('coop_outbox_pending', 'sms')).toBe(2);
    const emailAge = gauge('coop_outbox_oldest_pending_age_seconds', 'email');
    expect(emailAge).toBeGreaterThanOrEqual(3_600);
    expect(emailAge).toBeLessThan(3_700);
    const smsAge = gauge('coop_outbox_oldest_pending_age_seconds', 'sms');
    expect(smsAge).toBeGreaterThanOrEqual(600);
    expect(smsAge).toBeLessThan(700);

    const publicMetrics = await t.app.inject('/metrics');
    expect(publicMetrics.statusCode).toBe(404);
    expect(publicMetrics.body).not.toContain('coop_http_requests_total');
  });
});
