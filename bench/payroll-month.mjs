// A 10,000-member payroll month on PostgreSQL, through the real API: the time from upload to the
// variance report (preview) and from "Post" to the posting job done (post), as a treasurer does
// it on the Payroll deductions page, then the ledger checks. Exits 1 when preview + post take
// 30 s or more.
//
//   npm run bench:payroll                          # 10 000 members (template built if missing)
//   node bench/payroll-month.mjs --generate        # build the template again first
//   node bench/payroll-month.mjs --members 2000    # a smaller cooperative (its own template)
//
// BENCH_DATABASE_URL names the PostgreSQL server (default: BENCH_PG_URL, else
// postgres://postgres@127.0.0.1:5432/postgres). The template database
// (coop_bench_payroll_<members>) is `bench/scale-generate.mjs`'s cooperative (one year of
// contributions; payroll groups and every member's deduction instruction), plus running loans
// with an instalment due this month (1 member in 9), pending fines (1 in 23, a third of them
// with two; moduli prime to the groups' 20, so every group has some), and 40 members who joined
// without an instruction. Each run copies it (`create database … template`) to
// coop_bench_payroll_run, so every run posts the same month on the same data.
//
// The payroll file is the payroll office's one-total file for the current month (membershipId,
// month, deducted, payrollGroup, staffNumber, memberName), built from the app's own expected
// deductions: most members deducted what was expected (instalment and fines included), 2 % short,
// 2 % over, 1 % missing from the file, and the 40 without an instruction deducted anyway
// (unexpected). The API server is the production entry (apps/api/dist/server.js) with its job
// worker; the officer is a treasurer enrolled in two-factor, signed in with a code.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  BENCH_TWO_FACTOR_KEY,
  createActivatedMember,
  enrolTwoFactor,
  signInWithCode,
  withAppServices,
} from './bench-accounts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.BENCH_PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.BENCH_PG_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const { BENCH_JWT_SECRET, databaseUrl, generate, serverUrl } = await import('./scale-generate.mjs');
const api = (file) => import(pathToFileURL(path.join(root, 'apps/api/dist', file)).href);

const TREASURER = 'treasurer@bench.coop';
/** preview + post must stay under this (the acceptance figure). */
const LIMIT_SECONDS = 30;
/** How often the bench asks for the job's status (the page asks every second). */
const POLL_MS = 100;
/** Members who joined without a deduction instruction, deducted anyway: the unexpected rows. */
const UNEXPECTED = 40;

const { values: args } = parseArgs({
  options: {
    generate: { type: 'boolean', default: false },
    members: { type: 'string', default: '10000' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3296' },
  },
});
const members = Number(args.members);
const template = `coop_bench_payroll_${members}`;
const runDatabase = 'coop_bench_payroll_run';
const port = Number(args.port);

const seconds = (ms) => (ms / 1000).toFixed(2);

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Running loans, pending fines and members without an instruction, set-based in one transaction,
 * each as the app writes it: a disbursed loan has its schedule, its balanced `loan_disbursement`
 * posting (member_loans, coop_bank, interest and fee income) and the member's loan balance.
 */
async function seedLoansAndFines(client) {
  await client.query('begin');
  const admin = (await client.query(`select id from users where email = 'admin@demo.coop'`)).rows[0]
    .id;
  await client.query(`
    create temporary table bench_borrowers on commit drop as
    select u.id as user_id, row_number() over (order by u.membership_id) as n
      from users u join deduction_instructions d on d.user_id = u.id`);
  // 12 months at 10 % flat, ₦120,000 to ₦600,000: the instalments are whole naira. Disbursed last
  // month on day 1–25, so the first instalment falls due this month on the same day.
  await client.query(`
    create temporary table bench_loans on commit drop as
    select gen_random_uuid() as id, gen_random_uuid() as transaction_id, b.user_id, b.n,
           (120000 * (1 + b.n % 5))::bigint * 100 as principal,
           (date_trunc('month', now() at time zone 'Africa/Lagos') - interval '1 month')::date
             + (b.n % 25)::int as disbursed_on
      from bench_borrowers b where b.n % 9 = 5`);
  await client.query(
    `insert into loans (id, loan_number, user_id, purpose, requested_amount, approved_amount,
       repayment_term_months, interest_rate_bps, interest_amount, insurance_fee, form_fee,
       deduct_processing_fee, disbursement_amount, monthly_payment, total_repayment,
       outstanding_balance, status, required_certifications, remaining_certifications,
       request_date, under_review_at, decided_at, disbursed_at, disbursed_by,
       disbursement_method, created_at, updated_at)
     select id, 'LN-P' || lpad(n::text, 6, '0'), user_id, 'Restocking my provisions shop',
       principal, principal, 12, 1000, principal / 10, principal / 100, 100000, true,
       principal - principal / 100 - 100000, principal * 11 / 120, principal * 11 / 10,
       principal * 11 / 10, 'disbursed', 2, 0,
       disbursed_on - 14, disbursed_on - 12, disbursed_on - 7, disbursed_on + time '10:00', $1,
       'bank_transfer', disbursed_on - 14, disbursed_on + time '10:00'
     from bench_loans`,
    [admin],
  );
  await client.query(`
    insert into loan_schedule_items (loan_id, month, due_date, principal_amount, interest_amount,
      total_amount, remaining_balance)
    select l.id, k, (l.disbursed_on + make_interval(months => k))::date, l.principal / 12,
           l.principal / 120, l.principal * 11 / 120, l.principal * 11 / 10 - k * l.principal * 11 / 120
      from bench_loans l cross join generate_series(1, 12) as k`);
  await client.query(
    `insert into ledger_transactions (id, kind, description, effective_date, reference_type,
       reference_id, created_by, created_at)
     select transaction_id, 'loan_disbursement', 'Disbursement of loan LN-P' || lpad(n::text, 6, '0'),
       disbursed_on, 'loan', id, $1, disbursed_on + time '10:00'
     from bench_loans`,
    [admin],
  );
  await client.query(`
    insert into ledger_entries (transaction_id, account, user_id, amount)
    select l.transaction_id, e.account, e.user_id, e.amount
      from bench_loans l,
           lateral (values (1, 'member_loans', l.user_id, l.principal * 11 / 10),
                           (2, 'coop_bank', null::uuid, -(l.principal - l.principal / 100 - 100000)),
                           (3, 'coop_interest_income', null::uuid, -(l.principal / 10)),
                           (4, 'coop_fee_income', null::uuid, -(l.principal / 100 + 100000)))
             as e(leg, account, user_id, amount)
     order by l.transaction_id, e.leg`);
  await client.query(`
    update member_balances b set loan_balance = l.principal * 11 / 10, version = b.version + 1
      from bench_loans l where l.user_id = b.user_id`);
  // Pending fines due by this month's end (no posting until paid): ₦2,000 for missed meetings,
  // and a second of ₦500 for a third of them.
  await client.query(
    `insert into fines (user_id, reason, amount, fine_date, due_date, status, issued_by)
     select b.user_id, f.reason, f.amount,
            date_trunc('month', now() at time zone 'Africa/Lagos')::date - 20 + f.k,
            date_trunc('month', now() at time zone 'Africa/Lagos')::date + 5 + f.k, 'pending', $1
       from bench_borrowers b,
            lateral (values (1, 'Absent from the general meeting', 200000),
                            (2, 'Late to the general meeting', 50000)) as f(k, reason, amount)
      where b.n % 23 = 11 and (f.k = 1 or b.n % 3 = 0)`,
    [admin],
  );
  // Members who joined last month and have no instruction yet (the payroll office deducts them
  // anyway: unexpected).
  await client.query(
    `insert into users (email, phone_number, membership_id, first_name, last_name, password_hash,
                        activated_at, joined_on, tokens_valid_after)
     select 'newcomer' || n || '@bench.coop', '+23490' || lpad(n::text, 8, '0'),
            'N' || lpad(n::text, 5, '0'), 'Zainab', 'Newcomer' || n,
            (select password_hash from users where email = 'ada@demo.coop'), now(),
            (date_trunc('month', now() at time zone 'Africa/Lagos') - interval '1 month')::date, now()
       from generate_series(1, $1::int) as n`,
    [UNEXPECTED],
  );
  await client.query(`
    insert into member_balances (user_id)
    select id from users u where not exists (select 1 from member_balances b where b.user_id = u.id)`);
  await client.query(`
    insert into user_settings (user_id)
    select id from users u where not exists (select 1 from user_settings s where s.user_id = u.id)`);
  await client.query('commit');
  await client.query('vacuum analyze');
}

/** A treasurer (payroll.import), created and enrolled in two-factor through the app's services. */
const createTreasurer = (url) =>
  withAppServices(url, api, async (deps) => {
    const { systemActor } = await api('lib/actor.js');
    const user = await createActivatedMember(deps, api, systemActor, {
      email: TREASURER,
      firstName: 'Tola',
      lastName: 'Treasurer',
      roles: ['treasurer'],
    });
    return enrolTwoFactor(deps, api, user.id);
  });

async function buildTemplate() {
  console.log(`Generating ${template}: ${members} members × 1 year…`);
  const started = performance.now();
  const result = await generate({ members, years: 1, database: template });
  await withClient(result.url, seedLoansAndFines);
  console.log(`${template}: built in ${seconds(performance.now() - started)} s`);
}

async function templateExists() {
  return withClient(serverUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      template,
    ]);
    return rowCount > 0;
  });
}

async function copyTemplate() {
  await withClient(serverUrl, async (client) => {
    await client.query(`drop database if exists ${runDatabase} with (force)`);
    await client.query(`create database ${runDatabase} template ${template}`);
  });
}

/** The month's file from the app's own expected deductions, with the mix the header describes. */
async function payrollFile(url, month) {
  const { openDatabase } = await api('db/client.js');
  const { expectedDeductions } = await api('modules/payroll/payroll-expected.js');
  const handle = await openDatabase({ url });
  let expected;
  try {
    expected = await expectedDeductions(handle.db, month);
  } finally {
    await handle.close();
  }
  const naira = (kobo) => (kobo / 100).toFixed(2);
  const lines = ['membershipId,month,deducted,payrollGroup,staffNumber,memberName'];
  const mix = { matched: 0, short: 0, over: 0, missing: 0, unexpected: 0 };
  const carried = { instalments: 0, fines: 0 };
  expected.forEach((row, i) => {
    let deducted = row.total;
    if (i % 100 === 7) {
      mix.missing += 1;
      return;
    }
    if (i % 50 === 3) {
      deducted = row.total - Math.min(100_000, Math.floor(row.total / 2));
      mix.short += 1;
    } else if (i % 50 === 4) {
      deducted = row.total + 50_000;
      mix.over += 1;
    } else {
      mix.matched += 1;
    }
    if (row.instalment > 0) carried.instalments += 1;
    if (row.fines > 0) carried.fines += 1;
    lines.push(
      [
        row.membershipId,
        month,
        naira(deducted),
        row.payrollGroupCode,
        row.staffNumber,
        row.memberName,
      ].join(','),
    );
  });
  for (let n = 1; n <= UNEXPECTED; n++) {
    lines.push(
      [
        `N${String(n).padStart(5, '0')}`,
        month,
        '10000.00',
        'MOF-HQ',
        '',
        `Zainab Newcomer${n}`,
      ].join(','),
    );
    mix.unexpected += 1;
  }
  const csv = `${lines.join('\n')}\n`;
  return { csv, mix, carried, expected: expected.length };
}

function startServer(url) {
  return spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'coop-bench-payroll-')),
      DATABASE_URL: url,
      JWT_SECRET: BENCH_JWT_SECRET,
      TWO_FACTOR_KEY: BENCH_TWO_FACTOR_KEY,
    },
    stdio: 'inherit',
  });
}

const base = `http://127.0.0.1:${port}`;

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the API server did not start');
}

async function call(method, urlPath, { token, body, headers = {} } = {}) {
  const res = await fetch(`${base}/api/v1${urlPath}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text.slice(0, 2000)}`);
  return JSON.parse(text);
}

/** Projection == ledger, holds == frozen, and the payroll receivable == what was deducted. */
async function checkLedger(url, month) {
  const { openDatabase } = await api('db/client.js');
  const { findHoldMismatches, findProjectionMismatches } = await api(
    'modules/ledger/ledger.service.js',
  );
  const handle = await openDatabase({ url });
  try {
    const projection = await findProjectionMismatches(handle.db);
    const holds = await findHoldMismatches(handle.db);
    const figures = await withClient(url, async (client) => {
      const { rows } = await client.query(
        `select (select coalesce(sum(amount), 0) from ledger_entries
                  where account = 'coop_payroll_receivable')::bigint as receivable,
                (select coalesce(sum(deducted_total), 0) from payroll_deductions)::bigint as deducted,
                (select coalesce(sum(allocated_savings + allocated_shares + allocated_instalment
                                     + allocated_fines), 0) from payroll_deductions)::bigint as allocated,
                (select count(*) from payroll_deductions where month = $1)::int as rows,
                (select json_object_agg(kind, n) from (select kind, count(*) as n
                   from payroll_deductions where month = $1 group by kind) k) as kinds,
                (select count(*) from loan_repayments where payment_method = 'payroll')::int as repayments,
                (select count(*) from fines where status = 'paid')::int as fines_paid,
                (select count(*) from contributions where contribution_month = $1)::int as contributions,
                (select count(*) from (select transaction_id from ledger_entries
                   group by transaction_id having sum(amount) <> 0) x)::int as unbalanced`,
        [month],
      );
      return rows[0];
    });
    return { projection: projection.length, holds: holds.length, ...figures };
  } finally {
    await handle.close();
  }
}

execFileSync('npx', ['tsc', '-b', 'packages/shared', 'apps/api'], { cwd: root, stdio: 'inherit' });
if (args.generate || !(await templateExists())) await buildTemplate();
await copyTemplate();
const url = databaseUrl(runDatabase);
const secret = await createTreasurer(url);
const month = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
})
  .format(new Date())
  .slice(0, 7);
const file = await payrollFile(url, month);
const upload = {
  fileName: `payroll-${month}.csv`,
  content: Buffer.from(file.csv).toString('base64'),
};
console.log(
  `${month}: ${file.expected} members expected; file of ${file.csv.split('\n').length - 2} rows ` +
    `(${(file.csv.length / 1024).toFixed(0)} KB), ${JSON.stringify(file.mix)}; ` +
    `${file.carried.instalments} with an instalment, ${file.carried.fines} with fines`,
);

const server = startServer(url);
let failed = false;
try {
  await waitForHealth();
  const token = await signInWithCode(base, TREASURER, secret);
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

  // Preview: the upload answered with the variance report.
  let started = performance.now();
  const preview = (await call('POST', '/admin/payroll/preview', { token, body: upload })).data;
  const previewMs = performance.now() - started;
  if (preview.errors.length > 0 || preview.rows.some((row) => row.status === 'error')) {
    throw new Error(`the preview found problems: ${JSON.stringify(preview.errors.slice(0, 3))}`);
  }

  // Post: "Post" answered 202 with the job, then the job's status read until it ends.
  started = performance.now();
  const queued = await call('POST', '/admin/payroll', {
    token,
    body: upload,
    headers: { 'idempotency-key': randomUUID() },
  });
  const acceptedMs = performance.now() - started;
  let job = queued.data;
  while (job.state === 'queued' || job.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    job = (await call('GET', `/admin/jobs/${job.id}`, { token })).data;
  }
  const postMs = performance.now() - started;
  if (job.state !== 'succeeded')
    throw new Error(`the posting job ${job.state}: ${JSON.stringify(job.error)}`);

  const check = await checkLedger(url, month);
  const loadAfter = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const total = (previewMs + postMs) / 1000;
  console.log(`\nPreview: ${JSON.stringify(preview.counts)}; ${preview.groups.length} groups`);
  console.log(`Job: ${job.message}`);
  console.table({
    'preview (upload → variance report)': { s: seconds(previewMs) },
    'post (Post → 202)': { s: seconds(acceptedMs) },
    'post (Post → job done)': { s: seconds(postMs) },
    'preview + post': { s: total.toFixed(2) },
  });
  console.log(
    `Ledger: ${check.projection} projection mismatches, ${check.holds} hold mismatches, ` +
      `${check.unbalanced} unbalanced; receivable ${check.receivable} kobo, deducted ` +
      `${check.deducted} kobo (allocated ${check.allocated}); ${check.rows} payroll_deductions ` +
      `${JSON.stringify(check.kinds)}, ${check.contributions} contributions, ` +
      `${check.repayments} payroll repayments, ${check.fines_paid} fines paid`,
  );
  console.log(`Load average (1, 5, 15 min): ${load} before, ${loadAfter} after`);
  const ledgerOk =
    check.projection === 0 &&
    check.holds === 0 &&
    check.unbalanced === 0 &&
    check.receivable === check.deducted &&
    check.allocated === check.deducted;
  if (!ledgerOk) {
    console.error('FAILED: the ledger checks do not hold');
    failed = true;
  }
  if (total >= LIMIT_SECONDS) {
    console.error(`FAILED: preview + post took ${total.toFixed(2)} s (limit ${LIMIT_SECONDS} s)`);
    failed = true;
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
process.exit(failed ? 1 : 0);
