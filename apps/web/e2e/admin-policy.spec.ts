import { expect, test, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { editPolicyValue } from './admin-steps/dividends';
import { allowLonger, expectAccessible, signInAsOfficer } from './support';

/**
 * The back office's policy (docs/decisions/072-dividends-and-policy.md) on the demo cooperative:
 * refuse a bad value, then change one and see it saved. Axe on the dialog and the refused value.
 * Declaring and paying last year's dividend (item 8) is in back-office.spec.ts; every back-office
 * page in the dark theme is the all-pages pass (all-pages.spec.ts).
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
  await signInAsOfficer(page, 'president');
  await expect(page).toHaveURL(/\/admin$/);
  await editPolicyValue(page, {
    isMobile,
    // A value no other spec depends on: they run beside this one on the same server, and the
    // loans journey prices its loan with the default rates. (The late fine itself stays off.)
    label: 'Late repayment fine (₦)',
    // Whatever it is now, another value: the test passes on a server where it ran before.
    value: (current) => (current === '1500' ? '1750' : '1500'),
    shot: shooter(page, testInfo, isMobile),
  });

  const fee = page.getByLabel('Insurance fee (% of the amount)');
  await fee.fill('150');
  await page.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Cannot exceed 100 %')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page);
});
