import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn } from './support';

/**
 * Spec §2 "Contributions page" against the real API and the demo cooperative, at 390 and
 * 1280 px: filter, page, select, confirm and dispute, with axe on every state. Funmilayo (M0006)
 * confirms and disputes; Aminu (M0007) is only looked at, so the tests can run side by side.
 */

async function openContributions(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/contributions');
  await expect(page.getByRole('heading', { level: 1, name: 'Contributions' })).toBeVisible();
  await expect(
    page.getByText('Manage your monthly savings and share holding contributions.'),
  ).toBeVisible();
}

/** Narrows the list to pending rows: the filter panel on desktop, the search dialog on phones. */
async function showPendingOnly(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('button', { name: /Search & filter/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Status')).toBeVisible();
    await expect(dialog.getByLabel('Month')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reset' })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Status').selectOption('pending');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
  } else {
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Status').selectOption('pending');
    await expect(page.getByRole('region', { name: 'Filters' }).getByText('1 active')).toBeVisible();
  }
  await expect(page).toHaveURL(/status=pending/);
}

test('filters and pages through the list, keeping both in the URL', async ({ page, isMobile }) => {
  await openContributions(page, 'aminu.bello@demo.coop');
  await expect(page.getByText('Showing 1 to 24 of 24 results')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Rows per page').selectOption('10');
  await expect(page.getByText('Showing 1 to 10 of 24 results')).toBeVisible();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText('Showing 11 to 20 of 24 results')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page.getByText('Showing 21 to 24 of 24 results')).toBeVisible();

  // A filter goes back to page 1; a reload keeps what was chosen.
  await showPendingOnly(page, isMobile);
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByText('Showing 1 to 2 of 2 results')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Showing 1 to 2 of 2 results')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/contributions?status=disputed');
  await expect(page.getByText('No contributions found')).toBeVisible();
  await expect(page.getByText('No items to display')).toBeVisible();
  await expectAccessible(page);
});

test('confirms the pending contributions, then disputes a confirmed one', async ({
  page,
  isMobile,
}) => {
  await openContributions(page, 'funmilayo.akinola@demo.coop');
  await showPendingOnly(page, isMobile);

  // Select-all selects only pending rows; the dialog warns before confirming.
  await page.getByRole('checkbox', { name: 'Select all pending contributions' }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm contributions' });
  await expect(confirm).toContainText('Once confirmed, these contributions cannot be disputed.');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('2 contribution(s) confirmed successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  // The list was fetched again: no pending rows are left.
  await expect(page.getByText('No contributions found')).toBeVisible();

  await page.goto('/contributions');
  const latest = /Dispute (\w+ \d{4}) contribution/;
  const disputeButton = page.getByRole('button', { name: latest }).first();
  const month = latest.exec((await disputeButton.textContent()) ?? '')?.[1];
  expect(month).toBeTruthy();
  await disputeButton.click();
  const dialog = page.getByRole('dialog', { name: 'Dispute contribution' });
  await expect(dialog).toContainText('cannot be undone');
  const reason = dialog.getByLabel('Reason for dispute');
  await reason.fill('  too short ');
  await expect(dialog.getByText('12/500 characters')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submit Dispute' })).toBeDisabled();
  await reason.fill('My payslip shows a smaller deduction for this month.');
  await expect(dialog.getByRole('button', { name: 'Submit Dispute' })).toBeEnabled();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Submit Dispute' }).click();

  await expect(page.getByText('Dispute Submitted')).toBeVisible();
  await expect(
    page.getByText('Your dispute has been submitted and will be reviewed'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  // That row can no longer be disputed, and shows as disputed.
  await expect(page.getByRole('button', { name: `Dispute ${month} contribution` })).toHaveCount(0);
  await page.goto('/contributions?status=disputed');
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await expectAccessible(page);
});
