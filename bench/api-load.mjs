// Load benchmark of the real server on loopback: builds what is stale, starts `apps/api/dist/server.js`
// on a fresh embedded database (or BENCH_DATABASE_URL), signs in as a demo member, then drives
// a few representative calls with autocannon for a bounded time each. Beside them, in the same run,
// a bare Fastify route that only verifies the same JWT (bench/bare-jwt-server.mjs, its own process
// and port, no database) gives the yardstick: each member call is reported as a share of it. On
// PostgreSQL the same process also serves the floor of a list call (`/bare-list`: the token and one
// prepared statement, no framework), so the table shows what the machine allows.
//
// Each round runs the bare route, the floor and then each call, BENCH_ROUNDS times (3): a call's
// share is taken against the bare run and the floor of its own round, and the table gives medians. Beside requests per second,
// it reads the CPU time each request cost the API process, the database's backends and the load
// generator (from /proc), which the machine's other load disturbs much less than a rate.
//
//   npm run bench:api                      # embedded PGlite
//   BENCH_DATABASE_URL=postgres://… npm run bench:api
//   BENCH_CONNECTIONS=10 BENCH_SECONDS=5 BENCH_ROUNDS=5 npm run bench:api
//   BENCH_BASELINE=/tmp/main/apps/api/dist/server.js …  # also another build, each call right after
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { build } from '../scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3290);
const barePort = port + 1;
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Comma-separated substrings of call names, to run a few (the bare route always runs).
const only = process.env.BENCH_ONLY?.split(',');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const databaseUrl = process.env.BENCH_DATABASE_URL;

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
  env: {
    ...process.env,
    PORT: String(barePort),
    JWT_SECRET: jwtSecret,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  stdio: 'inherit',
});
// Another build of the API (BENCH_BASELINE: its dist/server.js, e.g. main's) on the same database,
// two ports up: each member call is also run against it right after, in the same round, as
// "baseline: …", so two builds compare under the same load. Started once the first has seeded.
const baselinePort = port + 2;
let baseline;
const stop = () => {
  server.kill('SIGTERM');
  bare.kill('SIGTERM');
  baseline?.kill('SIGTERM');
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

/** CPU seconds a process has used so far (user + system), from /proc; 0 where unreadable. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The database's backends serving this benchmark (PostgreSQL), to read their CPU time. */
async function backendPids(admin) {
  if (!admin) return [];
  const { rows } = await admin.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.map((r) => r.pid);
}

async function run(title, { url, path: urlPath, ...options }, { admin, servedBy }) {
  const backends = new Map((await backendPids(admin)).map((pid) => [pid, cpuSeconds(pid)]));
  const served = cpuSeconds(servedBy);
  const own = process.cpuUsage();
  const result = await new Promise((resolve, reject) => {
    const settings = { url: url ?? base + urlPath, duration: seconds, connections, ...options };
    autocannon(settings, (err, res) => (err ? reject(err) : resolve(res)));
  });
  const generator = process.cpuUsage(own);
  const n = Math.max(1, result.requests.total);
  let database = 0;
  // A backend that started during the run counts whole; one that ended is lost (rare: pools stay).
  for (const pid of await backendPids(admin))
    database += cpuSeconds(pid) - (backends.get(pid) ?? 0);
  return {
    'req/s': Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpu: {
      server: ((cpuSeconds(servedBy) - served) * 1e6) / n,
      database: (database * 1e6) / n,
      generator: (generator.user + generator.system) / n,
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const totalCpu = (cpu) => cpu.server + cpu.database + cpu.generator;

let admin;
try {
  await Promise.all([waitFor(`${base}/api/health`), waitFor(`http://127.0.0.1:${barePort}/bare`)]);
  if (process.env.BENCH_BASELINE) {
    baseline = spawn(
      process.execPath,
      [
        ...(process.env.BENCH_NODE_ARGS?.split(' ') ?? []),
        path.resolve(root, process.env.BENCH_BASELINE),
      ].filter(Boolean),
      {
        cwd: root,
        env: {
          ...env,
          PORT: String(baselinePort),
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'coop-bench-')),
        },
        stdio: 'inherit',
      },
    );
    await waitFor(`http://127.0.0.1:${baselinePort}/api/health`);
  }
  const token = await signIn('ada@demo.coop');
  const auth = { authorization: `Bearer ${token}` };
  const html = await (await fetch(`${base}/auth/login`)).text();
  const entry = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (databaseUrl) {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    // The demo was just written (and rewritten: activations, confirmations): without statistics
    // and with dead rows, the planner reads a member's rows through 40 heap pages instead of 3.
    // Autovacuum does this within a minute in production; the benchmark does not wait for it.
    await admin.query('vacuum analyze');
  }

  const bareUrl = `http://127.0.0.1:${barePort}`;
  /** [title, autocannon options, served by, compared with the bare route] */
  const calls = [
    ['bare JWT route (no database)', { url: `${bareUrl}/bare`, headers: auth }, bare.pid],
    ['GET /api/health', { path: '/api/health' }, server.pid],
    ['GET /auth/me', { path: '/api/v1/auth/me', headers: auth }, server.pid, true],
    [
      'GET /users/notifications (page 1, limit 10)',
      { path: '/api/v1/users/notifications?page=1&limit=10', headers: auth },
      server.pid,
      true,
    ],
    [
      'GET /users/contributions (page 1)',
      { path: '/api/v1/users/contributions', headers: auth },
      server.pid,
      true,
    ],
    ['GET /users/dashboard', { path: '/api/v1/users/dashboard', headers: auth }, server.pid, true],
    ['GET /users/loans (page 1)', { path: '/api/v1/users/loans', headers: auth }, server.pid, true],
    [
      'GET /users/guarantees (guarantor requests, page 1)',
      { path: '/api/v1/users/guarantees', headers: auth },
      server.pid,
      true,
    ],
    [
      'GET /users/withdrawals (page 1)',
      { path: '/api/v1/users/withdrawals', headers: auth },
      server.pid,
      true,
    ],
  ];
  if (baseline) {
    for (let i = calls.length - 1; i >= 0; i--) {
      const [title, { path: urlPath, ...options }, servedBy, member] = calls[i];
      if (servedBy !== server.pid || !member) continue;
      calls.splice(i + 1, 0, [
        `baseline: ${title}`,
        { url: `http://127.0.0.1:${baselinePort}${urlPath}`, ...options },
        baseline.pid,
        true,
      ]);
    }
  }
  if (databaseUrl) {
    // Right after the bare route, so that each call of the round compares with both.
    calls.splice(1, 0, [
      'floor: JWT + one list statement (bare-list)',
      { url: `${bareUrl}/bare-list`, headers: auth },
      bare.pid,
      true,
    ]);
  }
  const once = [];
  if (entry) {
    once.push([
      'GET entry script (brotli)',
      { path: entry, headers: { 'accept-encoding': 'br' } },
      server.pid,
    ]);
  }
  // Sign-in is bound by argon2id (19 MiB, t=2) by design: few connections, as real members would.
  once.push([
    'POST /auth/login (argon2id)',
    {
      path: '/api/v1/auth/login',
      method: 'POST',
      connections: 4,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'bayo@demo.coop', password: 'Demo!2345' }),
    },
    server.pid,
  ]);

  const wanted = ([title]) =>
    !only ||
    only.some((s) => title.includes(s)) ||
    title.startsWith('bare') ||
    title.startsWith('floor');
  const runs = new Map();
  const measure = async ([title, options, servedBy]) => {
    const row = await run(title, options, { admin, servedBy });
    // Requests autocannon abandoned at the end are still being answered: let them finish.
    await new Promise((r) => setTimeout(r, 1500));
    if (!runs.has(title)) runs.set(title, []);
    runs.get(title).push(row);
    return row;
  };
  const ratios = new Map();
  for (let round = 0; round < rounds; round++) {
    let bareRow;
    let floorRow;
    for (const call of calls.filter(wanted)) {
      const row = await measure(call);
      if (call[0].startsWith('bare')) bareRow = row;
      else if (call[3]) {
        if (call[0].startsWith('floor')) floorRow = row;
        if (!ratios.has(call[0])) ratios.set(call[0], []);
        ratios.get(call[0]).push({
          rate: row['req/s'] / bareRow['req/s'],
          cpu: totalCpu(bareRow.cpu) / totalCpu(row.cpu),
          // The floor of the same round (PostgreSQL only): what one round trip allows here.
          ...(floorRow && !call[0].startsWith('floor')
            ? {
                floorRate: row['req/s'] / floorRow['req/s'],
                floorCpu: totalCpu(floorRow.cpu) / totalCpu(row.cpu),
              }
            : {}),
        });
      }
    }
  }
  for (const call of once.filter(wanted)) await measure(call);

  const percent = (x) => `${Math.round(100 * x)} %`;
  const rows = [...runs].map(([title, list]) => {
    const member = ratios.get(title);
    const cpu = (part) => Math.round(median(list.map((r) => r.cpu[part])));
    return {
      call: title,
      'req/s': Math.round(median(list.map((r) => r['req/s']))),
      'p50 ms': median(list.map((r) => r.p50)),
      'p99 ms': median(list.map((r) => r.p99)),
      errors: list.reduce((sum, r) => sum + r.errors, 0),
      'vs bare': member ? percent(median(member.map((m) => m.rate))) : '',
      'each round': member ? member.map((m) => percent(m.rate)).join(' ') : '',
      'CPU µs/req server+db+load': `${cpu('server')}+${cpu('database')}+${cpu('generator')}`,
      'CPU vs bare': member ? percent(median(member.map((m) => m.cpu))) : '',
      'vs floor': member?.[0]?.floorRate ? percent(median(member.map((m) => m.floorRate))) : '',
      'floor each round': member?.[0]?.floorRate
        ? member.map((m) => percent(m.floorRate)).join(' ')
        : '',
      'CPU vs floor': member?.[0]?.floorCpu ? percent(median(member.map((m) => m.floorCpu))) : '',
    };
  });
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `\n${database}, ${rounds} round(s) of ${seconds} s per call, ${connections} connections (4 for sign-in), one process; medians; load average now ${load}:`,
  );
  console.table(rows);
} finally {
  await admin?.end().catch(() => undefined);
  stop();
}
