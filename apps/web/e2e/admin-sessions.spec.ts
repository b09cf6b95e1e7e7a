import { expect, test } from '@playwright/test';
import { expectAccessible, signIn, signInAsOfficer, signInThroughApi } from './support';

/**
 * 'End all sessions' on a member's back-office page (decision 082, ASVS V7.4.5): the
 * member, signed in on their own device, is signed out at their next request.
 * Kelechi Onyekachi is a member no other spec signs in as, so ending his sessions touches nothing
 * another spec depends on.
 */
const MEMBER = 'kelechi.onyekachi@demo.coop';
const MEMBER_NAME = 'Kelechi Onyekachi';

test('an administrator ends every session of a member, who must sign in again', async ({
  page,
  browser,
  isMobile,
}) => {
  // The member's own device (signed in through the API; signing in again is through the form).
  await signInThroughApi(page, MEMBER);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The administrator, on another device, opens the member's page.
  const context = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    isMobile,
    hasTouch: isMobile,
    baseURL: new URL(page.url()).origin,
  });
  const admin = await context.newPage();
  await signInAsOfficer(admin, 'president', {
    landing: `/admin/members?search=${encodeURIComponent('Onyekachi')}`,
  });
  await admin.getByRole('link', { name: MEMBER_NAME }).first().click();
  await expect(admin.getByRole('heading', { level: 1, name: MEMBER_NAME })).toBeVisible();

  // The confirm dialog says what happens; Cancel changes nothing and gives the focus back.
  const trigger = admin.getByRole('button', { name: `End all sessions of ${MEMBER_NAME}` });
  await trigger.click();
  const dialog = admin.getByRole('dialog', { name: 'End all sessions' });
  await expect(dialog).toContainText('will be signed out on every device');
  await expect(dialog).toContainText('Their password does not change');
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await dialog.getByRole('button', { name: 'End all sessions' }).click();
  await expect(
    admin.getByText(/^\d+ sessions? ended\. The member must sign in again\.$/),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await context.close();

  // The member's next request is refused: the app sends them to the sign-in page.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login/);
  // Their password is unchanged: they sign in again and land on the page they asked for.
  await signIn(page, MEMBER);
  await expect(page).toHaveURL(/\/profile$/);
});
