import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { prerenderedPages } from './web-app.js';

/**
 * The CSP sources of the inline scripts of the web app's HTML files: exactly those scripts, by
 * their SHA-256 (the theme script that runs before the first paint, decision 051, and the sign-in
 * page's guard for a form sent before its JavaScript has run and its loader that starts the app
 * after the first paint, decision 110). Nothing else inline may run.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * Security headers (docs/security.md). Inline styles are allowed because React/Radix and the toast
 * library set style attributes and a <style> element; scripts are 'self' plus the index.html
 * inline scripts by hash.
 */
function helmetOptions(scriptHashes: readonly string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only means something over TLS; the proxy in front sets it or we set it when https.
    strictTransportSecurity: false,
  };
}

/**
 * The headers helmet sets for these options, worked out once. They depend on the options only
 * (no nonces, no per-request directive), so computing them per request, as `@fastify/helmet`
 * did (it rebuilds helmet's middleware from the options in two hooks on every request), cost
 * every answer its share of the CPU for the same eleven strings (decision 013).
 */
export function securityHeaderSet(options: HelmetOptions = helmetOptions()): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  // helmet 8 throws a bad option at once; the callback only says it is done.
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return [...headers];
}

/**
 * The headers of an answer Fastify gives before any hook runs (a URL it cannot decode): the
 * same set, since the onRequest hook never sees that request (decision 080).
 */
export const FRAMEWORK_ERROR_HEADERS: Record<string, string> = {
  ...Object.fromEntries(securityHeaderSet()),
  'cache-control': 'no-store',
};

export const securityHeaders = fp<{ webDistDir?: string }>(async (app, options) => {
  // index.html and the prerendered pages (decision 110), whose loader differs per build.
  const dist = options.webDistDir;
  const pages =
    dist && existsSync(path.join(dist, 'index.html'))
      ? ['index.html', ...prerenderedPages(dist).values()]
      : [];
  const scriptHashes = [
    ...new Set(
      pages.flatMap((file) =>
        inlineScriptHashes(readFileSync(path.join(dist ?? '', file), 'utf8')),
      ),
    ),
  ];
  const headers = securityHeaderSet(helmetOptions(scriptHashes));
  // Set on the raw response, as helmet does, so that error answers keep them.
  app.addHook('onRequest', (req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.protocol === 'https') {
      void reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (req.url.startsWith('/api')) void reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
});
