// Load benchmark of the real server on loopback: builds what is stale, starts `apps/api/dist/server.js`
// on a fresh embedded database (or BENCH_DATABASE_URL), signs in as a demo member, then drives
// a few representative calls with autocannon for a bounded time each. Prints a table.
//
//   npm run bench:api                      # embedded PGlite
//   BENCH_DATABASE_URL=postgres://… npm run bench:api
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build } from '../scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3290);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

build();
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'coop-bench-')),
};
if (process.env.BENCH_DATABASE_URL) {
  env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  env.JWT_SECRET ??= 'bench-secret-that-is-long-enough-for-hs256-signing';
}
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
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

function run(title, { path: urlPath, ...options }) {
  return new Promise((resolve, reject) => {
    const settings = { url: base + urlPath, duration: seconds, connections: 10, ...options };
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
  await waitForHealth();
  const token = await signIn('ada@demo.coop');
  const auth = { authorization: `Bearer ${token}` };
  const html = await (await fetch(`${base}/auth/login`)).text();
  const entry = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];

  const rows = [];
  rows.push(await run('GET /api/health', { path: '/api/health' }));
  rows.push(await run('GET /auth/me', { path: '/api/v1/auth/me', headers: auth }));
  rows.push(
    await run('GET /users/notifications (page 1, limit 10)', {
      path: '/api/v1/users/notifications?page=1&limit=10',
      headers: auth,
    }),
  );
  if (entry) {
    rows.push(
      await run('GET entry script (brotli)', { path: entry, headers: { 'accept-encoding': 'br' } }),
    );
  }
  // Sign-in is bound by argon2id (19 MiB, t=2) by design: few connections, as real members would.
  rows.push(
    await run('POST /auth/login (argon2id)', {
      path: '/api/v1/auth/login',
      method: 'POST',
      connections: 4,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'bayo@demo.coop', password: 'Demo!2345' }),
    }),
  );
  console.log(`\n${seconds} s per call, 10 connections (4 for sign-in), one process:`);
  console.table(rows);
} finally {
  stop();
}
