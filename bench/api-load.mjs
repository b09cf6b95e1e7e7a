// Load benchmark of the real server on loopback: builds what is stale, starts `apps/api/dist/server.js`
// on a fresh embedded database (or BENCH_DATABASE_URL), signs in as a demo member, then drives
// a few representative calls with autocannon for a bounded time each. Beside them, in the same run,
// a bare Fastify route that only verifies the same JWT (bench/bare-jwt-server.mjs, its own process
// and port, no database) gives the yardstick: each member call is reported as a share of it.
//
//   npm run bench:api                      # embedded PGlite
//   BENCH_DATABASE_URL=postgres://… npm run bench:api
//   BENCH_CONNECTIONS=10 BENCH_SECONDS=5 npm run bench:api
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build } from '../scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3290);
const barePort = port + 1;
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Comma-separated substrings of call names, to run a few (the bare route always runs).
const only = process.env.BENCH_ONLY?.split(',');

if (!process.env.BENCH_NO_BUILD) build();
const jwtSecret = process.env.JWT_SECRET ?? 'bench-secret-that-is-long-enough-for-hs256-signing';
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'coop-bench-')),
  JWT_SECRET: jwtSecret,
};
if (process.env.BENCH_DATABASE_URL) {
  // A server database seeds the demo only when asked, and needs its own two-factor key.
  Object.assign(env, { DATABASE_URL: process.env.BENCH_DATABASE_URL, DEMO: '1' });
  env.TWO_FACTOR_KEY ??= 'b'.repeat(43) + '=';
}
const server = spawn(
  process.execPath,
  [...(process.env.BENCH_NODE_ARGS?.split(' ') ?? []), 'apps/api/dist/server.js'].filter(Boolean),
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
);
const bare = spawn(process.execPath, ['bench/bare-jwt-server.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(barePort), JWT_SECRET: jwtSecret },
  stdio: 'inherit',
});
const stop = () => {
  server.kill('SIGTERM');
  bare.kill('SIGTERM');
};
process.on('exit', stop);

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not start`);
}

async function signIn(identifier) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password: 'Demo!2345' }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return (await res.json()).data.accessToken;
}

function run(title, { url, path: urlPath, ...options }) {
  return new Promise((resolve, reject) => {
    const settings = { url: url ?? base + urlPath, duration: seconds, connections, ...options };
    autocannon(settings, (err, result) => {
      if (err) return reject(err);
      resolve({
        call: title,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    });
  });
}

try {
  await Promise.all([waitFor(`${base}/api/health`), waitFor(`http://127.0.0.1:${barePort}/bare`)]);
  const token = await signIn('ada@demo.coop');
  const auth = { authorization: `Bearer ${token}` };
  const html = await (await fetch(`${base}/auth/login`)).text();
  const entry = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];

  /** [title, autocannon options, is a member call compared with the bare route] */
  const calls = [
    ['bare JWT route (no database)', { url: `http://127.0.0.1:${barePort}/bare`, headers: auth }],
    ['GET /api/health', { path: '/api/health' }],
    ['GET /auth/me', { path: '/api/v1/auth/me', headers: auth }, true],
    [
      'GET /users/notifications (page 1, limit 10)',
      { path: '/api/v1/users/notifications?page=1&limit=10', headers: auth },
      true,
    ],
    [
      'GET /users/contributions (page 1)',
      { path: '/api/v1/users/contributions', headers: auth },
      true,
    ],
  ];
  if (entry) {
    calls.push([
      'GET entry script (brotli)',
      { path: entry, headers: { 'accept-encoding': 'br' } },
    ]);
  }
  // Sign-in is bound by argon2id (19 MiB, t=2) by design: few connections, as real members would.
  calls.push([
    'POST /auth/login (argon2id)',
    {
      path: '/api/v1/auth/login',
      method: 'POST',
      connections: 4,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'bayo@demo.coop', password: 'Demo!2345' }),
    },
  ]);

  const rows = [];
  let bareRate;
  for (const [title, options, member] of calls) {
    if (only && !only.some((s) => title.includes(s)) && !title.startsWith('bare')) continue;
    const row = await run(title, options);
    // Requests autocannon abandoned at the end are still being answered: let them finish.
    await new Promise((r) => setTimeout(r, 1500));
    if (title.startsWith('bare')) bareRate = row['req/s'];
    row['vs bare'] = member && bareRate ? `${Math.round((100 * row['req/s']) / bareRate)} %` : '';
    rows.push(row);
  }
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n${database}, ${seconds} s per call, ${connections} connections (4 for sign-in), one process:`,
  );
  console.table(rows);
} finally {
  stop();
}
