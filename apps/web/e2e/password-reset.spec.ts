import { expect, test } from '@playwright/test';
import { SEEDED_PASSWORD, seedMember } from './seed';
import { expectAccessible, linkFromOutbox, signIn } from './support';

test('forgot password → reset from the e-mailed link → sign in with the new password', async ({
  page,
  request,
}, testInfo) => {
  // A Bayo of the test's own: a demo member's new password would lock out the tests that sign
  // in as them, and the test passes again on a server where it ran.
  const bayo = await seedMember(request, 'Bayo');
  const newPassword = `Plantain!${testInfo.project.name.length}Reset`;
  const requestedAt = Date.now() - 5_000;

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expectAccessible(page);
  await page.getByLabel('Email').fill(bayo.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();

  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText('The link expires in 1 hour.')).toBeVisible();
  await expectAccessible(page);

  const link = await linkFromOutbox(request, bayo.email, '/auth/reset-password', {
    after: requestedAt,
  });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('New password', { exact: true }).fill('Bayo12345');
  await page.getByLabel('Confirm new password').fill('Bayo12345');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Password must contain at least one special character'),
  ).toBeVisible();

  // His own surname is refused by the server, under the field (decision 081).
  await page.getByLabel('New password', { exact: true }).fill(`${bayo.lastName}!2031x`);
  await page.getByLabel('Confirm new password').fill(`${bayo.lastName}!2031x`);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText(
      'This password contains your name, e-mail, phone number, membership ID or a word about the cooperative. Please choose a different one.',
    ),
  ).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful!' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign In Now' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, bayo.email, SEEDED_PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible();
  await signIn(page, bayo.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link is single-use.
  await page.getByRole('button', { name: /user menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Invalid or expired reset token. Please request a new password reset link.',
  );
});
