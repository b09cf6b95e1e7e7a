import { expect, test } from '@playwright/test';
import { SEEDED_PASSWORD, seedMember } from './seed';
import { expectAccessible, signIn, signInThroughApi, totp } from './support';

/**
 * A member's two-factor sign-in, through the form. The member is the test's own (turning
 * two-factor on is done once: the test passes again on a server where it ran). Axe on the states
 * only this journey reaches (the secret and QR code, the recovery codes, the code asked at
 * sign-in, the dialog); the settings pages themselves are the all-pages pass's.
 */
test('two-factor sign-in: turned on from Settings, asked for at the next sign-in, seen in the login history', async ({
  page,
  request,
}) => {
  const member = await seedMember(request, 'Oluwaseun');
  await signInThroughApi(page, member.email, SEEDED_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings');
  await page.getByRole('link', { name: 'Enable two-factor' }).click();
  await expect(page).toHaveURL(/\/settings\/two-factor$/);
  await expect(page.getByText('Two-factor sign-in is off')).toBeVisible();

  // Enrolment starts with the current password (decision 082): a wrong one is refused on the field.
  await page.getByLabel('Current password').fill('Not-My-Password!1');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await page.getByLabel('Current password').fill(SEEDED_PASSWORD);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.getByLabel('Secret key').textContent()) ?? '';
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('6-digit code').fill(totp(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(
    page.getByRole('heading', { name: 'Two-factor sign-in is on. Save your recovery codes' }),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();

  // Signed out, the password alone no longer signs the member in.
  await page.getByRole('button', { name: /user menu of/ }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, member.email, SEEDED_PASSWORD);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await expectAccessible(page);
  // The code of the next step: each step's code signs in once, and turning on used this one.
  await code.fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings/login-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Login history' })).toBeVisible();
  // Newest first: this sign-in and its code, the sign-out, turning it on, the first sign-in.
  const events = page.getByRole('list', { name: 'Sign-in events' }).getByRole('listitem');
  await expect(events.nth(0)).toContainText('Signed inThis session');
  await expect(events.nth(1)).toContainText('Two-factor code acceptedThis session');
  await expect(events.nth(2)).toContainText('Signed out');
  await expect(events.nth(3)).toContainText('Two-factor turned on');
  await expect(events.nth(4)).toContainText('Signed in');

  // Signing out every other session asks for the password again, in a dialog.
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out all other sessions' });
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await expectAccessible(page);
  await dialog.getByLabel('Current password').fill(SEEDED_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /other session/ })).toBeVisible();
  await expect(events.nth(0)).toContainText('Other sessions signed outThis session');
});
