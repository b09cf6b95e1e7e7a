import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOPERATIVE_ENV, createTestApp, type TestApp } from '../../test/app.js';
import { securityHeaderSet } from '../../plugins/security.js';

/** A tiny stand-in for apps/web/dist: what the web build produces, precompressed files included. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coop-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const html =
    '<!doctype html><title>Coop Portal</title><script src="/assets/index-abc123.js"></script>';
  const js = 'console.log("portal");'.repeat(50);
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), js);
  writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), gzipSync(js));
  // The sign-in page, prerendered, and the map the build writes of such pages.
  mkdirSync(path.join(dir, 'auth'));
  writeFileSync(path.join(dir, 'auth/login.html'), '<!doctype html><title>Sign in</title><form>');
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite/prerendered.json'),
    JSON.stringify({ '/auth/login': 'auth/login.html' }),
  );
  return dir;
}

describe('serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health and readiness', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('publishes OpenAPI generated from the route schemas', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths).map((p) => p.replace(/\/$/, ''));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/login',
        '/api/v1/users/notifications',
        '/api/v1/users/notifications/mark-all-read',
        '/api/v1/users/notifications/{id}/read',
      ]),
    );
  });

  it('sends the security headers and no-store on API answers', async () => {
    const res = await t.app.inject('/api/v1/config');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends every header helmet sets, worked out once, on answers and on error answers', async () => {
    const headers = securityHeaderSet();
    expect(headers.map(([name]) => name)).toEqual([
      'Content-Security-Policy',
      'Cross-Origin-Opener-Policy',
      'Cross-Origin-Resource-Policy',
      'Origin-Agent-Cluster',
      'Referrer-Policy',
      'X-Content-Type-Options',
      'X-DNS-Prefetch-Control',
      'X-Download-Options',
      'X-Frame-Options',
      'X-Permitted-Cross-Domain-Policies',
      'X-XSS-Protection',
    ]);
    for (const url of ['/api/health', '/api/v1/auth/me', '/api/v1/no-such-route']) {
      const res = await t.app.inject(url);
      for (const [name, value] of headers) expect(res.headers[name.toLowerCase()]).toBe(value);
    }
  });

  it('gives the administrator contact for the suspended page', async () => {
    const res = await t.app.inject('/api/v1/config');
    expect(res.json()).toEqual({
      success: true,
      data: {
        cooperativeName: 'Demo Cooperative Society',
        adminContactEmail: 'admin@demo.coop',
        adminContactPhone: '+234 803 000 0000',
      },
    });
  });

  it('answers unknown API routes with a 404 in the error shape', async () => {
    const res = await t.app.inject('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: 'Not Found', code: 'NOT_FOUND' });
    expect(new Date(res.json<{ timestamp: string }>().timestamp).getTime()).not.toBeNaN();
  });

  it('refuses protected routes without a token in the error shape', async () => {
    const res = await t.app.inject('/api/v1/users/notifications');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('lists the dev outbox outside production only', async () => {
    expect((await t.app.inject('/api/dev/outbox')).statusCode).toBe(200);
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', MAIL: 'log', ...COOPERATIVE_ENV },
    });
    try {
      expect((await prod.app.inject('/api/dev/outbox')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDistDir: fakeWebBuild() });
  });
  afterAll(() => t.close());

  it('falls back to index.html for client routes, never cached', async () => {
    const res = await t.app.inject('/loans?tab=calculator');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Coop Portal</title>');
  });

  it("serves a prerendered page's own file at its path, and index.html beside it", async () => {
    const login = await t.app.inject('/auth/login?redirect=%2Floans');
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toContain('text/html');
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.body).toContain('<title>Sign in</title><form>');

    const other = await t.app.inject('/auth/forgot-password');
    expect(other.body).toContain('<title>Coop Portal</title>');
  });

  it('sends a sign-in form posted without JavaScript back to the page, without reading it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'identifier=ada%40demo.coop&password=secret',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth/login');
    expect(res.body).not.toContain('secret');
  });

  it('serves hashed assets precompressed with long immutable caching', async () => {
    const br = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('still answers API paths with JSON', async () => {
    const res = await t.app.inject('/api/v1/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});
