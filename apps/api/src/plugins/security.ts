import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers (DESIGN §5). Inline styles are allowed because React/Radix and the toast
 * library set style attributes and a <style> element; scripts stay 'self' only.
 */
export const securityHeaders = fp(async (app) => {
  await app.register(helmet, {
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
  });

  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (req.url.startsWith('/api')) reply.header('Cache-Control', 'no-store');
  });
});
