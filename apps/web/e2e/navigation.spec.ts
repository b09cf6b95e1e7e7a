import { expect, test } from '@playwright/test';
import { expectAccessible, signIn, signInThroughApi } from './support';

// Signing in is the deep link's subject (through the form); the other tests sign in through the
// API.

test('a deep link asks for sign-in, then opens the page asked for', async ({ page }) => {
  await page.goto('/notifications?page=1');

  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fnotifications%3Fpage%3D1$/);
  await signIn(page, 'M0001');

  await expect(page).toHaveURL(/\/notifications\?page=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
});

test('logout ends the session and returns to sign-in', async ({ page }) => {
  await signInThroughApi(page, 'ada@demo.coop');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: /user menu of/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Ada Obi');
  await expect(menu).toContainText('Member #M0001');
  await expect(menu).toContainText('ada@demo.coop');
  // The open menu leaves no focusable element under aria-hidden (it is not modal).
  await expectAccessible(page);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('coop.accessToken'))).toBeNull();
  // The refresh cookie was revoked too: a reload does not bring the session back.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fdashboard$/);
});

test('the sidebar links every section, 256 px wide', async ({ page }) => {
  await signInThroughApi(page, 'ada@demo.coop');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeHidden();
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  // docs/member-portal.md §9: 256 px, border included (the column behind the sidebar carries its
  // background).
  expect((await page.locator('aside').locator('..').boundingBox())?.width).toBe(256);
  await sidebar.getByRole('link', { name: 'Loans' }).click();
  await expect(page).toHaveURL(/\/loans$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Loans' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search the portal' })).toHaveAttribute(
    'placeholder',
    'Search transactions, loans...',
  );
});

test('below 768 px the navigation is a slide-over that Escape closes @mobile', async ({ page }) => {
  await signInThroughApi(page, 'ada@demo.coop');
  await expect(page).toHaveURL(/\/dashboard$/);
  const menuButton = page.getByRole('button', { name: 'Open navigation menu' });
  await menuButton.click();
  const panel = page.getByRole('dialog', { name: 'Navigation' });
  await expect(panel).toBeVisible();
  // Whole pixels: mid-transition the box can read 320.0000076.
  expect(Math.round((await panel.boundingBox())?.width ?? Infinity)).toBeLessThanOrEqual(320);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await panel.getByRole('link', { name: 'Loans' }).click();
  await expect(page).toHaveURL(/\/loans$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Loans' })).toBeVisible();
  await expect(panel).toBeHidden();
});

test('an unknown path shows the not-found page, which leads home', async ({ page }) => {
  await page.goto('/no/such/page');

  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Oops! Page not found/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  // Home is the dashboard, which asks a visitor to sign in.
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fdashboard$/);
});

test('the Access Denied page explains and offers the dashboard', async ({ page }) => {
  await page.goto('/unauthorized');

  await expect(page.getByText("You don't have permission to access this resource.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  await expectAccessible(page);
});

test('the desktop sidebar runs the full height of a long page and stays in view', async ({
  page,
}) => {
  await signInThroughApi(page, 'ada@demo.coop');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const sizes = () =>
    page.evaluate(() => ({
      column: document.querySelector('aside')?.parentElement?.getBoundingClientRect().height ?? 0,
      page: document.documentElement.scrollHeight,
      asideTop: document.querySelector('aside')?.getBoundingClientRect().top ?? -1,
    }));
  const before = await sizes();
  expect(before.page).toBeGreaterThan(page.viewportSize()?.height ?? 0);
  expect(before.column).toBe(before.page);
  await page.mouse.wheel(0, 2000);
  await expect.poll(async () => (await sizes()).asideTop).toBe(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeInViewport();
});
