// Builds PostgreSQL databases of a large cooperative for `bench/scale.mjs`: N members × Y years of
// monthly contributions, each with its balanced ledger transaction, as the contributions service
// posts them, generated with set-based SQL (one batch of statements per payroll month).
//
//   npm run bench:scale:generate                       # coop_bench_12k and coop_bench_1m2
//   node bench/scale-generate.mjs --size 12k           # only the 12 k baseline
//   node bench/scale-generate.mjs --members 500 --years 2 --database coop_bench_small
//
// BENCH_PG_URL is the server to use (default postgres://postgres@127.0.0.1:5432/postgres); each
// database is dropped and created anew. Migrations are the app's own (`openDatabase` from the
// built API), the administrator, Ada and Bayo are created and activated through the app's member
// and activation services as the demo seed does (so they sign in with the demo password
// 'Demo!2345', set by hash: decision 081), and the database
// guards stay on: the deferred balance triggers check every ledger transaction at each commit.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { build } from '../scripts/build.mjs';
import { BENCH_JWT_SECRET, createActivatedMember, withAppServices } from './bench-accounts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built API's modules; a test passes its own loader to use the sources instead. */
const fromBuild = (file) => import(pathToFileURL(path.join(root, 'apps/api/dist', file)).href);

/** The two databases the scale benchmark compares. */
export const SCALE_SIZES = {
  '12k': { members: 100, years: 10, database: 'coop_bench_12k' },
  '1.2m': { members: 10_000, years: 10, database: 'coop_bench_1m2' },
};

export const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export { BENCH_JWT_SECRET };

export function databaseUrl(database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The payroll day of every month, as in the demo cooperative. */
const PAYROLL_DAY = 25;
/** The latest months are still pending, as in the demo (the member has not confirmed them yet). */
const PENDING_MONTHS = 2;

const FIRST_NAMES = [
  'Adaeze', 'Babatunde', 'Chinedu', 'Damilola', 'Emeka', 'Folake', 'Gbenga', 'Halima', 'Ifeoma',
  'Jide', 'Kemi', 'Lanre', 'Musa', 'Nneka', 'Obinna', 'Funmi', 'Sade', 'Tunde', 'Uche', 'Yetunde',
]; // prettier-ignore
const LAST_NAMES = [
  'Adebayo', 'Bello', 'Chukwu', 'Danjuma', 'Eze', 'Fashola', 'Garba', 'Ibrahim', 'Johnson',
  'Kalu', 'Lawal', 'Mohammed', 'Nwankwo', 'Okonkwo', 'Olawale', 'Sanni', 'Uzor', 'Yusuf',
]; // prettier-ignore

/** The employers' payroll offices that deduct the members (decision 151). */
const PAYROLL_GROUPS = [
  { code: 'MOF-HQ', name: 'Ministry of Finance, headquarters' },
  { code: 'MOH', name: 'Ministry of Health' },
  { code: 'SUBEB', name: 'State Universal Basic Education Board' },
  { code: 'LGSC', name: 'Local Government Service Commission' },
];

const sqlArray = (values) => `array[${values.map((v) => `'${v}'`).join(', ')}]`;

async function recreateDatabase(database, create = true) {
  if (!/^coop_bench_[a-z0-9_]+$/.test(database)) {
    throw new Error(`refusing to recreate ${database}: bench databases are named coop_bench_*`);
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database} with (force)`);
    if (create) await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
}

/** Drops a generated database (the GET sweep's test removes its small one). */
export const dropDatabase = (database) => recreateDatabase(database, false);

/** The administrator, Ada and Bayo, through the app's own services: real, signable accounts. */
async function createRealPeople(url, joinedOn, load) {
  const { systemActor, actorFor } = await load('lib/actor.js');
  const people = [
    { email: 'admin@demo.coop', firstName: 'Demo', lastName: 'Administrator', membershipId: 'A0001', roles: ['president'] },
    { email: 'ada@demo.coop', firstName: 'Ada', lastName: 'Obi', membershipId: 'M0001', phoneNumber: '08030000001', isLoanReviewer: true },
    { email: 'bayo@demo.coop', firstName: 'Bayo', lastName: 'Adeyemi', membershipId: 'M0002', phoneNumber: '08030000002', isLoanReviewer: true, isExco: true },
  ]; // prettier-ignore
  await withAppServices(url, load, async (deps) => {
    let registrar = systemActor;
    for (const person of people) {
      const user = await createActivatedMember(deps, load, registrar, { ...person, joinedOn });
      if (person.roles?.length) registrar = actorFor(user);
    }
  });
}

/**
 * Generates one database. Returns the seconds each part took.
 * @param {{ members: number, years: number, database: string, log?: (line: string) => void,
 *   load?: (file: string) => Promise<any> }} size
 */
export async function generate({ members, years, database, log = console.log, load = fromBuild }) {
  const url = databaseUrl(database);
  const months = years * 12;
  const timings = {};
  const timed = async (part, run) => {
    const start = performance.now();
    const result = await run();
    timings[part] = (performance.now() - start) / 1000;
    return result;
  };
  const started = performance.now();

  await recreateDatabase(database);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Everybody joined a month before the first payroll month of the window.
    const {
      rows: [window],
    } = await client.query(
      `select to_char(first, 'YYYY-MM-DD') as first_month,
              to_char(first - interval '1 month', 'YYYY-MM-DD') as joined_on
         from (select (date_trunc('month', now() at time zone 'Africa/Lagos') - make_interval(months => $1::int))::date as first) m`,
      [months],
    );
    await timed('migrate + real people (app services)', () =>
      createRealPeople(url, window.joined_on, load),
    );

    // The other members, set-based, with the same rows createMember writes: the user (activated
    // with the demo password, hashed once by the app), a balance row and a settings row.
    await timed('members', async () => {
      await client.query('begin');
      await client.query(
        `insert into users (email, phone_number, membership_id, first_name, last_name,
                            password_hash, activated_at, joined_on, tokens_valid_after)
         select 'member' || n || '@bench.coop',
                '+23481' || lpad(n::text, 8, '0'),
                'M' || lpad(n::text, 5, '0'),
                (${sqlArray(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}],
                (${sqlArray(LAST_NAMES)})[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
                (select password_hash from users where email = 'ada@demo.coop'),
                now(), $2::date, now()
           from generate_series(3, $1::int) as n`,
        [members, window.joined_on],
      );
      await client.query(
        `insert into member_balances (user_id)
         select id from users u where not exists (select 1 from member_balances b where b.user_id = u.id)`,
      );
      await client.query(
        `insert into user_settings (user_id)
         select id from users u where not exists (select 1 from user_settings s where s.user_id = u.id)`,
      );
      await client.query('commit');
    });

    // Every member's number (for deterministic amounts and statuses) and monthly deduction.
    await client.query(`
      create temporary table bench_members as
      select id as user_id,
             row_number() over (order by membership_id) as n,
             -- ₦5,000 to ₦50,000 savings and ₦1,000 to ₦5,500 shares a month, whole naira
             (5000 + (row_number() over (order by membership_id) * 7919 % 46) * 1000) * 100 as savings,
             (1000 + (row_number() over (order by membership_id) * 104729 % 10) * 500) * 100 as shares
        from users where cardinality(officer_roles) = 0`);
    const admin = (await client.query(`select id from users where email = 'admin@demo.coop'`))
      .rows[0].id;

    // The payroll cycle's standing data (decision 151): a few payroll groups, and every member a
    // deduction instruction with a staff number, imported by the administrator before the window
    // began, at this month's savings and shares (the raised ones included), so the expected
    // deductions of the current month are what the members are deducted.
    await timed('payroll groups + instructions', async () => {
      await client.query('begin');
      await client.query(
        `insert into payroll_groups (code, name)
         select code, name from unnest($1::text[], $2::text[]) as g(code, name)`,
        [PAYROLL_GROUPS.map((g) => g.code), PAYROLL_GROUPS.map((g) => g.name)],
      );
      // Half the members in the first group, a quarter in the second, then 15 % and 10 %.
      await client.query(
        `insert into deduction_instructions (user_id, payroll_group_id, staff_number, savings_amount,
                                             share_amount, effective_month, source, created_by,
                                             created_at)
         select m.user_id, g.id, g.code || '-' || lpad(m.n::text, 6, '0'),
                m.savings + case when m.n % 3 = 0 then (($1::int - 1) / 12) * 100000 else 0 end,
                m.shares, $2, 'import', $3::uuid, $4::date
           from bench_members m
           join payroll_groups g
             on g.code = ($5::text[])[case when m.n % 20 < 10 then 1 when m.n % 20 < 15 then 2
                                          when m.n % 20 < 18 then 3 else 4 end]`,
        [
          months,
          window.first_month.slice(0, 7),
          admin,
          window.joined_on,
          PAYROLL_GROUPS.map((group) => group.code),
        ],
      );
      await client.query('commit');
    });

    // One payroll month per database transaction: contributions, their ledger transactions and
    // entries in three set-based statements; the deferred triggers check every posting at commit.
    await timed('contributions + ledger', async () => {
      for (let i = 0; i < months; i++) {
        const monthsAgo = months - i; // the window ends with last month
        await client.query('begin');
        await client.query(
          `create temporary table bench_month on commit drop as
           select gen_random_uuid() as contribution_id,
                  gen_random_uuid() as transaction_id,
                  m.user_id,
                  to_char(d.first, 'YYYY-MM') as month,
                  (d.first + ${PAYROLL_DAY - 1})::date as contribution_date,
                  ((d.first + ${PAYROLL_DAY - 1})::timestamp + time '10:00') at time zone 'Africa/Lagos' as posted_at,
                  -- members who raised their deduction: ₦1,000 more savings a year of membership
                  m.savings + case when m.n % 3 = 0 then (${i} / 12) * 100000 else 0 end as savings,
                  m.shares as shares,
                  case
                    when $1::int <= ${PENDING_MONTHS} then 'pending'
                    when m.n % 50 = 0 and $1::int <= 6 then 'pending'   -- a few never confirm
                    when (m.n * 7 + ${i}) % 97 = 0 then 'disputed'
                    when (m.n * 11 + ${i}) % 331 = 0 then 'resolved'
                    else 'confirmed'
                  end as status
             from bench_members m,
                  lateral (select (date_trunc('month', now() at time zone 'Africa/Lagos') - make_interval(months => $1::int))::date as first) d`,
          [monthsAgo],
        );
        await client.query(
          `insert into ledger_transactions (id, kind, description, effective_date, reference_type,
                                            reference_id, created_by, created_at)
           select transaction_id, 'contribution',
                  'Contribution for ' || to_char(contribution_date, 'FMMonth YYYY'),
                  contribution_date, 'contribution', contribution_id, $1, posted_at
             from bench_month`,
          [admin],
        );
        // coop_bank debit, member_savings and member_shares credits (zero legs left out), in
        // the order the service posts them.
        await client.query(
          `insert into ledger_entries (transaction_id, account, user_id, amount)
           select b.transaction_id, e.account, e.user_id, e.amount
             from bench_month b,
                  lateral (values (1, 'coop_bank', null::uuid, b.savings + b.shares),
                                  (2, 'member_savings', b.user_id, -b.savings),
                                  (3, 'member_shares', b.user_id, -b.shares)) as e(leg, account, user_id, amount)
            where e.amount <> 0
            order by b.transaction_id, e.leg`,
        );
        await client.query(
          `insert into contributions (id, user_id, contribution_month, contribution_date,
                                      savings_amount, share_holding_amount, status, confirmed_at,
                                      dispute_reason, dispute_date, dispute_resolved_by,
                                      dispute_resolution_note, resolved_at,
                                      ledger_transaction_id, created_at, updated_at)
           select contribution_id, user_id, month, contribution_date, savings, shares, status,
                  case when status <> 'pending' then posted_at + interval '3 days' end,
                  case when status in ('disputed', 'resolved') then 'The amount deducted differs from my payslip' end,
                  case when status in ('disputed', 'resolved') then posted_at + interval '10 days' end,
                  case when status = 'resolved' then $1::uuid end,
                  case when status = 'resolved' then 'Checked against the payroll schedule: correct as posted' end,
                  case when status = 'resolved' then posted_at + interval '20 days' end,
                  transaction_id, posted_at,
                  posted_at + case status when 'pending' then interval '0' when 'confirmed' then interval '3 days'
                                          when 'disputed' then interval '10 days' else interval '20 days' end
             from bench_month`,
          [admin],
        );
        await client.query('commit');
        if ((i + 1) % 12 === 0 || i + 1 === months) {
          log(`  ${database}: ${i + 1}/${months} months`);
        }
      }
    });

    // The projection, as postLedgerTransactions leaves it: one version bump per posting.
    await timed('member balances', async () => {
      await client.query(`
        update member_balances b
           set savings_balance = s.savings, share_balance = s.shares, version = s.postings,
               updated_at = now()
          from (select user_id, sum(savings_amount) as savings,
                       sum(share_holding_amount) as shares, count(*) as postings
                  from contributions group by user_id) s
         where b.user_id = s.user_id`);
    });
    // The moves per effective day, as postLedgerTransactions leaves them (what the migration
    // writes from the ledger).
    await timed('member balance days', () =>
      client.query(`
        insert into member_balance_days (user_id, day, savings, shares)
        select e.user_id, t.effective_date,
               coalesce(-sum(e.amount) filter (where e.account = 'member_savings'), 0),
               coalesce(-sum(e.amount) filter (where e.account = 'member_shares'), 0)
          from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
         where e.account in ('member_savings', 'member_shares')
         group by e.user_id, t.effective_date`),
    );
    await timed('vacuum analyze', () => client.query('vacuum analyze'));
  } finally {
    await client.end();
  }
  const seconds = (performance.now() - started) / 1000;

  const counts = await verify(url, load);
  return { database, url, seconds, timings, counts };
}

/** Projection == ledger and frozen == open holds (the app's own checks), every contribution posted. */
export async function verify(url, api = fromBuild) {
  const [{ openDatabase }, { findHoldMismatches, findProjectionMismatches }] = await Promise.all([
    api('db/client.js'),
    api('modules/ledger/ledger.service.js'),
  ]);
  const handle = await openDatabase({ url });
  try {
    const mismatches = await findProjectionMismatches(handle.db);
    if (mismatches.length > 0) {
      throw new Error(`${mismatches.length} members' balances differ from the ledger`);
    }
    const holdMismatches = await findHoldMismatches(handle.db);
    if (holdMismatches.length > 0) {
      throw new Error(
        `${holdMismatches.length} hold problem(s): ${JSON.stringify(holdMismatches[0])}`,
      );
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(`
        select (select count(*) from users)::int as users,
               (select count(*) from contributions)::int as contributions,
               (select count(*) from ledger_transactions)::int as ledger_transactions,
               (select count(*) from ledger_entries)::int as ledger_entries,
               (select count(*) from contributions c
                  join ledger_transactions t on t.id = c.ledger_transaction_id
                 where t.reference_id = c.id)::int as linked,
               (select count(*) from (select transaction_id from ledger_entries
                  group by transaction_id having sum(amount) <> 0 or count(*) < 2) x)::int as unbalanced,
               (select json_object_agg(status, n) from (select status, count(*) as n
                  from contributions group by status) s) as statuses`);
      const counts = rows[0];
      if (counts.linked !== counts.contributions || counts.unbalanced !== 0) {
        throw new Error(`ledger shape broken: ${JSON.stringify(counts)}`);
      }
      return counts;
    } finally {
      await client.end();
    }
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', multiple: true },
      members: { type: 'string' },
      years: { type: 'string' },
      database: { type: 'string' },
    },
  });
  const targets = values.members
    ? [
        {
          members: Number(values.members),
          years: Number(values.years ?? 10),
          database: values.database ?? `coop_bench_${values.members}`,
        },
      ]
    : (values.size ?? Object.keys(SCALE_SIZES)).map((size) => {
        const target = SCALE_SIZES[size];
        if (!target)
          throw new Error(`unknown size ${size}: ${Object.keys(SCALE_SIZES).join(', ')}`);
        return target;
      });
  build();
  for (const target of targets) {
    console.log(
      `Generating ${target.database}: ${target.members} members × ${target.years} years…`,
    );
    const result = await generate(target);
    console.log(
      `${result.database}: ${result.counts.contributions.toLocaleString('en')} contributions, ` +
        `${result.counts.ledger_entries.toLocaleString('en')} ledger entries in ` +
        `${result.seconds.toFixed(1)} s; projection == ledger; statuses ${JSON.stringify(result.counts.statuses)}`,
    );
    console.table(
      Object.fromEntries(Object.entries(result.timings).map(([k, v]) => [k, { s: v.toFixed(1) }])),
    );
  }
}
