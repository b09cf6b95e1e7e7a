import { expect, test, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  declareAndPayDividends,
  editPolicyValue,
  lastFinancialYear,
} from './admin-steps/dividends';
import { expectAccessible, signIn } from './support';

/**
 * The back office's dividends and policy (issue 9 items 8 and 10) at 390 and 1280 px on the demo
 * cooperative, whose last financial year is left for the administrator to declare: preview,
 * declare and pay it, and the member sees it paid; refuse a bad policy value, then change one
 * and see it saved. Axe on every page and dialog. Each viewport has its own server and database.
 */

const docsImages = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/images',
);

/**
 * With ADMIN_SCREENSHOTS=1, screenshots: the desktop pages whole into docs/images (the
 * administrators' guide), the phone's screen beside the test's results.
 */
const shooter = (page: Page, testInfo: TestInfo, isMobile: boolean) => async (name: string) => {
  if (!process.env.ADMIN_SCREENSHOTS) return;
  await page.screenshot({
    path: isMobile
      ? testInfo.outputPath(`admin-${name}-390.png`)
      : path.join(docsImages, `admin-${name}.png`),
    // A dialog is shot as the screen shows it; a page whole.
    fullPage: !isMobile && !name.endsWith('-dialog'),
  });
};

test('the administrator declares and pays last year’s dividend; Ada sees it paid', async ({
  page,
  isMobile,
}, testInfo) => {
  test.setTimeout(180_000);
  const year = lastFinancialYear();
  await signIn(page, 'admin@demo.coop');
  await expect(page).toHaveURL(/\/admin$/);

  const members = await declareAndPayDividends(page, {
    isMobile,
    year,
    ratePercent: '10',
    shot: shooter(page, testInfo, isMobile),
  });
  expect(members).toBeGreaterThan(1);

  // Declaring the same year again is refused with a clear message, before anything is written.
  await page.getByLabel('Financial year').fill(String(year));
  await page.getByLabel('Rate (%)').fill('5');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(
    page.getByText(`The ${year} dividend was already declared: a year is declared once`),
  ).toBeVisible();
  // A rate the form cannot read is refused on the spot.
  await page.getByLabel('Rate (%)').fill('ten');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Enter the rate in percent, like 10 or 7.5')).toBeVisible();
  await expectAccessible(page);

  // The member's Dividends page shows the year paid.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await signIn(page, 'ada@demo.coop');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dividends');
  const row = page.getByText(`FY ${year}`, { exact: true }).filter({ visible: true }).first();
  await expect(row).toBeVisible();
});

test('the administrator changes the policy: a bad value is refused, a good one saved', async ({
  page,
  isMobile,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.coop');
  await expect(page).toHaveURL(/\/admin$/);
  await editPolicyValue(page, {
    isMobile,
    label: 'Interest on 6-month loans (% flat)',
    value: '6.5',
    shot: shooter(page, testInfo, isMobile),
  });

  const fee = page.getByLabel('Insurance fee (% of the amount)');
  await fee.fill('150');
  await page.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Cannot exceed 100 %')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page);
});
