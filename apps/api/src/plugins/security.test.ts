import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';
import { inlineScriptHashes } from './security.js';

const THEME_SCRIPT = "\n      document.documentElement.classList.add('dark');\n    ";
const sha = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inline scripts in the CSP', () => {
  it('hashes inline scripts exactly as written, and skips external ones', () => {
    const html = `<head><script>${THEME_SCRIPT}</script><script type="module" src="/assets/a.js"></script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha(THEME_SCRIPT)]);
  });

  it('allows the web app’s inline script by its hash, and nothing else inline', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'coop-web-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<html><head><script>${THEME_SCRIPT}</script></head><body></body></html>`,
    );
    const t = await createTestApp({ webDistDir: dist });
    try {
      const res = await t.app.inject({ url: '/dashboard' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' ${sha(THEME_SCRIPT)}`);
      expect(csp).not.toContain("unsafe-inline'; script");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('inline scripts of the prerendered pages in the CSP', () => {
  it('allows the scripts of each prerendered page as well as those of index.html', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'coop-web-'));
    const loader = 'start("/assets/index-abc.js");';
    writeFileSync(path.join(dist, 'index.html'), `<head><script>${THEME_SCRIPT}</script></head>`);
    mkdirSync(path.join(dist, 'auth'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, 'auth/login.html'),
      `<head><script>${THEME_SCRIPT}</script><script>${loader}</script></head>`,
    );
    writeFileSync(
      path.join(dist, '.vite/prerendered.json'),
      JSON.stringify({ '/auth/login': 'auth/login.html' }),
    );
    const t = await createTestApp({ webDistDir: dist });
    try {
      const res = await t.app.inject({ url: '/auth/login' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' ${sha(THEME_SCRIPT)} ${sha(loader)};`);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('requests Node cannot parse', () => {
  /** Writes raw bytes to the server and reads everything it answers until it closes. */
  const raw = (port: number, request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });

  it('are answered with the security headers, in the error shape (a bad header, 20 KB of headers)', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      const cases = [
        ['GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400, 'BAD_REQUEST'],
        [
          `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
          431,
          'HEADERS_TOO_LARGE',
        ],
      ] as const;
      for (const [request, status, code] of cases) {
        const answer = await raw(port, request);
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        expect(head.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`);
        const headers = head.toLowerCase();
        expect(headers).toContain("content-security-policy: default-src 'self'");
        expect(headers).toContain('x-content-type-options: nosniff');
        expect(headers).toContain('x-frame-options: sameorigin');
        expect(headers).toContain('cache-control: no-store');
        expect(JSON.parse(body)).toMatchObject({
          success: false,
          code,
          timestamp: expect.any(String),
        });
      }
    } finally {
      await t.close();
    }
  }, 60_000);
});
