import { expect, test } from '@playwright/test';
import { SEEDED_PASSWORD, seedMember } from './seed';
import { DEMO_PASSWORD, expectAccessible, holdBackAsset, signIn } from './support';

test.describe('sign-in', () => {
  test('with e-mail, landing on the dashboard', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page);

    await signIn(page, 'ada@demo.coop');

    await expect(page).toHaveURL(/\/dashboard$/);
    // Keyboard and screen-reader users continue from the page's heading.
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, / })).toBeFocused();
    await expectAccessible(page);
  });

  test('the form works before its code has arrived, and keeps what was typed', async ({ page }) => {
    // The form's code is fetched on its first use (docs/decisions/146-sign-in-page-first-load.md);
    // here it is held back until the member has filled both fields and pressed Sign In.
    const formCode = await holdBackAsset(page, 'login-form');
    await page.goto('/auth/login');
    await expect(page.locator('#sign-in[data-waiting]')).toBeAttached();
    expect(formCode.asked).toHaveLength(0);

    await page.getByLabel('Email, phone number or membership ID').fill('ada@demo.coop');
    await expect.poll(() => formCode.asked.length).toBe(1);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    formCode.release();

    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Show password pressed before the form code has arrived shows it once it has', async ({
    page,
  }) => {
    const formCode = await holdBackAsset(page, 'login-form');
    await page.goto('/auth/login');
    await expect(page.locator('#sign-in[data-waiting]')).toBeAttached();

    await page.getByRole('button', { name: 'Show password' }).click();
    formCode.release();

    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Hide password' })).toBeVisible();
  });

  test('with a phone number', async ({ page }) => {
    await signIn(page, '08030000001');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('with a membership ID, in any case', async ({ page }) => {
    await signIn(page, 'm0001');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('refuses a wrong password with the server message', async ({ page }) => {
    await signIn(page, 'ada@demo.coop', 'Wrong!2345');

    await expect(page.getByRole('alert')).toContainText(/invalid/i);
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  test('shows the validation messages', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page.getByText('Email, phone number, or membership ID is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expectAccessible(page);
  });

  test('locks the account after 5 failures', async ({ page, request }) => {
    // A member of the test's own: a demo member locked out would fail the tests that sign in as
    // them, and a lock outlasts the run. Five failures lock sign-in; the sixth attempt (at the
    // latest) is answered with the lockout, even with the right password.
    const chidi = await seedMember(request, 'Chidi');
    await page.goto('/auth/login');
    const alert = page.getByRole('alert');
    let failures = 0;
    for (; failures < 6; failures += 1) {
      await signIn(page, chidi.email, `Wrong!${failures}`);
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
      await expect(alert).toBeVisible();
      if (/too many/i.test((await alert.textContent()) ?? '')) break;
    }
    expect(failures).toBeGreaterThanOrEqual(4);
    await expect(alert).toContainText('Too many failed sign-in attempts. Please try again in');

    await signIn(page, chidi.email, SEEDED_PASSWORD);
    await expect(alert).toContainText('Too many failed sign-in attempts');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expectAccessible(page);
  });

  test('a suspended member lands on Account Suspended and can sign out', async ({ page }) => {
    await signIn(page, 'ngozi@demo.coop');

    await expect(page).toHaveURL(/\/account-suspended$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Suspended' })).toBeVisible();
    await expect(
      page.getByText('Your account has been temporarily suspended and cannot access the system.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /admin@demo\.coop/ })).toHaveAttribute(
      'href',
      'mailto:admin@demo.coop',
    );
    await expect(page.getByRole('contentinfo')).toContainText('All rights reserved.');
    await expectAccessible(page);

    // Inactive accounts see only this page.
    await page.goto('/notifications');
    await expect(page).toHaveURL(/\/account-suspended$/);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fdashboard$/);
  });
});
