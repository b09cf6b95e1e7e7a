import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * The CSP sources of the inline scripts of the web app's index.html: exactly those scripts, by
 * their SHA-256 (the theme script that runs before the first paint; decision 051). Nothing else
 * inline may run.
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
 * Security headers (DESIGN §5). Inline styles are allowed because React/Radix and the toast
 * library set style attributes and a <style> element; scripts are 'self' plus the index.html
 * inline scripts by hash.
 */
export const securityHeaders = fp<{ webDistDir?: string }>(async (app, options) => {
  const indexHtml = options.webDistDir ? path.join(options.webDistDir, 'index.html') : null;
  const scriptHashes =
    indexHtml && existsSync(indexHtml) ? inlineScriptHashes(readFileSync(indexHtml, 'utf8')) : [];
  await app.register(helmet, {
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
  });

  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (req.url.startsWith('/api')) reply.header('Cache-Control', 'no-store');
  });
});
