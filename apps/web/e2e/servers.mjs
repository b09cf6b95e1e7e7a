// The end-to-end servers' start (playwright.config.ts): what `npm start` does, for every project's
// server at once, with one step more before the servers open their ports. The demo cooperative is
// seeded once, as the server would seed it, into a template data directory, and a pool of test
// officers is added to it through the API's own services (the ones the demo seed and
// `npm run admin -- create-admin` use), each officer enrolled in two-factor with a secret of their
// own, written to officers.json for the tests. Each server gets a copy of the template (the same
// officers, in a database of its own) and all of them start side by side: the production build,
// unchanged, finds its database seeded and starts. Seeding is most of a server's start, and
// Playwright starts the servers of its `webServer` list one after the other
// (docs/ci-timings.md).
//
// Why a pool: the server accepts each two-factor time step once per account (the replay guard),
// so one officer signs in at most twice every 30 s. Tests that all signed in as the demo's
// officers queued for free steps, up to a minute each; with several officers of each role, a
// test takes one whose next step is free and never waits (support.ts, `signInAsOfficer`).
//
// Where the databases are: with TEST_DATABASE_URL (what `.ci/run` exports, and the API's tests
// read), on that PostgreSQL server: the template is a database, each server's a copy made with
// CREATE DATABASE … TEMPLATE, and their names are listed in `databases` under the data root for
// whoever removes the root. Without it, in embedded databases (PGlite) in data directories, copied
// as files: a developer needs no PostgreSQL. PGlite answers one query at a time in the server's
// own thread, so with two tests at once each server queues its requests; PostgreSQL answers them
// side by side and costs less CPU per query (docs/ci-timings.md).
//
// Settings: COOP_E2E_DATA_ROOT (where the template, the servers' data and officers.json go),
// E2E_SERVERS (JSON: [{ "name", "port" }]) and TEST_DATABASE_URL (optional, above). Prints
// "e2e servers ready" once every server answers; exits, stopping the others, if one of them does. With `--seed-only` it seeds the template and
// exits: `.ci/run` seeds while the API's tests run, and Playwright's start then finds it seeded.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { build } from '../../../scripts/build.mjs';

const root = process.env.COOP_E2E_DATA_ROOT;
if (!root) throw new Error('COOP_E2E_DATA_ROOT: where the servers keep their data');
const seedOnly = process.argv.includes('--seed-only');
/** @type {{ name: string, port: number }[]} */
const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
if (servers.length === 0 && !seedOnly)
  throw new Error('E2E_SERVERS: the servers to start, as JSON');

const postgresServer = process.env.TEST_DATABASE_URL;
// The root's databases on the PostgreSQL server, named after the root so that two runs (the CI
// seed and Playwright's start, which share a root) find the same ones and two checkouts never do.
const databasePrefix = `coop_e2e_${createHash('sha256').update(root).digest('hex').slice(0, 12)}`;
/** The PostgreSQL database of `name` (the template or a server): created empty, dropped first. */
async function freshDatabase(name, template) {
  const database = `${databasePrefix}_${name.replace(/\W/g, '_')}`;
  const client = new pg.Client({ connectionString: postgresServer });
  await client.connect();
  try {
    appendFileSync(path.join(root, 'databases'), `${database}\n`);
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database}${template ? ` template ${template}` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(postgresServer);
  url.pathname = `/${database}`;
  return { database, url: url.toString() };
}
/**
 * What a server on PostgreSQL is told that an embedded one keeps in its data directory: the keys
 * its tokens and two-factor secrets are made with, the same for the seed and every server, and
 * that the demo is on (it is by default only on the embedded database).
 */
function postgresSettings() {
  const file = path.join(root, 'postgres-keys.json');
  if (!existsSync(file)) {
    const keys = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      TWO_FACTOR_KEY: randomBytes(32).toString('hex'),
    };
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return { ...JSON.parse(readFileSync(file, 'utf8')), DEMO: '1' };
}

const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

build();
const built = seconds();

const apiDist = fileURLToPath(new URL('../../api/dist/', import.meta.url));
const api = (file) => import(pathToFileURL(path.join(apiDist, file)).href);

/**
 * The roles the tests sign in as, and how many officers of each: enough that no sign-in waits for
 * a free two-factor step (decision 200). Each officer signs in at most twice in a 30 s step and
 * once a step after that. A role has at least half as many officers as the suite's sign-ins of
 * that role on one server, so that each finds a free step even if all fall in the same 30 s: the
 * president's are 21 on the desktop server, most in the 90 s the back-office files take, and four
 * presidents made seven of them wait 100 s in all. An officer more costs the seed about 50 ms.
 */
const POOL = { president: 16, treasurer: 6, secretary: 6, auditor: 3 };
const FIRST_NAMES = [
  'Amaka',
  'Bisi',
  'Chinwe',
  'Dayo',
  'Efe',
  'Funke',
  'Gbenga',
  'Hauwa',
  'Ifeoma',
  'Jide',
  'Kunle',
  'Lola',
  'Musa',
  'Ngozi',
  'Ope',
  'Remi',
];

/** RFC 4648 base32 of 20 random bytes: a secret as an authenticator app is given it. */
function newSecret() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...randomBytes(20)].map((byte) => byte.toString(2).padStart(8, '0')).join('');
  return (bits.match(/.{5}/g) ?? []).map((chunk) => alphabet[parseInt(chunk, 2)]).join('');
}

/**
 * Seeds the demo and the officers' pool into `dataDir` (or the PostgreSQL database of
 * `databaseUrl`), and writes the officers to `file`.
 */
async function seedTemplate(dataDir, file, databaseUrl) {
  process.env.DATA_DIR = dataDir;
  if (databaseUrl) Object.assign(process.env, postgresSettings(), { DATABASE_URL: databaseUrl });
  const { loadConfig } = await api('config/env.js');
  const { openDatabase } = await api('db/client.js');
  const { systemClock } = await api('lib/clock.js');
  const { accessTokens } = await api('lib/access-token.js');
  const { systemActor } = await api('lib/actor.js');
  const { hashPassword } = await api('lib/password.js');
  const { seedDemoIfEmpty } = await api('demo/demo.js');
  const { DEMO_PASSWORD } = await api('demo/demo-people.js');
  const { createMember } = await api('modules/members/members.service.js');
  const { activateWithPasswordHash } = await api('modules/auth/activation.service.js');
  const { enrolWithKnownSecret } = await api('modules/two-factor/two-factor.service.js');

  const config = loadConfig();
  if (config.isProduction || config.databaseUrl !== databaseUrl) {
    throw new Error('the e2e servers run on databases of their own, never in production');
  }
  const handle = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: `${config.dataDir}/pgdata` },
  );
  try {
    const deps = {
      config,
      db: handle.db,
      clock: systemClock,
      tokens: accessTokens(config.jwtSecret, systemClock),
    };
    const quiet = { info: () => undefined, warn: (...args) => console.warn(...args) };
    await seedDemoIfEmpty({ ...deps, logger: quiet });
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const officers = [];
    for (const [role, size] of Object.entries(POOL)) {
      for (let index = 0; index < size; index++) {
        const email = `e2e.${role}.${index + 1}@officers.coop`;
        const created = await createMember(deps, systemActor, {
          email,
          firstName: FIRST_NAMES[index],
          lastName: role[0].toUpperCase() + role.slice(1),
          roles: [role],
        });
        await activateWithPasswordHash(deps, systemActor, {
          token: created.activationToken,
          passwordHash,
        });
        const secret = newSecret();
        await enrolWithKnownSecret(handle.db, deps, {
          userId: created.user.id,
          secretBase32: secret,
          now: systemClock.now(),
        });
        officers.push({ role, email, secret });
      }
    }
    writeFileSync(file, JSON.stringify(officers, null, 2));
  } finally {
    await handle.close();
  }
}

const template = path.join(root, 'template');
const officersFile = path.join(root, 'officers.json');
// officers.json is written last: without it, a template is missing or was cut short.
if (!existsSync(officersFile)) {
  rmSync(template, { recursive: true, force: true });
  const database = postgresServer ? (await freshDatabase('template')).url : undefined;
  await seedTemplate(template, officersFile, database);
}
const seeded = seconds();
if (seedOnly) {
  console.log(`e2e template: built in ${built}, seeded at ${seeded}`);
  process.exit(0);
}

/** Each server's settings: its own copy of the template's database. */
const settings = [];
// One copy at a time: PostgreSQL copies a template only while nothing else is connected to it.
for (const { name } of servers) {
  const dataDir = path.join(root, name);
  if (postgresServer) {
    const { url } = await freshDatabase(name, `${databasePrefix}_template`);
    settings.push({ ...postgresSettings(), DATA_DIR: dataDir, DATABASE_URL: url });
  } else {
    // The template's database, with the keys its secrets and tokens were made with.
    if (!existsSync(dataDir)) cpSync(template, dataDir, { recursive: true });
    settings.push({ DATA_DIR: dataDir });
  }
}

// Stopping: a server that exits is one being stopped (Playwright signals the whole group).
let stopping = false;
const children = servers.map(({ name, port }, index) => {
  const child = spawn(process.execPath, [path.join(apiDist, 'server.js')], {
    env: { ...process.env, ...settings[index], PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`e2e server ${name} (port ${port}) stopped: ${signal ?? `exit ${code}`}`);
    for (const other of children) other.kill();
    process.exit(1);
  });
  return child;
});
/**
 * On PostgreSQL, the root's databases go with the servers (playwright.config.ts stops them with
 * SIGTERM): a later start on the same root seeds again. A run that is killed leaves them listed in
 * `databases` (`.ci/run` drops those when it removes the root).
 */
async function dropDatabases() {
  const listed = path.join(root, 'databases');
  if (!postgresServer || !existsSync(listed)) return;
  rmSync(officersFile, { force: true });
  const client = new pg.Client({ connectionString: postgresServer });
  await client.connect();
  try {
    for (const database of new Set(readFileSync(listed, 'utf8').split('\n').filter(Boolean))) {
      await client.query(`drop database if exists ${database} with (force)`);
    }
    rmSync(listed);
  } finally {
    await client.end();
  }
}
const stopAll = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      return exited;
    }),
  );
  try {
    await dropDatabases();
  } catch (error) {
    console.error(`e2e databases not dropped: ${error}`);
  }
  process.exit(0);
};
process.on('SIGTERM', () => void stopAll());
process.on('SIGINT', () => void stopAll());

async function answers(port) {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
}
for (const { port } of servers) {
  while (!(await answers(port))) await new Promise((resolve) => setTimeout(resolve, 200));
}
console.log(
  `e2e servers: built in ${built}, seeded at ${seeded}, ${servers.length} answering at ${seconds()}`,
);
console.log('e2e servers ready');
