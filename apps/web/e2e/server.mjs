// An end-to-end server's start (playwright.config.ts): what `npm start` does, with one step more
// before the server opens its port. The demo cooperative is seeded as the server would seed it,
// then a pool of test officers is added to the same database through the API's own services
// (the ones the demo seed and `npm run admin -- create-admin` use), each officer enrolled in
// two-factor with a secret of their own, written to E2E_OFFICERS_FILE for the tests. The server
// itself is the production build, unchanged: it finds the database seeded and starts.
//
// Why a pool: the server accepts each two-factor time step once per account (the replay guard),
// so one officer signs in at most twice every 30 s. Tests that all signed in as the demo's
// officers queued for free steps, up to a minute each; with several officers of each role, a
// test takes one whose next step is free and never waits (support.ts, `signInAsOfficer`).
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { build } from '../../../scripts/build.mjs';

build();

const api = (file) => import(new URL(`../../api/dist/${file}`, import.meta.url).href);
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

/** The roles the tests sign in as, and how many officers of each. */
const POOL = { president: 4, treasurer: 4, secretary: 3, auditor: 3 };
const FIRST_NAMES = ['Amaka', 'Bisi', 'Chinwe', 'Dayo'];

/** RFC 4648 base32 of 20 random bytes: a secret as an authenticator app is given it. */
function newSecret() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...randomBytes(20)].map((byte) => byte.toString(2).padStart(8, '0')).join('');
  return (bits.match(/.{5}/g) ?? []).map((chunk) => alphabet[parseInt(chunk, 2)]).join('');
}

const file = process.env.E2E_OFFICERS_FILE;
if (!file) throw new Error('E2E_OFFICERS_FILE: where to write the test officers');
if (!existsSync(file)) {
  const config = loadConfig();
  if (config.isProduction || config.databaseUrl) {
    throw new Error('the e2e server runs on its own embedded database, never in production');
  }
  const handle = await openDatabase({ dataDir: `${config.dataDir}/pgdata` });
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

await import('../../api/dist/server.js');
