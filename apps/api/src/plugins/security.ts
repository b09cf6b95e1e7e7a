import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers (DESIGN §5). Inline styles are allowed because React/Radix and the toast
 * library set style attributes and a <style> element; scripts stay 'self' only.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
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

/**
 * The headers helmet sets for these options, worked out once. They depend on the options only
 * (no nonces, no per-request directive), so computing them per request, as `@fastify/helmet`
 * did (it rebuilds helmet's middleware from the options in two hooks on every request), cost
 * every answer its share of the CPU for the same eleven strings (decision 013).
 */
export function securityHeaderSet(options: HelmetOptions = HELMET_OPTIONS): [string, string][] {
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

export const securityHeaders = fp(async (app) => {
  const headers = securityHeaderSet();
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
