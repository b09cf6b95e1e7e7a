import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './support';

/**
 * The installable portal offline (docs/decisions/166-service-worker-and-offline.md): once a
 * member has been signed in with the network, the service worker keeps the app and their own
 * answers; with the network cut, a reload opens the dashboard and the lists they saw, marked with
 * the time they are from; signing out forgets the saved answers. The manifest a phone installs
 * from is served with the dashboard as its start.
 */

/** Waits until the service worker controls the page (it takes over on its first visit). */
async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

// The worker is these tests' subject: the other tests run with it blocked (decision 181).
test.use({ serviceWorkers: 'allow' });

const savedAnswers = (page: Page) =>
  page.evaluate(async () => {
    if (!(await caches.has('coop-member-data'))) return 0;
    return (await (await caches.open('coop-member-data')).keys()).length;
  });

test('offline, a reload opens the last-seen dashboard and lists, marked with their time', async ({
  page,
  context,
}) => {
  await signInThroughApi(page, 'ada@demo.coop');
  await workerInControl(page);
  // The first visit's answers came before the worker was there: the member's next visit is saved.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Contributions' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contributions' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Financial Overview' })).toBeVisible();
  expect(await savedAnswers(page)).toBeGreaterThan(0);
  await expect(page.getByText(/You are offline/)).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeVisible();
  const overview = page.getByRole('region', { name: 'Financial Overview' });
  await expect(overview.getByText('Total Savings', { exact: true })).toBeVisible();
  await expect(overview.getByText('₦2,500')).toBeVisible(); // Ada's pending fines
  const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
  await expect(banner).toHaveText(
    /^You are offline\. Showing your accounts as of [A-Z][a-z]{2} \d{2}, \d{4}.*\. Nothing can be changed until you are back online\.$/,
  );

  // A list she saw opens too, from the saved answer.
  await page.getByRole('navigation').getByRole('link', { name: 'Contributions' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contributions' })).toBeVisible();
  await expect(banner).toBeVisible();

  // Back online, the next answers are live and the mark goes.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Contributions' })).toBeVisible();
  await expect(page.getByText('You are offline.')).toHaveCount(0);
});

test('signing out forgets every saved answer of the member', async ({ page }) => {
  await signInThroughApi(page, 'ada@demo.coop');
  await workerInControl(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeVisible();
  await expect.poll(() => savedAnswers(page)).toBeGreaterThan(0);

  await page
    .getByRole('button', { name: /user menu|Ada/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect.poll(() => savedAnswers(page)).toBe(0);
});

test('the manifest installs the portal with its icons, opening on the dashboard', async ({
  request,
}) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.ok()).toBe(true);
  const manifest = (await answer.json()) as {
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ start_url: '/dashboard', display: 'standalone' });
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
  }
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '192x192 maskable',
    '512x512 maskable',
  ]);
  // The worker is never kept by the HTTP cache: a release is seen on the next visit.
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
});
