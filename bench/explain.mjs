// The plans of a member call: runs the API's own use case (the built API) as a member of an
// existing PostgreSQL database with a query logger, then `EXPLAIN (ANALYZE, BUFFERS)` of every
// statement it sent, with the session check in the statement as the member group asks it
// (decision 108). `--call dashboard` (the default): `getDashboard` (one statement for every
// member: a reviewer's loans to certify are guarded by the flag it reads, decision 172).
// `--call loans`: `listLoans`, page 1 of GET /users/loans with its defaults. It also prepares each statement as the API's pool does (a
// named statement, bound per request) and shows the plan PostgreSQL keeps after the first
// executions, with its planning time, since that is what every request pays.
//
//   node bench/explain.mjs --database coop_bench_1m2 --label 1m2 [--email ada@demo.coop]
//   node bench/explain.mjs --call loans --database coop_bench_api --label demo
//
// BENCH_PG_URL is the server (default postgres://postgres@127.0.0.1:5432/postgres). Output:
// bench/results/<call>-explain-<label, or the database>.txt, and a summary on the console.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { build } from '../scripts/build.mjs';
import { databaseUrl } from './scale-generate.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = (file) => import(pathToFileURL(path.join(root, 'apps/api/dist', file)).href);

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    email: { type: 'string', default: 'ada@demo.coop' },
    call: { type: 'string', default: 'dashboard' },
    label: { type: 'string' },
  },
});
if (!values.database) throw new Error('--database is required');
if (!['dashboard', 'loans'].includes(values.call)) throw new Error('--call: dashboard or loans');
build();

const schema = await api('db/schema/index.js');
const { getDashboard } = await api('modules/dashboard/dashboard.service.js');
const { listLoans } = await api('modules/loans/loans.service.js');
const { sessionColumn, sessionValues } = await api('plugins/route-groups.js');
const { pendingSessions } = await api('lib/pending-session.js');
const { systemClock } = await api('lib/clock.js');
const pool = new pg.Pool({ connectionString: databaseUrl(values.database), max: 1 });
const logged = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (query, params) => logged.push({ query, params }) },
});

const out = [];
const summary = [];
try {
  const {
    rows: [user],
  } = await pool.query(
    `select id, officer_roles, is_loan_reviewer, email from users where email = $1`,
    [values.email],
  );
  if (!user) throw new Error(`no member ${values.email} in ${values.database}`);
  const {
    rows: [counts],
  } = await pool.query(
    `select (select count(*) from contributions)::int as contributions,
            (select count(*) from contributions where user_id = $1)::int as own`,
    [user.id],
  );
  out.push(
    `Database ${values.database}: ${counts.contributions} contributions, ` +
      `${counts.own} of them ${values.email}'s. ${new Date().toISOString()}`,
  );
  const sessionId = (
    await pool.query(
      `select family_id from refresh_tokens where user_id = $1 order by expires_at desc limit 1`,
      [user.id],
    )
  ).rows[0]?.family_id;
  /** The call as the API makes it for this actor. */
  async function call(actor) {
    // The member group's pending check (plugins/route-groups.ts), settled without a second read.
    const claims = { userId: user.id, sessionId: sessionId ?? user.id };
    const pending = {
      column: sessionColumn,
      values: sessionValues(claims, new Date().toISOString()),
      settled: false,
      settle: async () => void (pending.settled = true),
    };
    if (values.call === 'dashboard') {
      return pendingSessions.run(pending, () => getDashboard({ db, clock: systemClock }, actor));
    }
    const query = { page: 1, limit: 10, sortBy: 'requestDate', sortOrder: 'desc' };
    // The first page is kept (decision 185): on a database without its kept page, this call
    // computes it (the page's statement is logged) and keeps it; later calls read the kept page.
    return pendingSessions.run(pending, () => listLoans({ db, clock: systemClock }, actor, query));
  }
  for (const reviewer of [user.is_loan_reviewer]) {
    const actor = {
      user: {
        id: user.id,
        roles: user.officer_roles,
        isLoanReviewer: reviewer,
        isActive: true,
        email: user.email,
      },
      ip: '127.0.0.1',
      userAgent: null,
    };
    logged.length = 0;
    await call(actor);
    const statements = [...logged];
    out.push(
      `\n===== as ${reviewer ? 'a loan reviewer' : 'a member'}: ${statements.length} statement(s)`,
    );
    for (const { query: text, params } of statements) {
      out.push(`\n-- SQL\n${text}\n-- params: ${JSON.stringify(params)}`);
      // First execution, planned for these values.
      const { rows } = await pool.query(`explain (analyze, buffers) ${text}`, params);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      out.push(`\n-- EXPLAIN (ANALYZE, BUFFERS), planned for these values\n${plan}`);
      // As the API runs it: a named statement, executed again and again on one connection.
      const client = await pool.connect();
      try {
        const types = params.map(() => 'unknown').join(', ');
        await client.query(`prepare dash(${types}) as ${text}`);
        const literal = params.map((p) => client.escapeLiteral(String(p))).join(', ');
        for (let i = 0; i < 6; i++) await client.query(`execute dash(${literal})`);
        const { rows: again } = await client.query(
          `explain (analyze, buffers) execute dash(${literal})`,
        );
        const repeated = again.map((r) => r['QUERY PLAN']).join('\n');
        out.push(
          `\n-- EXPLAIN (ANALYZE, BUFFERS) EXECUTE, the 7th run of the prepared statement\n${repeated}`,
        );
        const ms = (re, s) => Number(re.exec(s)?.[1] ?? NaN);
        summary.push({
          as: reviewer ? 'reviewer' : 'member',
          'planning ms (1st)': ms(/Planning Time: ([\d.]+)/, plan),
          'execution ms (1st)': ms(/Execution Time: ([\d.]+)/, plan),
          'planning ms (7th)': ms(/Planning Time: ([\d.]+)/, repeated),
          'execution ms (7th)': ms(/Execution Time: ([\d.]+)/, repeated),
          'seq scans': [...new Set([...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]))].join(
            ', ',
          ),
          'heap fetches': [...plan.matchAll(/Heap Fetches: (\d+)/g)].reduce(
            (sum, m) => sum + Number(m[1]),
            0,
          ),
        });
        await client.query('deallocate dash');
      } finally {
        client.release();
      }
    }
  }
} finally {
  await pool.end();
}
const file = path.join(
  root,
  'bench/results',
  `${values.call}-explain-${values.label ?? values.database}.txt`,
);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, `${out.join('\n')}\n`);
console.table(summary);
console.log(`Written: ${path.relative(root, file)}`);
