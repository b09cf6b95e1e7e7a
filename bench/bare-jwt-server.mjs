// The yardstick of `npm run bench:api`: a minimal Fastify app that verifies the API's HS256 access
// token with jose (same secret, algorithm, issuer and audience) and answers a tiny JSON body. No
// database, no schemas, no plugins: what one Node process can do per request before any work.
//
// With DATABASE_URL (PostgreSQL) it also serves `/bare-list`: the floor of a list call on this
// machine. The same token check, then ONE prepared statement that checks the user and reads page 1
// of their contributions with its total (the columns the API's list sends), then JSON.stringify.
// No framework features, no query builder, no validation: what is left of the API's list call when
// everything but the database round trip is taken away.
//
//   JWT_SECRET=… PORT=3291 [DATABASE_URL=postgres://…] node bench/bare-jwt-server.mjs
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

// The key is imported once (jose would import raw bytes again on every call).
const key = await crypto.subtle.importKey(
  'raw',
  new TextEncoder().encode(process.env.JWT_SECRET ?? ''),
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['verify'],
);
const app = Fastify({ logger: false });

async function subject(req) {
  const token = req.headers.authorization?.match(/^Bearer ([A-Za-z0-9._-]+)$/)?.[1];
  if (!token) throw new Error('no token');
  const { payload } = await jwtVerify(token, key, {
    algorithms: ['HS256'],
    issuer: 'coop-portal',
    audience: 'coop-portal-api',
  });
  return payload.sub;
}

app.get('/bare', async (req, reply) => {
  try {
    return { success: true, data: { userId: await subject(req) } };
  } catch {
    return reply.code(401).send({ success: false });
  }
});

if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const listPage = {
    name: 'bare_list_page',
    text: `select u.is_active, c.id, c.contribution_month, c.contribution_date::text, c.savings_amount,
                  c.share_holding_amount, c.total_amount, c.status, c.dispute_date::text,
                  c.dispute_resolved_by, count(c.id) over () as total_items
             from users u
             left join contributions c on c.user_id = u.id
            where u.id = $1 and u.password_hash is not null
            order by c.contribution_date desc, c.id desc
            limit 25`,
  };
  const naira = (kobo) => Number(kobo) / 100;
  app.get('/bare-list', async (req, reply) => {
    let userId;
    try {
      userId = await subject(req);
    } catch {
      return reply.code(401).send({ success: false });
    }
    const { rows } = await pool.query({ ...listPage, values: [userId] });
    if (!rows[0]?.is_active) return reply.code(403).send({ success: false });
    const items = rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id,
        _id: r.id,
        contributionMonth: r.contribution_month,
        contributionDate: r.contribution_date,
        savingsAmount: naira(r.savings_amount),
        shareHoldingAmount: naira(r.share_holding_amount),
        totalAmount: naira(r.total_amount),
        status: r.status,
        disputeDate: r.dispute_date,
        disputeResolvedBy: r.dispute_resolved_by,
      }));
    const totalItems = Number(rows[0].total_items);
    reply.type('application/json');
    return JSON.stringify({
      success: true,
      data: items,
      pagination: {
        currentPage: 1,
        totalPages: Math.max(1, Math.ceil(totalItems / 25)),
        totalItems,
      },
    });
  });
  app.addHook('onClose', () => pool.end());
}

await app.listen({ port: Number(process.env.PORT ?? 3291), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
