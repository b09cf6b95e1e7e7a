// The yardstick of `npm run bench:api`: a minimal Fastify app that verifies the API's HS256 access
// token with jose (same secret, algorithm, issuer and audience) and answers a tiny JSON body. No
// database, no schemas, no plugins: what one Node process can do per request before any work.
//
//   JWT_SECRET=… PORT=3291 node bench/bare-jwt-server.mjs
import Fastify from 'fastify';
import { jwtVerify } from 'jose';

// The key is imported once (jose would import raw bytes again on every call).
const key = await crypto.subtle.importKey(
  'raw',
  new TextEncoder().encode(process.env.JWT_SECRET ?? ''),
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['verify'],
);
const app = Fastify({ logger: false });

app.get('/bare', async (req, reply) => {
  const token = req.headers.authorization?.match(/^Bearer ([A-Za-z0-9._-]+)$/)?.[1];
  try {
    if (!token) throw new Error('no token');
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: 'coop-portal',
      audience: 'coop-portal-api',
    });
    return { success: true, data: { userId: payload.sub } };
  } catch {
    return reply.code(401).send({ success: false });
  }
});

await app.listen({ port: Number(process.env.PORT ?? 3291), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
