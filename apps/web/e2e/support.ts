import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
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

/**
 * The demo officers' published two-factor secret (apps/api demo seed, README): officers use the
 * back office only after the second step, so every officer sign-in enters a code from it.
 */
export const DEMO_TWO_FACTOR_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
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

/**
 * Runs `signInWith(code)` with a demo officer's code no other sign-in uses. The server accepts
 * each time step once per account (the replay guard), and tests in several workers sign the same
 * officer in side by side: under a lock per server and officer (a directory, atomic across
 * processes), each sign-in takes the next unused step, the current one or the next (the server
 * accepts one step either side), and waits only when both are taken. The lock is held until the
 * server has answered, so steps reach it in the order they were taken.
 */
async function withOfficerCode<T>(
  server: string,
  email: string,
  signInWith: (code: string) => Promise<T>,
): Promise<T> {
  const root = process.env.COOP_E2E_DATA_ROOT ?? tmpdir();
  const file = path.join(root, `totp-${new URL(server).port}-${email}`);
  const lock = `${file}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A worker that died holding it (a timed-out test) leaves it: it is stale after a minute.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000) rmSync(lock, { recursive: true, force: true });
      await sleep(100);
    }
  }
  try {
    const last = existsSync(file) ? Number(readFileSync(file, 'utf8')) : -Infinity;
    let current = Math.floor(Date.now() / STEP_MS);
    const step = Math.max(current, last + 1);
    while (step > current + 1) {
      await sleep((current + 1) * STEP_MS - Date.now() + 50);
      current = Math.floor(Date.now() / STEP_MS);
    }
    writeFileSync(file, String(step));
    return await signInWith(totp(DEMO_TWO_FACTOR_SECRET, step * STEP_MS));
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Every sign-in of an officer (president, treasurer, auditor) in the browser goes through here,
 * and every one through the API through `officerToken`: how officers sign in is decided in one
 * place. The password, then the demo officers' two-factor code.
 */
export async function signInAsOfficer(page: Page, email: string) {
  await signIn(page, email);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await withOfficerCode(page.url(), email, async (value) => {
    await code.fill(value);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login/two-factor'));
    await page.getByRole('button', { name: 'Verify' }).click();
    expect((await answered).ok(), `two-factor sign-in of ${email}`).toBe(true);
  });
}

/** Tokens already issued in this worker, by server and officer, with when they were issued. */
const officerTokens = new Map<string, { token: string; at: number }>();

/**
 * An officer's access token, for a test that builds its own state through the API. One sign-in
 * per worker, server and officer, reused for 10 of the token's 15 minutes: each sign-in costs a
 * two-factor time step, of which an officer has two every 30 s.
 */
export async function officerToken(request: APIRequestContext, email: string): Promise<string> {
  const health = await request.get('/api/health');
  const key = `${new URL(health.url()).origin} ${email}`;
  const known = officerTokens.get(key);
  if (known && Date.now() - known.at < 10 * 60_000) return known.token;
  const login = await request.post('/api/v1/auth/login', {
    data: { identifier: email, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { challengeToken } = ((await login.json()) as { data: { challengeToken: string } }).data;
  const token = await withOfficerCode(health.url(), email, async (code) => {
    const second = await request.post('/api/v1/auth/login/two-factor', {
      data: { challengeToken, code },
    });
    expect(second.ok(), await second.text()).toBe(true);
    return ((await second.json()) as { data: { accessToken: string } }).data.accessToken;
  });
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

/** Fails on any serious or critical accessibility violation, listing each with its nodes. */
export async function expectAccessible(page: Page) {
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
  const results = await new AxeBuilder({ page }).analyze();
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
