import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type axe from 'axe-core';
import type { AxeResults, RunOptions } from 'axe-core';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Gives the running test `factor` times the configured timeout: for a journey of many pages,
 * each checked with axe. A multiple, so the one setting in playwright.config.ts scales them all
 * (of the project's setting, so a second call does not compound the first).
 */
export function allowLonger(factor: number) {
  test.setTimeout(test.info().project.timeout * factor);
}

/** Every activated demo account's password (apps/api demo seed). */
export const DEMO_PASSWORD = 'Demo!2345';

export async function signIn(page: Page, identifier: string, password = DEMO_PASSWORD) {
  if (!page.url().includes('/auth/login')) await page.goto('/auth/login');
  await page.getByLabel('Email, phone number or membership ID').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Where the web app keeps the access token (apps/web/src/config/app.ts). */
const ACCESS_TOKEN_KEY = 'coop.accessToken';

/**
 * Hands a session the API issued to the browser, as the sign-in form leaves it: the refresh
 * cookie is already in the context's jar (`page.request` shares it), and the access token goes
 * to localStorage, written on a page of the origin with no app on it. Then opens `landing` and
 * waits until the app has loaded the signed-in member, as the form does before it moves on (a
 * page left while that first request is on the wire ends the stored session).
 */
async function handOverSession(page: Page, accessToken: string, landing: string) {
  await page.goto('/api/health');
  await page.evaluate(
    ([key, token]) => {
      localStorage.clear();
      localStorage.setItem(key, token);
    },
    [ACCESS_TOKEN_KEY, accessToken] as const,
  );
  const member = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/me'));
  await page.goto(landing);
  expect((await member).ok(), `the signed-in member at ${landing}`).toBe(true);
}

/**
 * Signs a member in through the API and hands the session to the browser, then opens `landing`
 * (the dashboard, where the form lands). For every test whose subject is not signing in: the
 * form takes 2.5–3 s to the dashboard, this well under one (docs/ci-timings.md). The form itself
 * is proved by `sign-in.spec.ts`, `password-reset.spec.ts`, the deep link of `navigation.spec.ts`
 * and the two-factor sign-ins (`security.spec.ts`, the administrator's in `back-office.spec.ts`).
 */
export async function signInThroughApi(
  page: Page,
  identifier: string,
  password = DEMO_PASSWORD,
  { landing = '/dashboard' }: { landing?: string } = {},
) {
  await page.context().clearCookies();
  const login = await page.request.post('/api/v1/auth/login', {
    data: { identifier, password },
  });
  expect(login.ok(), `sign-in of ${identifier}: ${await login.text()}`).toBe(true);
  const { data } = (await login.json()) as { data: { accessToken: string } };
  await handOverSession(page, data.accessToken, landing);
}

const STEP_MS = 30_000;

/** RFC 6238 (SHA-1, 6 digits, 30 s steps) for a base32 secret: what an authenticator app shows. */
export function totp(base32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...base32.replace(/[\s=]/g, '').toUpperCase()]
    .map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / STEP_MS)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The roles the tests sign in as: each has a pool of test officers (e2e/servers.mjs). */
export type TestOfficerRole = 'president' | 'treasurer' | 'secretary' | 'auditor';
type TestOfficer = { role: TestOfficerRole; email: string; secret: string };

/**
 * The test officers, written by e2e/servers.mjs at the start: every server has the same ones, each
 * in a database of its own (the two-factor steps they took are counted per server, below).
 */
function testOfficers(role: TestOfficerRole): TestOfficer[] {
  const root = process.env.COOP_E2E_DATA_ROOT ?? tmpdir();
  const file = path.join(root, 'officers.json');
  const all = JSON.parse(readFileSync(file, 'utf8')) as TestOfficer[];
  return all.filter((officer) => officer.role === role);
}

/** Officers whose free steps ran out, counted for the run's report (none expected). */
let waits = 0;

/**
 * Runs `signInWith(officer, code)` with one of the role's test officers and a code no other
 * sign-in uses. The server accepts each time step once per account (the replay guard), so each
 * officer signs in at most twice every 30 s (the current step and the next, which it accepts
 * already). Each test officer has a file of the last step taken and a lock (a directory, atomic
 * across workers): a sign-in takes the first officer of the role not locked and with a free step,
 * starting from a different officer in each worker. With several officers per role that is at
 * once; it waits only if every one of them used both steps. The lock is held until the server
 * has answered, so steps reach it in the order they were taken.
 */
async function withOfficerCode<T>(
  server: string,
  role: TestOfficerRole,
  signInWith: (officer: TestOfficer, code: string) => Promise<T>,
): Promise<T> {
  const root = process.env.COOP_E2E_DATA_ROOT ?? tmpdir();
  const officers = testOfficers(role);
  expect(officers.length, `test officers with the role ${role}`).toBeGreaterThan(0);
  const first = test.info().parallelIndex;
  const started = Date.now();
  for (let round = 0; ; round++) {
    for (let i = 0; i < officers.length; i++) {
      const officer = officers[(first + i) % officers.length]!;
      const file = path.join(root, `totp-${new URL(server).port}-${officer.email}`);
      const lock = `${file}.lock`;
      try {
        mkdirSync(lock);
      } catch {
        // A worker that died holding it (a timed-out test) leaves it: stale after a minute.
        const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
        if (age > 60_000) rmSync(lock, { recursive: true, force: true });
        continue;
      }
      try {
        const last = existsSync(file) ? Number(readFileSync(file, 'utf8')) : -Infinity;
        const current = Math.floor(Date.now() / STEP_MS);
        const step = Math.max(current, last + 1);
        if (step > current + 1) continue;
        writeFileSync(file, String(step));
        if (round > 0) {
          waits++;
          const description = `${role}: waited ${Date.now() - started} ms for a free two-factor step (${waits} in this worker)`;
          test.info().annotations.push({ type: 'officer wait', description });
          console.warn(`officer wait: ${description}`);
        }
        return await signInWith(officer, totp(officer.secret, step * STEP_MS));
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
    }
    await sleep(100);
  }
}

/**
 * Every sign-in of an officer in the browser goes through here, and every one through the API
 * through `officerToken`: how officers sign in is decided in one place. One of the role's test
 * officers (not the demo's: e2e/servers.mjs), the password, then a code from their own secret.
 * Through the API by default, the session handed to the browser, which opens `landing` (the
 * overview, where the form lands); `through: 'form'` for the test whose subject is the
 * officer's sign-in. Returns the officer's e-mail address.
 */
export async function signInAsOfficer(
  page: Page,
  role: TestOfficerRole,
  { through = 'api', landing = '/admin' }: { through?: 'api' | 'form'; landing?: string } = {},
): Promise<string> {
  if (through === 'api') {
    const health = await page.request.get('/api/health');
    return withOfficerCode(health.url(), role, async (officer, code) => {
      await page.context().clearCookies();
      const accessToken = await twoFactorSignIn(page.request, officer.email, code);
      await handOverSession(page, accessToken, landing);
      return officer.email;
    });
  }
  if (!page.url().includes('/auth/login')) await page.goto('/auth/login');
  return withOfficerCode(page.url(), role, async (officer, value) => {
    await signIn(page, officer.email);
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await code.fill(value);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login/two-factor'));
    await page.getByRole('button', { name: 'Verify' }).click();
    expect((await answered).ok(), `two-factor sign-in of ${officer.email}`).toBe(true);
    return officer.email;
  });
}

/** An officer's sign-in through the API, password then `code`: answers the access token. */
async function twoFactorSignIn(
  request: APIRequestContext,
  email: string,
  code: string,
): Promise<string> {
  const login = await request.post('/api/v1/auth/login', {
    data: { identifier: email, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { challengeToken } = ((await login.json()) as { data: { challengeToken: string } }).data;
  const second = await request.post('/api/v1/auth/login/two-factor', {
    data: { challengeToken, code },
  });
  expect(second.ok(), `two-factor sign-in of ${email}: ${await second.text()}`).toBe(true);
  return ((await second.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Tokens already issued in this worker, by server and role, with when they were issued. */
const officerTokens = new Map<string, { token: string; at: number }>();

/**
 * A test officer's access token, for a test that builds its own state through the API. One
 * sign-in per worker, server and role, reused for 10 of the token's 15 minutes.
 */
export async function officerToken(
  request: APIRequestContext,
  role: TestOfficerRole,
): Promise<string> {
  const health = await request.get('/api/health');
  const key = `${new URL(health.url()).origin} ${role}`;
  const known = officerTokens.get(key);
  if (known && Date.now() - known.at < 10 * 60_000) return known.token;
  const token = await withOfficerCode(health.url(), role, (officer, code) =>
    twoFactorSignIn(request, officer.email, code),
  );
  officerTokens.set(key, { token, at: Date.now() });
  return token;
}

/** A member's access token, for a test that builds its own state through the API. */
export async function accessToken(
  request: APIRequestContext,
  identifier: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { identifier, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const { data } = (await login.json()) as { data: { accessToken: string } };
  return data.accessToken;
}

/**
 * Axe's rules whose results depend on the colours painted: the only ones the theme can change.
 * The theme is the `dark` class on <html>, which swaps the values of the CSS colour variables
 * (src/index.css, src/lib/theme.ts); no class of the app depends on it (there is no `dark:`
 * variant), so in the other theme the DOM, names, roles, sizes and visibility are the same and
 * every other rule finds what it found in the first. Taken from axe-core 4.11's rules (a new axe
 * version: look again): `color-contrast` and `link-in-text-block` compare colours, and
 * `th-has-data-cells` judges whether a table holds data partly by its rows' background colours.
 * `color-contrast-enhanced` (AAA) is off by default, as it is in the first theme's run.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block', 'th-has-data-cells'] as const;

/**
 * The script injected: axe-core's own minified build (`axe.min.js`, 0.56 MB), from the same
 * installed package as the types above, so the same version and rules as `axe.source` (the
 * unminified 1.27 MB). Each injection sends it over Playwright's pipe and the page parses it:
 * half the bytes for the same code (decision 197).
 */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Runs axe-core in the page. Axe (half a megabyte of script) is injected only when the document
 * does not have it yet: it stays until the page loads another document, so a page checked in two
 * themes, or a dialog after another, is injected once. (@axe-core/playwright injected it on every
 * call, and opened a blank page for each call to assemble the results: on this app, which has no
 * frames, a single `axe.run` in the page finds the same violations; docs/ci-timings.md.)
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  const run = (runOptions: RunOptions) =>
    (window as { axe?: typeof axe }).axe?.run(document, runOptions) ?? null;
  const results = await page.evaluate(run, options);
  if (results) return results;
  await page.evaluate(axeSource);
  const injected = await page.evaluate(run, options);
  if (!injected) throw new Error(`axe-core was not injected into ${page.url()}`);
  return injected;
}

/**
 * Fails on any serious or critical accessibility violation, listing each with its nodes. With
 * `only`, runs just those rules: `COLOUR_RULES` for a page already checked whole in the other
 * theme.
 */
export async function expectAccessible(page: Page, { only }: { only?: readonly string[] } = {}) {
  // Axe reads colours as painted: a dialog still fading in fails contrast at half opacity, so
  // finite animations (not spinners) finish first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await runAxe(page, {
    // Only the violations are read: passes and the rest keep one node each instead of every node.
    resultTypes: ['violations'],
    ...(only ? { runOnly: { type: 'rule', values: [...only] } } : {}),
  });
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}

type OutboxEmail = { to: string; subject: string; text: string; createdAt: string };

/**
 * The path (with its token) of the newest link to `pathname` e-mailed to `to`, read from the
 * development outbox. E-mails are written in the business transaction, so it is there at once;
 * the poll only covers a slow server.
 */
export async function linkFromOutbox(
  request: APIRequestContext,
  to: string,
  pathname: string,
  { after = 0 }: { after?: number } = {},
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        // `to` narrows the outbox to one address: the demo seed alone writes more e-mails
        // than the outbox lists at once.
        const response = await request.get('/api/dev/outbox', { params: { to } });
        expect(response.ok()).toBe(true);
        const { data } = (await response.json()) as { data: OutboxEmail[] };
        const email = data.find(
          (entry) =>
            entry.to === to &&
            new Date(entry.createdAt).getTime() >= after &&
            entry.text.includes(pathname),
        );
        const match = email?.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathname));
        link = match ? new URL(match).pathname + new URL(match).search : undefined;
        return link;
      },
      { message: `an e-mail to ${to} with a ${pathname} link` },
    )
    .toBeTruthy();
  return link as string;
}

/** The unread count the top bar's bell announces. */
/**
 * Holds back the build's JavaScript files whose names start with `name` (`login-form`,
 * `toaster-region`: the code fetched on first use) until `release()`, as a slow connection would.
 * `asked` lists the requests that reached the hold, so a test can show the code was not already
 * there.
 */
export async function holdBackAsset(page: Page, name: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(new RegExp(`/assets/${name}-[^/]*\\.js$`), async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  return { asked, release };
}

export function bell(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
}

/** Waits for the toasts to leave (axe would read them over the next page). */
export async function toastsGone(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

/**
 * Opens a back-office page from the sidebar (the menu button first on phones); `heading` when the
 * page's title is not the link's name.
 */
export async function openAdminPage(page: Page, isMobile: boolean, name: string, heading = name) {
  if (isMobile) await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}
