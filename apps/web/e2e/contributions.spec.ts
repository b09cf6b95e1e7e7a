import { expect, test, type Page } from '@playwright/test';
import { SEEDED_PASSWORD, seedContributor } from './seed';
import { DEMO_PASSWORD, expectAccessible, signInThroughApi } from './support';

/**
 * docs/member-portal.md §2 "Contributions page" against the real API and the demo cooperative:
 * select, confirm and dispute, with axe on each dialog (the list itself is the all-pages pass's);
 * on a phone, cards and the search dialog. A member of the test's own, with two pending months,
 * confirms and disputes (a month is confirmed once: the test passes again on a server where it
 * ran); Aminu (M0007) is only looked at, so the tests can run side by side. Filtering and paging
 * are proved by the page test (contributions.test.tsx).
 */

async function openContributions(page: Page, email: string, password = DEMO_PASSWORD) {
  await signInThroughApi(page, email, password, { landing: '/contributions' });
  await expect(page.getByRole('heading', { level: 1, name: 'Contributions' })).toBeVisible();
  await expect(
    page.getByText('Manage your monthly savings and share holding contributions.'),
  ).toBeVisible();
}

/** Narrows the list to pending rows with the filter panel. */
async function showPendingOnly(page: Page) {
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Status').selectOption('pending');
  await expect(page.getByRole('region', { name: 'Filters' }).getByText('1 active')).toBeVisible();
  await expect(page).toHaveURL(/status=pending/);
}

test('on a phone, the rows are one line by month and open into their details; the filters a search dialog @mobile', async ({
  page,
}) => {
  await openContributions(page, 'aminu.bello@demo.coop');
  // Every month of Aminu's on one page (the demo's newest payroll month may leave him out).
  await expect(page.getByText(/^Showing 1 to (2[34]) of \1 results$/)).toBeVisible();
  // One line a row, not a table, below 768 px: runs of a month, each with its total.
  await expect(page.getByRole('table')).toBeHidden();
  const month = page.getByRole('list', { name: /^[A-Z][a-z]+ \d{4} Total \+₦[\d,]+$/ }).first();
  await expect(month).toBeVisible();
  await month
    .getByRole('button', { name: / contribution/ })
    .first()
    .click();
  const details = page.getByRole('dialog', { name: / contribution$/ });
  await expect(details.getByText('Share Holdings')).toBeVisible();
  await expect(details.getByText('Status')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await page.getByRole('button', { name: /Search & filter/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Status')).toBeVisible();
  await expect(dialog.getByLabel('Month')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reset' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Status').selectOption('pending');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/status=pending/);
  // His last two months wait for him, or one when the newest payroll month missed him.
  await expect(page.getByText(/^Showing 1 to ([12]) of \1 results$/)).toBeVisible();
});

test('confirms the pending contributions, then disputes a confirmed one', async ({
  page,
  request,
}) => {
  const funmilayo = await seedContributor(request, 'Funmilayo', { months: 2 });
  await openContributions(page, funmilayo.email, SEEDED_PASSWORD);
  await showPendingOnly(page);

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
  await expect(dialog.getByText('12/500 characters, at least 10')).toBeVisible();
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
});
