// Scale benchmark of the contributions list: page-1 latency of `GET /api/v1/users/contributions`
// for every combination of its filters (and every sort), signed in as Ada, on the 12 k baseline
// and on the 1.2 M database built by `bench/scale-generate.mjs`, with the EXPLAIN (ANALYZE) of
// the SQL the API runs for each shape.
//
//   npm run bench:scale:generate    # once: coop_bench_12k and coop_bench_1m2
//   npm run bench:scale             # BENCH_REQUESTS per shape (default 200), sequential
//
// Latency is measured one request at a time on one keep-alive connection (no queueing), through
// the real server (JWT, user lookup, validation, query, serialization). The plans are captured
// by running the API's own repository (`contributionsRepository(db).page`) with a query logger and
// explaining each logged statement with its parameters. Results: bench/results/scale.md and
// bench/results/scale-explain.txt.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { build } from '../scripts/build.mjs';
import { BENCH_JWT_SECRET, SCALE_SIZES, databaseUrl } from './scale-generate.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = (file) => import(pathToFileURL(path.join(root, 'apps/api/dist', file)).href);
const port = Number(process.env.BENCH_PORT ?? 3292);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const warmup = Math.max(20, Math.round(requests / 5));
const resultsDir = path.join(root, 'bench/results');

/** The filters, each with a value that keeps rows for Ada (so combinations are not all empty). */
function filterValues(today, total) {
  const monthsAgo = (n) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - n, 1));
    return d.toISOString().slice(0, 7);
  };
  return {
    status: 'confirmed',
    contributionMonth: monthsAgo(30),
    startDate: `${monthsAgo(48)}-01`,
    endDate: `${monthsAgo(12)}-28`,
    // the month's name ('May'): matches that month of every year (digits alone search amounts)
    search: new Date(`${monthsAgo(30)}-15`).toLocaleString('en', {
      month: 'long',
      timeZone: 'UTC',
    }),
    minAmount: String(Math.max(1, total - 20000)),
    maxAmount: String(total + 20000),
  };
}

/** Every subset of the filters (default sort), every sort alone and with all filters, variants. */
function shapes(values, total) {
  const names = Object.keys(values);
  const list = [];
  for (let mask = 0; mask < 1 << names.length; mask++) {
    const params = {};
    names.forEach((name, i) => {
      if (mask & (1 << i)) params[name] = values[name];
    });
    list.push(params);
  }
  for (const sortBy of ['contributionDate', 'contributionMonth', 'totalAmount']) {
    for (const sortOrder of ['desc', 'asc']) {
      list.push({ sortBy, sortOrder });
      list.push({ ...values, sortBy, sortOrder });
    }
  }
  list.push({ status: 'pending' }, { status: 'disputed' }, { status: 'resolved' });
  list.push({ search: 'March' }, { search: 'Mar 20' }, { search: total.toLocaleString('en') });
  list.push({ search: total.toLocaleString('en'), sortBy: 'totalAmount', sortOrder: 'asc' });
  list.push({ status: 'pending', search: 'March', sortBy: 'contributionMonth' });
  const seen = new Set();
  return list.filter((params) => {
    const key = new URLSearchParams(params).toString();
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

const label = (params) =>
  Object.keys(params).length === 0 ? '(default)' : new URLSearchParams(params).toString();

function startServer(url, port) {
  return spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'coop-scale-')),
      DATABASE_URL: url,
      JWT_SECRET: BENCH_JWT_SECRET,
      TWO_FACTOR_KEY: 'b'.repeat(43) + '=', // a server database needs its own key
    },
    stdio: 'inherit',
  });
}

function get(target, urlPath) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: target.port,
        path: urlPath,
        headers: target.headers,
        agent: target.agent,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
  });
}

async function waitForHealth(target) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await get(target, '/api/health')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function signIn(target) {
  const res = await fetch(`http://127.0.0.1:${target.port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'ada@demo.coop', password: 'Demo!2345' }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return (await res.json()).data.accessToken;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `count` sequential requests; their durations in ms. */
async function timeRequests(target, urlPath, count) {
  const samples = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const res = await get(target, urlPath);
    samples.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`${urlPath}: ${res.status} ${res.body.toString()}`);
  }
  return samples;
}

/**
 * Both sizes in turn, request by request (the order alternating), so that both see the same
 * machine: on a shared machine the load drifts within seconds, and two runs one after the other,
 * or even alternating blocks, would compare the load, not the sizes.
 */
async function measure(targets, urlPath) {
  const samples = targets.map(() => []);
  const items = [];
  for (const [i, target] of targets.entries()) {
    const res = await get(target, urlPath);
    items[i] = JSON.parse(res.body.toString()).pagination.totalItems;
    await timeRequests(target, urlPath, warmup);
  }
  for (let n = 0; n < requests; n++) {
    const order = n % 2 === 0 ? [...targets.keys()] : [...targets.keys()].reverse();
    for (const i of order) samples[i]?.push(...(await timeRequests(targets[i], urlPath, 1)));
  }
  return samples.map((list, i) => {
    list.sort((a, b) => a - b);
    return { p50: percentile(list, 50), p99: percentile(list, 99), items: items[i] };
  });
}

/** The SQL the API's repository runs for a query, with its parameters, explained. */
async function explainAll(url, adaId, shapeList) {
  const schema = await api('db/schema/index.js');
  const { contributionsRepository } = await api(
    'modules/contributions/contributions.repository.js',
  );
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const logged = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => logged.push({ query, params }) },
  });
  const plans = [];
  try {
    for (const params of shapeList) {
      logged.length = 0;
      const query = contributionListQuerySchema.parse(params);
      await contributionsRepository(db).page(adaId, query);
      const statements = [...logged];
      // Three times each: the plan of the last run, the median execution time (the database's
      // own share of the latency, without HTTP, Node or the machine's other load in it).
      let explained = [];
      const executionMs = [];
      for (let run = 0; run < 3; run++) {
        explained = [];
        let ms = 0;
        for (const { query: text, params: values } of statements) {
          const { rows } = await pool.query(`explain (analyze, buffers) ${text}`, values);
          const lines = rows.map((r) => r['QUERY PLAN']);
          ms += Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? 0);
          explained.push(lines.join('\n'));
        }
        executionMs.push(ms);
      }
      executionMs.sort((a, b) => a - b);
      const plan = explained.join('\n\n');
      const indexes = [
        ...new Set(
          [
            ...plan.matchAll(
              /(?:Index(?: Only)? Scan(?: Backward)?|Bitmap Index Scan) (?:using|on) (\w+)/g,
            ),
          ].map((m) => m[1]),
        ),
      ];
      plans.push({
        label: label(params),
        sql: statements.map((s) => `${s.query}\n-- params: ${JSON.stringify(s.params)}`).join('\n'),
        plan,
        indexes,
        executionMs: executionMs[1] ?? 0,
        seqScan: /Seq Scan on contributions/.test(plan),
      });
    }
  } finally {
    await pool.end();
  }
  return plans;
}

async function openSize(sizeKey, index) {
  const size = SCALE_SIZES[sizeKey];
  if (!size) throw new Error(`unknown size ${sizeKey}: ${Object.keys(SCALE_SIZES).join(', ')}`);
  const url = databaseUrl(size.database);
  const check = new pg.Client({ connectionString: url });
  try {
    await check.connect();
  } catch {
    throw new Error(`${size.database} is missing: run npm run bench:scale:generate first`);
  }
  const {
    rows: [info],
  } = await check.query(
    `select (select count(*) from contributions)::int as contributions,
            (select id from users where email = 'ada@demo.coop') as ada`,
  );
  await check.end();
  const target = {
    sizeKey,
    size,
    url,
    rows: info.contributions,
    ada: info.ada,
    port: port + index,
    agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
    headers: {},
  };
  target.server = startServer(url, target.port);
  await waitForHealth(target);
  target.headers = { authorization: `Bearer ${await signIn(target)}` };
  return target;
}

const fmt = (ms) => ms.toFixed(2);

build();
// Imported after the build: a fresh clone has no compiled @coop/shared until then.
const { contributionListQuerySchema } = await import('@coop/shared/contributions');
const sizes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['12k', '1.2m'];
const targets = [];
const results = [];
try {
  for (const [i, sizeKey] of sizes.entries()) targets.push(await openSize(sizeKey, i));
  const first = JSON.parse((await get(targets[0], '/api/v1/users/contributions')).body.toString());
  const total = first.data[0].totalAmount;
  const shapeList = shapes(filterValues(new Date(), total), total);
  console.log(
    `${targets.map((t) => `${t.size.database} (${t.rows.toLocaleString('en')} contributions)`).join(' and ')}: ${shapeList.length} query shapes`,
  );
  const latencies = targets.map(() => new Map());
  for (const params of shapeList) {
    const qs = new URLSearchParams(params).toString();
    const measured = await measure(targets, `/api/v1/users/contributions${qs ? `?${qs}` : ''}`);
    measured.forEach((m, i) => latencies[i]?.set(label(params), m));
  }
  for (const [i, target] of targets.entries()) {
    results.push({
      sizeKey: target.sizeKey,
      size: target.size,
      rows: target.rows,
      shapeList,
      latencies: latencies[i],
      plans: await explainAll(target.url, target.ada, shapeList),
    });
  }
} finally {
  for (const target of targets) target.server?.kill('SIGTERM');
}

const [small, large] = results;
const table = [];
for (const params of small.shapeList) {
  const key = label(params);
  const a = small.latencies.get(key);
  const b = large?.latencies.get(key);
  const planA = small.plans.find((p) => p.label === key);
  const planB = large?.plans.find((p) => p.label === key);
  table.push({
    shape: key,
    rows: a.items,
    [`${small.sizeKey} p50`]: fmt(a.p50),
    [`${small.sizeKey} p99`]: fmt(a.p99),
    ...(b && {
      [`${large.sizeKey} p50`]: fmt(b.p50),
      [`${large.sizeKey} p99`]: fmt(b.p99),
      'p50 ×': (b.p50 / a.p50).toFixed(2),
      'p99 ×': (b.p99 / a.p99).toFixed(2),
    }),
    [`${small.sizeKey} db ms`]: planA?.executionMs.toFixed(3) ?? '',
    ...(planB && { [`${large.sizeKey} db ms`]: planB.executionMs.toFixed(3) }),
    [`${small.sizeKey} plan`]: planA?.seqScan ? 'SEQ SCAN' : (planA?.indexes.join(' ') ?? ''),
    ...(planB && {
      [`${large.sizeKey} plan`]: planB.seqScan ? 'SEQ SCAN' : planB.indexes.join(' '),
    }),
  });
}
console.table(table);

// The whole table as Markdown, and every plan, for the record.
mkdirSync(resultsDir, { recursive: true });
const columns = Object.keys(table[0] ?? {});
const md = [
  `# Contributions list at scale: page-1 latency (ms) per query shape`,
  '',
  `Generated by \`npm run bench:scale\` on ${new Date().toISOString().slice(0, 10)}: ${requests} sequential requests per shape after ${warmup} warm-up, signed in as Ada (120 contributions), ` +
    results.map((r) => `${r.sizeKey} = ${r.rows.toLocaleString('en')} rows`).join(', ') +
    '. Both servers run side by side and are measured request by request in alternation. "db ms": the median Execution Time of EXPLAIN (ANALYZE) of the SQL the API runs; plans: the indexes it used (see scale-explain.txt).',
  '',
  `| ${columns.join(' | ')} |`,
  `| ${columns.map(() => '---').join(' | ')} |`,
  ...table.map(
    (row) => `| ${columns.map((c) => String(row[c]).replaceAll('|', '\\|')).join(' | ')} |`,
  ),
  '',
].join('\n');
writeFileSync(path.join(resultsDir, 'scale.md'), md);
const explainText = results
  .flatMap((r) => r.plans.map((p) => `=== ${r.size.database}: ${p.label}\n${p.sql}\n\n${p.plan}\n`))
  .join('\n');
writeFileSync(path.join(resultsDir, 'scale-explain.txt'), explainText);

if (large) {
  const worst = (k) => Math.max(...table.map((row) => Number(row[k])));
  console.log(
    `worst ratio 1.2 M / 12 k: p50 ${worst('p50 ×').toFixed(2)}×, p99 ${worst('p99 ×').toFixed(2)}×`,
  );
}
const seq = results.flatMap((r) =>
  r.plans.filter((p) => p.seqScan).map((p) => `${r.size.database}: ${p.label}`),
);
console.log(
  seq.length === 0
    ? 'No sequential scan over contributions in any plan.'
    : `Sequential scans:\n  ${seq.join('\n  ')}`,
);
console.log(`Written: bench/results/scale.md, bench/results/scale-explain.txt`);
