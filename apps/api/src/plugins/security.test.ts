import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
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
