import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function webBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coop-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Coop Portal</title>');
  return dir;
}

describe('request ids and /metrics on the public port', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp({ webDistDir: webBuild() });
    proxied = await createTestApp({ handle: direct.handle, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await proxied.app.close();
    await direct.close();
  });

  it('returns a random UUID as X-Request-Id on every answer, never the same twice', async () => {
    const answers = [
      await direct.app.inject('/api/health'),
      await direct.app.inject('/api/v1/nowhere'),
      await direct.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {} }),
      await direct.app.inject('/members'),
    ];
    const ids = answers.map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("takes the trusted proxy's well-formed X-Request-Id, and nobody else's", async () => {
    const given = { 'x-request-id': 'nginx-7f3a9c' };
    const viaProxy = await proxied.app.inject({ url: '/api/health', headers: given });
    expect(viaProxy.headers['x-request-id']).toBe('nginx-7f3a9c');
    const forged = await proxied.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'x\u2028{"level":60}' },
    });
    expect(forged.headers['x-request-id']).toMatch(UUID);
    const untrusted = await direct.app.inject({ url: '/api/health', headers: given });
    expect(untrusted.headers['x-request-id']).toMatch(UUID);
  });

  it('answers /metrics with a 404, not the web app', async () => {
    const page = await direct.app.inject('/members');
    expect(page.headers['content-type']).toContain('text/html');
    const metrics = await direct.app.inject('/metrics');
    expect(metrics.statusCode).toBe(404);
    expect(metrics.headers['content-type']).toContain('application/json');
  });
});
