import { expect, test } from '@playwright/test';
import { seedInvitedMember } from './seed';
import { expectAccessible, linkFromOutbox } from './support';

test('Emeka activates his account from the e-mailed link and lands signed in', async ({
  page,
  request,
}) => {
  // An Emeka of the test's own, whom the back office has just added (an account is activated
  // once: the test passes again on a server where it ran, and the demo's Emeka stays the
  // all-pages pass's member not yet activated).
  const emeka = await seedInvitedMember(request, 'Emeka');
  const link = await linkFromOutbox(request, emeka.email, '/auth/activate');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Welcome, ${emeka.name}!` })).toBeVisible();
  await expect(page.getByText(emeka.email)).toBeVisible();
  await expect(page.getByText(emeka.membershipId)).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Password', { exact: true }).fill('weak');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'One lowercase letter' }),
  ).toHaveAttribute('data-met', 'true');
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  // His own name is refused, under the field (decision 081).
  await page.getByLabel('Password', { exact: true }).fill('Emeka!2026');
  await page.getByLabel('Confirm password').fill('Emeka!2026');
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(
    page.getByText(
      'This password contains your name, e-mail, phone number, membership ID or a word about the cooperative. Please choose a different one.',
    ),
  ).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('Cassava-Field!2026');
  await page.getByLabel('Confirm password').fill('Cassava-Field!2026');
  await page.getByRole('button', { name: 'Activate Account' }).click();

  await expect(page.getByRole('heading', { name: 'Account Activated!' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: /user menu of/ }).click();
  await expect(page.getByRole('menu')).toContainText(emeka.name);
  await expect(page.getByRole('menu')).toContainText(`Member #${emeka.membershipId}`);
});

test('an activation link that is not valid fails with the server message', async ({ page }) => {
  await page.goto('/activate-account?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Activation Failed' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Invalid or expired activation token');
  await expectAccessible(page);

  await page.goto('/auth/activate');
  await expect(page.getByRole('alert')).toContainText('No activation token provided');
});
