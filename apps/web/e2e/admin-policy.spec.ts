import { expect, test, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { editPolicyValue } from './admin-steps/dividends';
import { allowLonger, expectAccessible, signIn } from './support';

/**
 * The back office's policy (issue 9 item 10) at 390 and 1280 px on the demo cooperative: refuse a
 * bad value, then change one and see it saved. Axe on every page and dialog. Declaring and paying
 * last year's dividend (item 8) is a step of the month in back-office.spec.ts. Each viewport has
 * its own server and database.
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

test('the administrator changes the policy: a bad value is refused, a good one saved', async ({
  page,
  isMobile,
}, testInfo) => {
  allowLonger(2);
  await signIn(page, 'admin@demo.coop');
  await expect(page).toHaveURL(/\/admin$/);
  await editPolicyValue(page, {
    isMobile,
    // A value no other spec depends on: they run beside this one on the same server, and the
    // loans journey prices its loan with the default rates. (The late fine itself stays off.)
    label: 'Late repayment fine (₦)',
    value: '1500',
    shot: shooter(page, testInfo, isMobile),
  });

  const fee = page.getByLabel('Insurance fee (% of the amount)');
  await fee.fill('150');
  await page.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Cannot exceed 100 %')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page);
});

test('every back-office page passes axe in the dark theme', async ({ browser, isMobile }) => {
  allowLonger(3);
  // The device asks for dark and the administrator has not chosen: the portal follows the device.
  const context = await browser.newContext({
    colorScheme: 'dark',
    viewport: isMobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    isMobile,
    hasTouch: isMobile,
  });
  const page = await context.newPage();
  // The treasurer only reads here; the other specs act as admin@demo.coop.
  await signIn(page, 'treasurer@demo.coop');
  await expect(page).toHaveURL(/\/admin$/);
  for (const [path, heading] of [
    ['/admin', 'Back office'],
    ['/admin/members', 'Members'],
    ['/admin/payroll', 'Payroll deductions'],
    ['/admin/disputes', 'Disputes'],
    ['/admin/loans', 'Loans'],
    ['/admin/withdrawals', 'Withdrawals'],
    ['/admin/deposit-notices', 'Deposit notices'],
    ['/admin/fines', 'Fines'],
    ['/admin/dividends', 'Dividends'],
    ['/admin/audit', 'Audit log'],
    ['/admin/reconciliation', 'Reconciliation'],
    ['/admin/policy', 'Policy'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    await expectAccessible(page);
  }
  await context.close();
});
