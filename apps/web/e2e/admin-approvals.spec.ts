import { expect, test, type Locator } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { bearer, SEEDED_PASSWORD, seedOfficer } from './seed';
import { expectAccessible, officerToken, openAdminPage, signIn, signInAsOfficer } from './support';

/**
 * Two-person changes (docs/administrators.md "Approvals") with two officers in two browsers: one
 * proposes, a different one approves, and only then does the change take effect. And an officer
 * who has not enrolled two-factor is sent to set it up. Each test makes its own officer.
 */

test('Approvals: a president proposes an officer’s exco flag, a secretary in another browser approves it, and it takes effect', async ({
  page,
  browser,
  request,
  isMobile,
}) => {
  const target = await seedOfficer(request, 'Obiageli', 'loan_officer');

  // First browser: the president proposes. Nothing changes yet.
  await signInAsOfficer(page, 'president', { landing: `/admin/members/${target.id}` });
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(target.name) }),
  ).toBeVisible();
  const exco = page.getByRole('checkbox', { name: 'Exco member' });
  await expect(exco).not.toBeChecked();
  // A click, not check(): the box stays clear, since the change only waits for approval.
  await exco.click();
  await expect(
    page.getByText('Proposed: another officer must approve this change before it takes effect'),
  ).toBeVisible();
  await expect(exco).not.toBeChecked();

  await openAdminPage(page, isMobile, 'Approvals');
  const waiting = page.getByRole('table', { name: 'Changes waiting for approval' });
  // Its roles were a proposal too, approved when the test made them an officer.
  const flagsOf = (table: Locator) =>
    table
      .getByRole('row')
      .filter({ hasText: target.name })
      .filter({ hasText: 'Reviewer and exco flags' });
  const mine = flagsOf(waiting);
  await expect(mine).toContainText('Exco');
  await expect(mine).toContainText('Yours: another officer approves');
  await expect(mine.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

  // Second browser: a secretary, another officer, approves.
  const context = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    isMobile,
    hasTouch: isMobile,
    baseURL: new URL(page.url()).origin,
  });
  try {
    const secretary = await context.newPage();
    await signInAsOfficer(secretary, 'secretary');
    await expect(secretary).toHaveURL(/\/admin$/);
    await openAdminPage(secretary, isMobile, 'Approvals');
    await secretary
      .getByRole('button', { name: `Approve Reviewer and exco flags of ${target.name}` })
      .click();
    const dialog = secretary.getByRole('dialog', { name: 'Approve this change' });
    await expect(dialog).toContainText('Exco');
    await expectAccessible(secretary);
    await dialog.getByRole('button', { name: 'Approve change' }).click();
    await expect(dialog).toBeHidden();
    const decided = secretary.getByRole('table', { name: 'Decided and expired changes' });
    await expect(flagsOf(decided)).toContainText('Approved');
  } finally {
    await context.close();
  }

  // Back in the first browser: the change took effect.
  await page.goto(`/admin/members/${target.id}`);
  await expect(page.getByRole('checkbox', { name: 'Exco member' })).toBeChecked();
});

test('an officer without two-factor is sent from the back office to set it up, with the banner', async ({
  page,
  request,
}) => {
  const officer = await seedOfficer(request, 'Ifeoma', 'treasurer');
  // The password alone signs them in: no code is asked of an account without two-factor.
  await signIn(page, officer.email, SEEDED_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/settings\/two-factor$/);
  const banner = page.getByRole('status').filter({
    hasText: 'The back office needs two-factor sign-in',
  });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
  await expectAccessible(page);
});

test('Approvals: a long change fits beside the sidebar at 1280 px and on a 390 px phone, light and dark', async ({
  page,
  request,
}, testInfo) => {
  const target = await seedOfficer(request, 'Chukwuemeka', 'loan_officer');
  // An address with nowhere to break: it once pushed the actions out of a desktop row and
  // widened a phone's page.
  const address = `${target.lastName.toLowerCase()}.with.a.much.longer.mailbox.name@officers-example.coop`;
  const proposed = await request.put(`/api/v1/admin/users/${target.id}`, {
    headers: {
      ...bearer(await officerToken(request, 'president')),
      'idempotency-key': randomUUID(),
    },
    data: { email: address },
  });
  expect(proposed.status(), await proposed.text()).toBe(202);

  await signInAsOfficer(page, 'secretary', { landing: '/admin/approvals' });
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  const approve = page.getByRole('button', { name: `Approve Contact details of ${target.name}` });
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    // The list swaps its table for cards once the page sees the phone's width (decision 158):
    // wait for the swap, or the Approve button found may be the table's, about to be removed.
    if (viewport.width < 768) await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByText(address).locator('visible=true')).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await approve.scrollIntoViewIfNeeded();
      // Whole, not cut off by the table's scrolling box, and the page never scrolls sideways.
      await expect(approve).toBeInViewport({ ratio: 1 });
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, `the page scrolls sideways at ${viewport.width} px`).toBe(0);
      // At 390 px, axe on this page in both themes is the all-pages pass's.
      if (viewport.width === 1280) await expectAccessible(page);
      if (process.env.ADMIN_SCREENSHOTS) {
        await page.screenshot({
          path: testInfo.outputPath(`approvals-${viewport.width}-${colorScheme}.png`),
          fullPage: true,
        });
      }
    }
  }
});
