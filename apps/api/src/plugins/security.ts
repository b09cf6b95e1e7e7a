import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers (DESIGN §5). Inline styles are allowed because React/Radix and the toast
 * library set style attributes and a <style> element; scripts stay 'self' only.
 */
const CSP_DIRECTIVES = {
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
};

/**
 * The headers of an answer Fastify gives before any hook runs (a URL it cannot decode): the
 * same policy, written out, since helmet's hooks never see that request.
 */
export const FRAMEWORK_ERROR_HEADERS: Record<string, string> = {
  'content-security-policy': Object.entries(CSP_DIRECTIVES)
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`,
    )
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'cache-control': 'no-store',
};

export const securityHeaders = fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
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
