import { expect, test, type Page } from '@playwright/test';
import { SEEDED_PASSWORD, seedContributor, seedMember, uniqueTag } from './seed';
import { DEMO_PASSWORD, signInThroughApi } from './support';

/**
 * The money pages in the browser against the real API and the demo cooperative: the dashboard, a
 * withdrawal and a deposit notice. Ada is only looked at; a member of the test's own with a
 * payroll month of savings requests a withdrawal (one may be pending at a time: the test passes
 * again on a server where it ran); a member of the test's own notifies a deposit (the notices of
 * an earlier run would be listed too).
 * Axe on each of these pages in both themes is the all-pages pass's (`all-pages.spec.ts`), and
 * with their details open `visual-states.spec.ts`'s. The dividends sort and the fines filter are
 * page tests (e2e/README.md); the all-pages pass opens both pages on the real API.
 */

const SHOTS = process.env.MONEY_SHOTS_DIR;

/** With MONEY_SHOTS_DIR set, a picture of the page in both themes (to look at the layout). */
async function shotBothThemes(page: Page, name: string, isMobile: boolean) {
  if (!SHOTS) return;
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    await page.screenshot({
      path: `${SHOTS}/${name}-${isMobile ? 390 : 1280}${dark ? '-dark' : ''}.png`,
      fullPage: true,
    });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await signInThroughApi(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('the dashboard greets the member and shows figures, activity and pending actions', async ({
  page,
  isMobile,
}) => {
  await signInAs(page, 'ada@demo.coop');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeVisible();
  await expect(page.getByText('Member ID: M0001')).toBeVisible();
  const overview = page.getByRole('region', { name: 'Financial Overview' });
  for (const label of [
    'Total Savings',
    'Share Holdings',
    'Available Balance',
    'Frozen Amount',
    'Outstanding Loans',
    'Total Dividends',
    'Total Fines',
  ]) {
    await expect(overview.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(overview.getByText('₦2,500')).toBeVisible(); // Ada's pending fines

  // What's next leads (decision 160): her late instalments in red with their age, the next one
  // due, and Bayo's request that she guarantee his loan, with the day an answer is expected.
  const next = page.getByRole('region', { name: "What's next" });
  await expect(next.getByText(/^₦[\d,]+ overdue on LN-\d{6} \(\d+ instalments?\)$/)).toBeVisible();
  await expect(next.getByText(/^\d+ days? overdue$/)).toBeVisible();
  await expect(
    next.getByText(/^₦[\d,]+ due [A-Z][a-z]{2} \d{2} \(LN-\d{6}, instalment \d+ of 12\)$/),
  ).toBeVisible();
  await expect(
    next.getByText(/^Bayo Adeyemi asked you to guarantee ₦100,000 \(LN-\d{6}\)$/),
  ).toBeVisible();
  await expect(next.getByText(/^Answer by [A-Z][a-z]{2} \d{2}/)).toBeVisible();
  const hero = page.getByRole('region', { name: 'Available to withdraw' });
  await expect(hero.getByText(/^₦[\d,]+$/)).toBeVisible();
  // Her running loan's path, and her savings by month.
  const loan = page.getByRole('region', { name: /^Your loan LN-\d{6}$/ });
  await expect(loan.getByText('2 of 2 accepted')).toBeVisible();
  await expect(loan.getByText('2 of 2 certifications')).toBeVisible();
  await expect(loan.getByText(/^\d+ of 12 instalments paid$/)).toBeVisible();
  const chart = page.getByRole('region', { name: 'Savings over time' });
  await expect(
    chart.getByRole('figure', { name: /^From .+, your savings went from/ }),
  ).toBeVisible();
  await expect(page.getByText('Savings withdrawal').first()).toBeVisible();
  // Her withdrawal; the back office's test pays her another of ₦25,000 on a server where it ran.
  await expect(page.getByText('-₦25,000').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute(
    'href',
    '/transactions',
  );
  await expect(page.getByRole('link', { name: 'View Transaction History' })).toBeVisible();
  await expect(page.getByText('Items that require your attention')).toBeVisible();
  await expect(page.getByText('Overdue').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Withdrawal Request' })).toHaveAttribute(
    'href',
    '/withdrawals/new',
  );
  await shotBothThemes(page, 'dashboard', isMobile);

  // Ada's two overdue instalments are one ask, 'Overdue' (the deadline rule), and open her loan.
  const instalments = page
    .getByRole('listitem')
    .filter({ hasText: /^2 instalments of loan LN-\d{6} are overdue/ });
  await expect(instalments.getByText('Overdue', { exact: true })).toBeVisible();
  await expect(instalments.getByText('Repayment', { exact: true })).toBeVisible();
  await instalments.getByRole('link', { name: 'Take Action' }).click();
  await expect(page).toHaveURL(/\/loans\?loan=LN-\d{6}$/);
  const loanId = new URL(page.url()).searchParams.get('loan') ?? '';
  await expect(page.getByRole('region', { name: `Details of ${loanId}` })).toBeVisible();
  await expect(
    page.locator(`tr[data-loan="${loanId}"]`).getByText('2 overdue instalments'),
  ).toBeVisible();
  await shotBothThemes(page, 'loans-overdue', isMobile);

  // Her two fines are one ask too; 'Take Action' opens the pending fines.
  await page.goto('/dashboard');
  await page
    .getByRole('listitem')
    .filter({ hasText: '2 fines to pay' })
    .getByRole('link', { name: 'Take Action' })
    .click();
  await expect(page).toHaveURL(/\/fines\?status=pending$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fines' })).toBeVisible();
});

test("an open loan request's timeline leads Funmilayo's dashboard while it waits for a guarantor", async ({
  page,
  isMobile,
}) => {
  await signInAs(page, 'funmilayo.akinola@demo.coop');
  const loan = page.getByRole('region', { name: /^Your loan LN-\d{6}$/ });
  await expect(loan.getByText('Pending', { exact: true })).toBeVisible();
  await expect(loan.getByText('1 of 2 accepted')).toBeVisible();
  await expect(loan.getByText(/^Effiong Bassey: accepted [A-Z][a-z]{2} \d{2}$/)).toBeVisible();
  await expect(
    loan.getByText(/^Yetunde Olawale: not answered yet \(asked [A-Z][a-z]{2} \d{2}\)$/),
  ).toBeVisible();
  await expect(loan.getByText('Waiting for').locator('xpath=..')).toContainText('Yetunde Olawale');
  await expect(
    page.getByRole('region', { name: 'Savings over time' }).getByRole('figure'),
  ).toBeVisible();
  await shotBothThemes(page, 'dashboard-funmilayo', isMobile);
  await loan.getByRole('link', { name: 'See the loan' }).click();
  await expect(page).toHaveURL(/\/loans\?loan=LN-\d{6}$/);
  const loanId = new URL(page.url()).searchParams.get('loan') ?? '';
  const details = page.getByRole('region', { name: `Details of ${loanId}` });
  await expect(details.getByRole('heading', { name: 'Progress' })).toBeVisible();
  await expect(details.getByText('1 of 2 accepted')).toBeVisible();
});

test('a member requests a savings withdrawal from /withdrawals/new', async ({
  page,
  request,
  isMobile,
}) => {
  const saver = await seedContributor(request, 'Bayo', { months: 1 });
  await signInThroughApi(page, saver.email, SEEDED_PASSWORD, { landing: '/withdrawals/new' });
  const dialog = page.getByRole('dialog', { name: 'Savings withdrawal' });
  await expect(dialog).toBeVisible();
  await shotBothThemes(page, 'withdrawal-dialog', isMobile);
  await dialog.getByLabel('Amount (₦)').fill('0');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByText('Enter a valid amount greater than 0')).toBeVisible();
  await dialog.getByLabel('Amount (₦)').fill('999999999');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByText('Amount exceeds available balance')).toBeVisible();
  await dialog.getByLabel('Amount (₦)').fill('10000');
  await dialog.getByLabel('Reason (optional)').fill('Medical bills');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  // The toast and the way back to /withdrawals come even when the eligibility refetch closes
  // the dialog first (it once did, and neither came).
  await expect(page.getByText('Withdrawal request submitted')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The toast goes by itself (not while the pointer rests on it); axe then sees the page alone.
  await page.mouse.move(0, 0);
  await expect(page.getByText('Withdrawal request submitted')).toBeHidden();
  await expect(page).toHaveURL(/\/withdrawals$/);
  await expect(page.getByRole('button', { name: 'Request Savings Withdrawal' })).toBeDisabled();
  await expect(page.getByText(/pending savings withdrawal request/)).toBeVisible();
  await expect(page.getByText('₦10,000').filter({ visible: true }).first()).toBeVisible();
  await shotBothThemes(page, 'withdrawals', isMobile);

  // Cancelling offers Undo for a few seconds (decision 162): undone, the request stays pending
  // and nothing is sent; not undone, the cancellation is sent and the savings are free again.
  const requests = page.getByRole('table', { name: 'Withdrawal requests' });
  await requests.getByRole('button', { name: /Cancel/ }).click();
  await expect(requests.getByText('Cancelled')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(requests.getByText('Pending')).toBeVisible();
  const sent = page.waitForResponse(
    (response) =>
      /\/users\/withdrawals\/[^/]+$/.test(new URL(response.url()).pathname) &&
      response.request().method() === 'PUT',
  );
  await requests.getByRole('button', { name: /Cancel/ }).click();
  await expect(requests.getByText('Cancelled')).toBeVisible();
  expect((await sent).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Request Savings Withdrawal' })).toBeEnabled();
});

test('a member notifies a voluntary deposit and follows it', async ({
  page,
  request,
  isMobile,
}) => {
  const bankReference = `E2E-${uniqueTag()}`;
  const chidi = await seedMember(request, 'Chidi');
  await signInAs(page, chidi.email, SEEDED_PASSWORD);
  await page.getByRole('link', { name: 'Make Contribution' }).click();
  await expect(page).toHaveURL(/\/contributions\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Make Contribution' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Monthly deduction' })).toBeVisible();
  await expect(page.getByText('0123456789')).toBeVisible();
  await shotBothThemes(page, 'make-contribution', isMobile);

  await page.getByRole('button', { name: 'Notify Deposit' }).click();
  await expect(
    page.getByText('Enter a savings or share holding amount greater than 0'),
  ).toBeVisible();
  await page.getByLabel('Savings (₦)').fill('7500');
  await page.getByLabel('Share Holdings (₦)').fill('2500');
  await page.getByLabel('Bank reference').fill(bankReference);
  await expect(page.getByText('₦10,000', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Notify Deposit' }).click();
  await expect(page.getByText('Deposit notice sent')).toBeVisible();
  const row = page.getByText(bankReference).filter({ visible: true }).first();
  await expect(row).toBeVisible();
  await expect(
    page.getByText('Awaiting verification').filter({ visible: true }).first(),
  ).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByText('Deposit notice sent')).toBeHidden();
  await shotBothThemes(page, 'deposit-notices', isMobile);
});
