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
 * Every sign-in of an officer (administrator, treasurer) in the browser goes through here, and
 * every one through the API through `officerToken`: how officers sign in is decided in one place.
 */
export async function signInAsOfficer(page: Page, email: string) {
  await signIn(page, email);
}

/** An officer's access token, for a test that builds its own state through the API. */
export async function officerToken(request: APIRequestContext, email: string): Promise<string> {
  return accessToken(request, email);
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
