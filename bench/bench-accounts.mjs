// The benches' real, signable accounts: people created and activated through the app's own
// member and activation services, as the demo seed does (so they sign in with the demo password
// 'Demo!2345', set by hash: decision 081), and officers enrolled in two-factor with a secret the
// bench knows, so it signs in as the officers' page does: the password, then a code.
// Used by `bench/scale-generate.mjs` (the administrator, Ada and Bayo) and
// `bench/payroll-month.mjs` (the treasurer who posts the month).
import { createHmac, randomBytes } from 'node:crypto';

export const DEMO_PASSWORD = 'Demo!2345';
export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
/** A server database needs a two-factor key; the benches' API servers are started with this one. */
export const BENCH_TWO_FACTOR_KEY = 'b'.repeat(43) + '=';

/**
 * Opens the database at `url` with the app's own `openDatabase` (which runs the migrations, exactly
 * as the server does at start), gives `work` the services' dependencies and closes it after.
 * `load` imports one of the API's modules (`'db/client.js'`): from the build, or a test's sources.
 */
export async function withAppServices(url, load, work) {
  const [{ openDatabase }, { loadConfig }, { systemClock }, { accessTokens }] = await Promise.all([
    load('db/client.js'),
    load('config/env.js'),
    load('lib/clock.js'),
    load('lib/access-token.js'),
  ]);
  const handle = await openDatabase({ url });
  try {
    const config = loadConfig({
      DATABASE_URL: url,
      JWT_SECRET: BENCH_JWT_SECRET,
      LOG_LEVEL: 'warn',
      TWO_FACTOR_KEY: BENCH_TWO_FACTOR_KEY,
    });
    const deps = {
      config,
      db: handle.db,
      clock: systemClock,
      tokens: accessTokens(config.jwtSecret, systemClock),
    };
    return await work(deps);
  } finally {
    await handle.close();
  }
}

/**
 * A member created by `registrar` (the system actor for the first officer, then an officer) and
 * activated with the demo password; returns the created user.
 */
export async function createActivatedMember(deps, load, registrar, person) {
  const [{ createMember }, { activateWithPasswordHash }, { hashPassword }, { systemActor }] =
    await Promise.all([
      load('modules/members/members.service.js'),
      load('modules/auth/activation.service.js'),
      load('lib/password.js'),
      load('lib/actor.js'),
    ]);
  const created = await createMember(deps, registrar, {
    isLoanReviewer: false,
    isExco: false,
    phoneNumber: null,
    ...person,
  });
  await activateWithPasswordHash(deps, systemActor, {
    token: created.activationToken,
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
  return created.user;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * Enrols `userId` in two-factor sign-in with a new secret (RFC 4648 base32 of 20 random bytes, as
 * an authenticator app is given it); returns the secret, for `signInWithCode`.
 */
export async function enrolTwoFactor(deps, load, userId) {
  const { enrolWithKnownSecret } = await load('modules/two-factor/two-factor.service.js');
  const bits = [...randomBytes(20)].map((byte) => byte.toString(2).padStart(8, '0')).join('');
  const secret = (bits.match(/.{5}/g) ?? []).map((chunk) => BASE32[parseInt(chunk, 2)]).join('');
  await enrolWithKnownSecret(deps.db, deps, {
    userId,
    secretBase32: secret,
    now: deps.clock.now(),
  });
  return secret;
}

/** RFC 6238 (SHA-1, 6 digits, 30 s steps): what the officer's authenticator app shows. */
function totp(base32, at = Date.now()) {
  const bits = [...base32]
    .map((char) => BASE32.indexOf(char).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * Signs an enrolled officer in at the API `base` (`http://127.0.0.1:3296`): the demo password,
 * then the current code for `secret`. Returns the access token.
 */
export async function signInWithCode(base, identifier, secret) {
  const post = async (urlPath, body) => {
    const res = await fetch(`${base}/api/v1${urlPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`POST ${urlPath}: ${res.status} ${text.slice(0, 500)}`);
    return JSON.parse(text).data;
  };
  const { challengeToken } = await post('/auth/login', { identifier, password: DEMO_PASSWORD });
  return (await post('/auth/login/two-factor', { challengeToken, code: totp(secret) })).accessToken;
}
