// Scale benchmark of the loans lists: page-1 latency of `GET /api/v1/users/loans`,
// `/users/guarantees` and `/users/loans/under-review` on a small cooperative and a large one, with
// the EXPLAIN (ANALYZE) of the SQL the API runs for each shape.
//
//   node bench/scale-loans.mjs --generate                  # both databases, then measure
//   node bench/scale-loans.mjs                             # measure the existing databases
//   node bench/scale-loans.mjs --generate --members 4000   # a smaller "large" database
//
// The databases are those of `bench/scale-generate.mjs` (members, 10 years of contributions with
// their ledger postings), under their own names (coop_bench_loans_*), plus loans generated
// set-based: each member borrows 1–3 times (Ada 12 times), two neighbours guarantee each loan,
// and the statuses are those that move no ledger money (pending with answers mixed, under review,
// approved, rejected), accepted guarantees frozen in `loan_guarantors` and `member_balances` alike.
// Ada and Bayo are loan reviewers. 1 loan in 50 is under review, so the reviewers' list grows with
// the cooperative (4 loans at 100 members, about 400 at 10 000), while Ada's own loans (12) and
// guarantees stay the same at both sizes. Results: bench/results/scale-loans.md and
// bench/results/scale-loans-explain.txt.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { build } from '../scripts/build.mjs';
import { BENCH_JWT_SECRET, databaseUrl, generate } from './scale-generate.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = (file) => import(pathToFileURL(path.join(root, 'apps/api/dist', file)).href);
const port = Number(process.env.BENCH_PORT ?? 3294);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const warmup = Math.max(20, Math.round(requests / 5));
const resultsDir = path.join(root, 'bench/results');
/** The app's settings want a two-factor key with a server database (the generator loads them). */
const TWO_FACTOR_KEY = 'b'.repeat(43) + '=';
process.env.TWO_FACTOR_KEY ??= TWO_FACTOR_KEY;

const { values: args } = parseArgs({
  options: {
    generate: { type: 'boolean', default: false },
    members: { type: 'string' },
    years: { type: 'string' },
  },
});

const SIZES = [
  { key: 'small', members: 100, years: 10, database: 'coop_bench_loans_12k' },
  {
    key: 'large',
    members: Number(args.members ?? 10_000),
    years: Number(args.years ?? 10),
    database: 'coop_bench_loans_large',
  },
];

/** Adds the loans (see the header) in one transaction, then vacuums and analyzes. */
async function seedLoans(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `update users set is_loan_reviewer = true where email in ('ada@demo.coop', 'bayo@demo.coop')`,
    );
    // Members in a fixed order; Ada is number 1, so her neighbours (and so her guarantees) are
    // the same at both sizes.
    await client.query(`
      create temporary table bench_members on commit drop as
      select id, row_number() over (order by (email = 'ada@demo.coop') desc, created_at, id) as n,
             count(*) over () as total
      from users where cardinality(officer_roles) = 0 and is_active`);
    await client.query(`
      create temporary table bench_loans on commit drop as
      select gen_random_uuid() as id, m.id as user_id, m.n, k,
             row_number() over (order by m.n, k) as seq,
             ((m.n * 7 + k * 13) % 50) as kind,
             (50000 + ((m.n * 37 + k * 11) % 21) * 5000)::bigint * 100 as amount,
             (array[6, 12, 18])[1 + (m.n + k) % 3] as term,
             now() - ((m.n * 7 + k * 97) % 1000) * interval '1 day' - k * interval '1 hour' as requested
      from bench_members m
      cross join lateral generate_series(1, case when m.n = 1 then 12 else 1 + m.n % 3 end) as k`);
    // kind 0: under review; 1–14: pending; 15–34: approved; 35–49: rejected.
    await client.query(`
      insert into loans (id, loan_number, user_id, purpose, requested_amount, approved_amount,
        repayment_term_months, interest_rate_bps, interest_amount, insurance_fee, form_fee,
        deduct_processing_fee, disbursement_amount, monthly_payment, total_repayment,
        outstanding_balance, status, required_certifications, remaining_certifications,
        request_date, under_review_at, decided_at, rejection_reason, created_at, updated_at)
      select id, 'LN-' || lpad(seq::text, 7, '0'), user_id,
        (array['School fees for the new term', 'Restocking my provisions shop',
               'Farm inputs for the rainy season', 'Motorcycle repairs for my business',
               'Rent for the shop for one year'])[1 + (n + k) % 5],
        amount, case when kind between 15 and 34 then amount end,
        term, case term when 6 then 500 when 12 then 1000 else 1500 end,
        amount * (case term when 6 then 5 when 12 then 10 else 15 end) / 100,
        amount / 100, 100000, true, amount - amount / 100 - 100000,
        (amount + amount * (case term when 6 then 5 when 12 then 10 else 15 end) / 100) / term,
        amount + amount * (case term when 6 then 5 when 12 then 10 else 15 end) / 100,
        0,
        case when kind = 0 then 'under_review' when kind < 15 then 'pending'
             when kind < 35 then 'approved' else 'rejected' end,
        2, case when kind between 15 and 34 then 0 when kind >= 35 then 1 else 2 end,
        requested, case when kind = 0 or kind >= 15 then requested + interval '1 day' end,
        case when kind >= 15 then requested + interval '3 days' end,
        case when kind >= 35 then 'The purpose does not match the amount' end,
        requested, requested
      from bench_loans`);
    // Two neighbours guarantee each loan, half the amount each. Pending loans: the first accepted
    // or not yet answered, the second pending or rejected; every other loan: both accepted, frozen
    // while the loan runs (under review, approved), released when it was rejected.
    await client.query(`
      insert into loan_guarantors (loan_id, guarantor_user_id, guarantee_amount, frozen_amount,
        status, acceptance_token, invitation_date, response_date, rejection_reason, created_at,
        updated_at)
      select id, guarantor, amount / 2,
        case when status = 'accepted' and kind < 35 then amount / 2 else 0 end,
        status, md5(random()::text) || md5(random()::text), requested,
        case when status <> 'pending' then requested + interval '2 hours' end,
        case when status = 'rejected' then 'I already guarantee two loans this year' end,
        requested, requested
      from (
        select l.id, l.amount, l.kind, l.requested, g.id as guarantor,
          case when l.kind between 1 and 14 and slot = 1 then
                 case when l.k % 2 = 0 then 'accepted' else 'pending' end
               when l.kind between 1 and 14 then
                 case when l.n % 2 = 0 then 'rejected' else 'pending' end
               else 'accepted' end as status
        from bench_loans l
        cross join generate_series(1, 2) as slot
        join bench_members g on g.n = 1 + (l.n - 1 + slot) % g.total
      ) s`);
    // The ledger holds each frozen guarantee (member_holds, decision 030 "Holds"), and each
    // guarantor's frozen amount is the sum of their open holds.
    await client.query(`
      insert into member_holds (user_id, account, amount, reason, reference_id, opened_at)
      select guarantor_user_id, 'member_savings', frozen_amount, 'guarantee', id,
             coalesce(response_date, created_at)
      from loan_guarantors where frozen_amount > 0`);
    await client.query(`
      update member_balances b set frozen_amount = f.frozen, version = b.version + 1
      from (select user_id, sum(amount) as frozen from member_holds
            where released_at is null and account = 'member_savings' group by user_id) f
      where f.user_id = b.user_id`);
    await client.query('commit');
    await client.query('vacuum analyze loans');
    await client.query('vacuum analyze loan_guarantors');
    await client.query('vacuum analyze member_balances');
    const {
      rows: [counts],
    } = await client.query(`
      select (select count(*) from loans)::int as loans,
             (select count(*) from loan_guarantors)::int as guarantors,
             (select count(*) from loans where status = 'under_review')::int as under_review,
             (select count(*) from contributions)::int as contributions,
             (select count(*) from member_balances b where b.frozen_amount <>
               (select coalesce(sum(amount), 0) from member_holds h
                where h.user_id = b.user_id and h.released_at is null
                  and h.account = 'member_savings'))::int as frozen_mismatches`);
    return counts;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

function startServer(url, serverPort) {
  return spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'coop-scale-loans-')),
      DATABASE_URL: url,
      JWT_SECRET: BENCH_JWT_SECRET,
      TWO_FACTOR_KEY,
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

async function once(target, urlPath) {
  const start = performance.now();
  const res = await get(target, urlPath);
  if (res.status !== 200) throw new Error(`${urlPath}: ${res.status} ${res.body.toString()}`);
  return performance.now() - start;
}

/** Both sizes request by request, alternating, so both see the same machine load. */
async function measure(targets, urlPath) {
  const samples = targets.map(() => []);
  const items = [];
  for (const [i, target] of targets.entries()) {
    const res = await get(target, urlPath);
    items[i] = JSON.parse(res.body.toString()).pagination.totalItems;
    for (let n = 0; n < warmup; n++) await once(target, urlPath);
  }
  for (let n = 0; n < requests; n++) {
    const order = n % 2 === 0 ? [...targets.keys()] : [...targets.keys()].reverse();
    for (const i of order) samples[i].push(await once(targets[i], urlPath));
  }
  return samples.map((list, i) => {
    list.sort((a, b) => a - b);
    return { p50: percentile(list, 50), p99: percentile(list, 99), items: items[i] };
  });
}

/** Each list's shapes: the default page and every §7 filter, alone and together. */
const SHAPES = [
  ['/users/loans', {}],
  ['/users/loans', { status: 'approved' }],
  ['/users/loans', { status: 'pending' }],
  ['/users/loans', { search: 'shop' }],
  ['/users/loans', { search: 'LN-0000001' }],
  ['/users/loans', { startDate: '2024-01-01', endDate: '2026-12-31' }],
  ['/users/loans', { minAmount: '60000', maxAmount: '120000' }],
  [
    '/users/loans',
    {
      status: 'approved',
      search: 'shop',
      startDate: '2020-01-01',
      minAmount: '1',
      maxAmount: '500000',
    },
  ],
  ['/users/loans', { sortBy: 'requestedAmount', sortOrder: 'asc' }],
  ['/users/guarantees', {}],
  ['/users/guarantees', { status: 'accepted' }],
  ['/users/guarantees', { status: 'rejected' }],
  ['/users/guarantees', { status: 'accepted', search: 'a' }],
  ['/users/guarantees', { status: 'accepted', startDate: '2020-01-01', minAmount: '1' }],
  ['/users/loans/under-review', {}],
  ['/users/loans/under-review', { sortBy: 'requestedAmount', sortOrder: 'asc' }],
];

const label = (list, params) => {
  const qs = new URLSearchParams(params).toString();
  return `${list}${qs ? `?${qs}` : ''}`;
};

/** The SQL the API's use cases run for a shape, with its parameters, explained (median of 3). */
async function explainAll(url, adaId) {
  const schema = await api('db/schema/index.js');
  const loans = await api('modules/loans/loans.service.js');
  const guarantees = await api('modules/loans/guarantees.service.js');
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const logged = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => logged.push({ query, params }) },
  });
  const {
    rows: [user],
  } = await pool.query('select * from users where id = $1', [adaId]);
  const actor = {
    user: {
      id: user.id,
      roles: user.officer_roles,
      isLoanReviewer: user.is_loan_reviewer,
      email: user.email,
    },
    ip: null,
    userAgent: null,
  };
  // The clock: the loans list's first page is kept per day (decision 185); its miss logs the
  // page's statement, explained below with the others.
  const { systemClock } = await api('lib/clock.js');
  const deps = { db, clock: systemClock };
  const plans = new Map();
  try {
    for (const [list, params] of SHAPES) {
      logged.length = 0;
      if (list === '/users/loans') {
        await loans.listLoans(deps, actor, loanListQuerySchema.parse(params));
      } else if (list === '/users/guarantees') {
        await guarantees.listGuarantorRequests(
          deps,
          actor,
          guarantorRequestListQuerySchema.parse(params),
        );
      } else {
        await loans.listLoansUnderReview(deps, actor, underReviewLoanListQuerySchema.parse(params));
      }
      const statements = [...logged];
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
      plans.set(label(list, params), {
        statements: statements.length,
        sql: statements.map((s) => `${s.query}\n-- params: ${JSON.stringify(s.params)}`).join('\n'),
        plan,
        executionMs: executionMs[1] ?? 0,
        seqScans: [...new Set([...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]))],
        indexes: [
          ...new Set(
            [
              ...plan.matchAll(
                /(?:Index(?: Only)? Scan(?: Backward)?|Bitmap Index Scan) (?:using|on) (\w+)/g,
              ),
            ].map((m) => m[1]),
          ),
        ],
      });
    }
  } finally {
    await pool.end();
  }
  return plans;
}

build();
// Imported after the build: a fresh clone has no compiled @coop/shared until then.
const { loanListQuerySchema, underReviewLoanListQuerySchema } = await import('@coop/shared/loans');
const { guarantorRequestListQuerySchema } = await import('@coop/shared/guarantors');
if (args.generate) {
  for (const size of SIZES) {
    console.log(`Generating ${size.database}: ${size.members} members × ${size.years} years…`);
    const result = await generate(size);
    const started = performance.now();
    const counts = await seedLoans(databaseUrl(size.database));
    console.log(
      `${size.database}: ${result.counts.contributions.toLocaleString('en')} contributions in ` +
        `${result.seconds.toFixed(1)} s; loans added in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`,
    );
  }
}

const targets = [];
const results = [];
try {
  for (const [i, size] of SIZES.entries()) {
    const url = databaseUrl(size.database);
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const {
      rows: [info],
    } = await check.query(`
      select (select count(*) from contributions)::int as contributions,
             (select count(*) from loans)::int as loans,
             (select count(*) from loan_guarantors)::int as guarantors,
             (select count(*) from users where cardinality(officer_roles) = 0)::int as members,
             (select id from users where email = 'ada@demo.coop') as ada`);
    await check.end();
    const target = {
      size,
      url,
      info,
      port: port + i,
      agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
      headers: {},
    };
    target.server = startServer(url, target.port);
    targets.push(target);
    await waitForHealth(target);
    target.headers = { authorization: `Bearer ${await signIn(target)}` };
  }
  const latencies = targets.map(() => new Map());
  for (const [list, params] of SHAPES) {
    const measured = await measure(targets, `/api/v1${label(list, params)}`);
    measured.forEach((m, i) => latencies[i].set(label(list, params), m));
  }
  for (const [i, target] of targets.entries()) {
    results.push({
      target,
      latencies: latencies[i],
      plans: await explainAll(target.url, target.info.ada),
    });
  }
} finally {
  for (const target of targets) target.server?.kill('SIGTERM');
}

const [small, large] = results;
const fmt = (ms) => ms.toFixed(2);
const table = SHAPES.map(([list, params]) => {
  const key = label(list, params);
  const a = small.latencies.get(key);
  const b = large.latencies.get(key);
  const pa = small.plans.get(key);
  const pb = large.plans.get(key);
  return {
    shape: key,
    rows: `${a.items} / ${b.items}`,
    'small p50 / p99': `${fmt(a.p50)} / ${fmt(a.p99)}`,
    'large p50 / p99': `${fmt(b.p50)} / ${fmt(b.p99)}`,
    'p50 ×': (b.p50 / a.p50).toFixed(2),
    'p99 ×': (b.p99 / a.p99).toFixed(2),
    'db ms small / large': `${pa.executionMs.toFixed(3)} / ${pb.executionMs.toFixed(3)}`,
    'seq scans (large)': pb.seqScans.join(' ') || 'none',
  };
});
console.table(table);
mkdirSync(resultsDir, { recursive: true });
const columns = Object.keys(table[0]);
const describe = (r) =>
  `${r.target.size.database}: ${r.target.info.members.toLocaleString('en')} members, ` +
  `${r.target.info.contributions.toLocaleString('en')} contributions, ` +
  `${r.target.info.loans.toLocaleString('en')} loans, ${r.target.info.guarantors.toLocaleString('en')} guarantor requests`;
writeFileSync(
  path.join(resultsDir, 'scale-loans.md'),
  [
    '# Loans lists at scale: page-1 latency (ms) per query shape',
    '',
    `Generated by \`node bench/scale-loans.mjs\` on ${new Date().toISOString().slice(0, 16)} UTC: ` +
      `${requests} sequential requests per shape after ${warmup} warm-up, signed in as Ada, both ` +
      `servers side by side, measured request by request in alternation. Small = ${describe(small)}; ` +
      `large = ${describe(large)}. "db ms": the median Execution Time of EXPLAIN (ANALYZE) of ` +
      'every statement the use case runs (see scale-loans-explain.txt).',
    '',
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...table.map(
      (row) => `| ${columns.map((c) => String(row[c]).replaceAll('|', '\\|')).join(' | ')} |`,
    ),
    '',
  ].join('\n'),
);
writeFileSync(
  path.join(resultsDir, 'scale-loans-explain.txt'),
  results
    .flatMap((r) =>
      [...r.plans.entries()].map(
        ([key, p]) => `=== ${r.target.size.database}: ${key}\n${p.sql}\n\n${p.plan}\n`,
      ),
    )
    .join('\n'),
);
console.log('Written: bench/results/scale-loans.md, bench/results/scale-loans-explain.txt');
