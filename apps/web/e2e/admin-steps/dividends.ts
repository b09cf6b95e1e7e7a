import { expect, type Page } from '@playwright/test';
import { expectAccessible, openAdminPage, toastsGone } from '../support';

/**
 * Reusable back-office steps for dividends and the policy
 * (docs/decisions/072-dividends-and-policy.md), for admin-dividends.spec.ts and the
 * month-in-the-life scenario. Each starts from any admin page with the administrator signed in, and
 * leaves no toast on screen.
 */

/** Last financial year in Lagos: the one a cooperative declares after its general meeting. */
export function lastFinancialYear(): number {
  const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric' })
    .format(new Date())
    .slice(0, 4);
  return Number(year) - 1;
}

/**
 * Dividends: previews `year` at `ratePercent` (a row per member and the totals), declares it,
 * then pays it after the confirmation. Runs axe on the preview and the dialogs (the page itself
 * is the all-pages pass's).
 * Answers the number of members paid.
 */
export async function declareAndPayDividends(
  page: Page,
  {
    isMobile,
    year = lastFinancialYear(),
    ratePercent = '10',
    shot,
  }: {
    isMobile: boolean;
    year?: number;
    ratePercent?: string;
    /** Saves a screenshot under this name (docs/administrators.md). */
    shot?: (name: string) => Promise<void>;
  },
): Promise<number> {
  await openAdminPage(page, isMobile, 'Dividends');

  await page.getByLabel('Financial year').fill(String(year));
  await page.getByLabel('Rate (%)').fill(ratePercent);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('heading', { name: `Preview: FY ${year} at ${ratePercent}%` });
  await expect(preview).toBeVisible();
  const totals = page.getByRole('region', { name: `Preview: FY ${year} at ${ratePercent}%` });
  const members = Number(await totals.locator('dt:text-is("Members") + dd').innerText());
  expect(members).toBeGreaterThan(0);
  await expect(page.getByText('Kept by rounding')).toBeVisible();
  await expectAccessible(page);
  await shot?.('dividends-preview');

  await page.getByRole('button', { name: `Declare FY ${year} dividend` }).click();
  const declare = page.getByRole('dialog', { name: `Declare the FY ${year} dividend?` });
  await expect(declare.getByText(`for ${members} member`)).toBeVisible();
  await expectAccessible(page);
  await declare.getByRole('button', { name: 'Declare', exact: true }).click();
  await expect(declare).toBeHidden();
  await expect(
    page.getByText(`The ${year} dividend was declared for ${members} member`),
  ).toBeVisible();
  await expect(preview).toBeHidden();
  await toastsGone(page);

  const pay = page.getByRole('button', { name: `Pay the FY ${year} dividend` });
  await pay.click();
  const dialog = page.getByRole('dialog', { name: `Pay the FY ${year} dividend?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`savings of ${members} members today`)).toBeVisible();
  await expectAccessible(page);
  await shot?.('dividends-pay-dialog');
  await dialog.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`The ${year} dividend was paid into ${members} member`),
  ).toBeVisible();
  await expect(pay).toHaveCount(0);
  // The year's row (the table's, or the phone list's item) says Paid.
  await expect(
    page
      .locator('tr, li')
      .filter({ visible: true, hasText: `FY ${year}` })
      .filter({ hasText: /Paid/ })
      .first(),
  ).toBeVisible();
  await toastsGone(page);
  return members;
}

/**
 * Policy: sets one text field (by its label) to `value`, saves after the confirmation that
 * lists the change, and checks the saved value after a reload. Runs axe on the dialog (the page is the all-pages pass's).
 */
export async function editPolicyValue(
  page: Page,
  {
    isMobile,
    label,
    value,
    shot,
  }: {
    isMobile: boolean;
    label: string;
    /** The new value, or how to get it from the current one (so a second run changes it too). */
    value: string | ((current: string) => string);
    shot?: (name: string) => Promise<void>;
  },
) {
  await openAdminPage(page, isMobile, 'Policy');
  const field = page.getByLabel(label);
  await expect(field).toBeVisible();
  if (typeof value === 'function') value = value(await field.inputValue());
  await field.fill(value);
  await page.getByRole('button', { name: 'Save policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the policy?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(label)).toBeVisible();
  await expectAccessible(page);
  await shot?.('policy-confirm-dialog');
  await dialog.getByRole('button', { name: 'Save 1 change' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Policy saved. It applies to new requests')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(label)).toHaveValue(value);
  await expect(page.getByText(/^Last saved by /)).toBeVisible();
  await shot?.('policy');
}
