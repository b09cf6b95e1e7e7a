import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lastFinancialYear, declareAndPayDividends } from './admin-steps/dividends';
import { disburseWithMakerChecker, openLoanOf, recordRepayment } from './admin-steps/loans';
import { approveWithdrawal, issueFine, waiveFine } from './admin-steps/money';
import {
  allowLonger,
  DEMO_PASSWORD,
  expectAccessible,
  linkFromOutbox,
  signIn,
  toastsGone,
} from './support';

/**
 * The back office (issue 9) at 390 and 1280 px against the real API and the demo cooperative:
 * one month in the life of a cooperative. The administrator imports two new members, who
 * activate their accounts; posts their payroll month; one member confirms, the other confirms
 * and disputes; the administrator resolves the dispute with a correction; disburses Nneka's
 * loan, above the two-signature limit, with the treasurer's approval, and records a repayment;
 * approves Ada's withdrawal; declares and pays last year's dividend; issues a fine and waives it;
 * the reconciliation page balances. Axe runs on every admin page and dialog. Each viewport has
 * its own server and database; the other back-office specs use other records.
 *
 * With ADMIN_SCREENSHOTS=1 the desktop run saves the screenshots of docs/administrators.md.
 */

const docsImages = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/images',
);
const NEW_PASSWORD = 'Harvest-Yam!2031';

async function shot(page: Page, name: string, isMobile: boolean) {
  if (process.env.ADMIN_SCREENSHOTS && !isMobile) {
    await page.screenshot({ path: path.join(docsImages, `admin-${name}.png`), fullPage: true });
  }
}

/** The current month in Lagos, 'yyyy-MM': the payroll month the test posts. */
function lagosMonth(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Lagos',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .slice(0, 7);
}

function csvFile(name: string, text: string) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') };
}

async function openNav(page: Page, isMobile: boolean, name: string) {
  if (isMobile) await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name }).click();
}

test('a month in the back office: members, payroll, disputes, loans, withdrawals, dividends, fines, reconciliation', async ({
  page,
  browser,
  isMobile,
  request,
}) => {
  allowLonger(12);
  const month = lagosMonth();

  // Members are sent to /unauthorized.
  await signIn(page, 'aminu.bello@demo.coop');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/unauthorized$/);
  // The Access Denied page has no menu: start a fresh session for the administrator.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await page.goto('/auth/login');

  // The administrator lands on the overview.
  await signIn(page, 'admin@demo.coop');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
  await expect(page.getByText('Money under management')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'overview', isMobile);

  // Members list, then the import with a preview that catches a bad row first.
  await openNav(page, isMobile, 'Members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expect(page.getByText(/Showing 1 to \d+ of \d+ results/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'members', isMobile);
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import members' })).toBeVisible();
  await expectAccessible(page);
  const header = 'firstName,lastName,email,phoneNumber,membershipId,joinedOn\n';
  const suffix = isMobile ? 'm' : 'd';
  const rows = [
    `Kemi,Lawal,kemi.${suffix}@e2e.coop,,E2E-${suffix.toUpperCase()}1,${month}-01`,
    `Obi,Nwosu,obi.${suffix}@e2e.coop,,E2E-${suffix.toUpperCase()}2,${month}-01`,
  ];
  const picker = page.getByLabel('Members file');
  await picker.setInputFiles(
    csvFile(
      'members.csv',
      `${header}${rows.join('\n')}\nBad,Phone,bad.${suffix}@e2e.coop,12345,,\n`,
    ),
  );
  await expect(page.getByText('2 ready, 1 with problems.', { exact: false })).toBeVisible();
  await expect(
    page.getByText('Please enter a valid Nigerian mobile number').locator('visible=true').first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 2 members' })).toBeDisabled();
  await expectAccessible(page);
  await picker.setInputFiles(csvFile('members.csv', `${header}${rows.join('\n')}\n`));
  await expect(page.getByText('2 ready, 0 with problems.', { exact: false })).toBeVisible();
  await shot(page, 'import', isMobile);
  await page.getByRole('button', { name: 'Import 2 members' }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expect(
    page.getByText('2 members imported. Their activation e-mails are on their way.'),
  ).toBeVisible();

  // Both new members activate their accounts from the e-mailed link.
  for (const email of [`kemi.${suffix}@e2e.coop`, `obi.${suffix}@e2e.coop`]) {
    const link = await linkFromOutbox(request, email, '/auth/activate');
    const token = new URL(link, 'http://x').searchParams.get('token');
    const activated = await request.post('/api/v1/auth/activate-account', {
      data: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(activated.ok()).toBe(true);
  }

  // Payroll: the preview's totals, then the posting; a second posting changes nothing.
  await openNav(page, isMobile, 'Payroll');
  await expect(page.getByRole('heading', { level: 1, name: 'Payroll deductions' })).toBeVisible();
  await expectAccessible(page);
  const payroll = `membershipId,month,savings,shares\nE2E-${suffix.toUpperCase()}1,${month},20000,5000\nE2E-${suffix.toUpperCase()}2,${month},15000,2500\n`;
  await page.getByLabel('Payroll file').setInputFiles(csvFile('payroll.csv', payroll));
  await expect(page.getByText('Total to post')).toBeVisible();
  await expect(page.getByText('₦42,500')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'payroll', isMobile);
  await page.getByRole('button', { name: /^Post / }).click();
  await expect(
    page.getByText(/Posted 2 contributions for .*The members were asked to confirm\./),
  ).toBeVisible();
  await page.getByLabel('Payroll file').setInputFiles(csvFile('payroll.csv', payroll));
  await expect(page.getByText('Already posted').locator('visible=true').first()).toBeVisible();
  await page.getByRole('button', { name: /^Post / }).click();
  await expect(
    page.getByText(/Nothing was posted: every row for .* was already posted/),
  ).toBeVisible();

  // One member confirms; the other confirms and disputes.
  for (const [email, dispute] of [
    [`kemi.${suffix}@e2e.coop`, false],
    [`obi.${suffix}@e2e.coop`, true],
  ] as const) {
    const context = await browser.newContext({
      viewport: page.viewportSize() ?? undefined,
      isMobile,
      hasTouch: isMobile,
    });
    const memberPage = await context.newPage();
    await signIn(memberPage, email, NEW_PASSWORD);
    await expect(memberPage).toHaveURL(/\/dashboard$/);
    await memberPage.goto('/contributions');
    await memberPage.getByRole('checkbox', { name: 'Select all pending contributions' }).check();
    await memberPage.getByRole('button', { name: 'Confirm' }).click();
    await memberPage
      .getByRole('dialog', { name: 'Confirm contributions' })
      .getByRole('button', { name: /Confirm/ })
      .last()
      .click();
    await expect(memberPage.getByText('1 contribution(s) confirmed successfully')).toBeVisible();
    if (dispute) {
      await memberPage
        .getByRole('button', { name: /Dispute/ })
        .first()
        .click();
      const dialog = memberPage.getByRole('dialog', { name: 'Dispute contribution' });
      await dialog
        .getByLabel('Reason for dispute')
        .fill('Only 10,000 went to savings on my payslip');
      await dialog.getByRole('button', { name: 'Submit Dispute' }).click();
      await expect(
        memberPage.getByText('Your dispute has been submitted and will be reviewed'),
      ).toBeVisible();
    }
    await context.close();
  }

  // The dispute queue: resolve with the amounts really deducted.
  await openNav(page, isMobile, 'Disputes');
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  await expect(
    page.getByText('Only 10,000 went to savings on my payslip').locator('visible=true').first(),
  ).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'disputes', isMobile);
  await page
    .getByRole('button', { name: /Resolve Obi Nwosu/ })
    .first()
    .click();
  const resolve = page.getByRole('dialog', { name: 'Resolve dispute' });
  await resolve.getByLabel('Yes: correct the amounts (posts an adjustment)').check();
  await resolve.getByLabel('Savings really deducted (₦)').fill('10000');
  await resolve.getByLabel('Resolution note').fill('Payslip checked with payroll: 10,000 savings');
  await expectAccessible(page);
  await resolve.getByRole('button', { name: 'Resolve dispute' }).click();
  await expect(page.getByText('Dispute resolved. The member was notified.')).toBeVisible();
  // The demo's own open dispute (Chidi's) stays in the queue; Obi's has left it.
  await expect(page.getByRole('button', { name: /Resolve Obi Nwosu/ })).toHaveCount(0);

  // The member's page shows the corrected balance.
  await openNav(page, isMobile, 'Members');
  await page.getByRole('link', { name: 'Obi Nwosu' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Obi Nwosu' })).toBeVisible();
  await expect(page.getByText('₦12,500').locator('visible=true').first()).toBeVisible();
  await toastsGone(page);
  await expectAccessible(page);
  await shot(page, 'member', isMobile);

  // Loans: Nneka's loan is above the two-signature limit, so the treasurer approves it; then a
  // repayment that came in by bank transfer.
  await openLoanOf(page, 'Nneka', 'approved');
  await disburseWithMakerChecker(page, browser, {
    memberName: 'Nneka',
    checker: 'treasurer@demo.coop',
    isMobile,
  });
  await recordRepayment(page, { amount: '10000', reference: 'GTB-20931' });

  // The withdrawal queue: Ada's request is approved and paid out.
  await approveWithdrawal(page, { member: 'Ada Obi', amount: '₦25,000' });

  // Year end: last year's dividend, declared once and paid once.
  const year = lastFinancialYear();
  const paid = await declareAndPayDividends(page, {
    isMobile,
    year,
    ratePercent: '10',
    shot: (name) => shot(page, name, isMobile),
  });
  expect(paid).toBeGreaterThan(1);
  await page.getByLabel('Financial year').fill(String(year));
  await page.getByLabel('Rate (%)').fill('5');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(
    page.getByText(`The ${year} dividend was already declared: a year is declared once`),
  ).toBeVisible();

  // A fine for a new member who missed the orientation, waived by the committee.
  const fineReason = `Missed the new members' orientation (${suffix})`;
  await issueFine(page, {
    members: [{ search: `E2E-${suffix.toUpperCase()}1`, name: 'Kemi Lawal' }],
    reason: fineReason,
    amount: '500',
  });
  await waiveFine(page, {
    member: 'Kemi Lawal',
    reason: fineReason,
    note: 'First month: the committee waived it',
  });

  // Audit log and reconciliation.
  await openNav(page, isMobile, 'Audit log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  // The month's last action is on top; an earlier one is found by its action.
  await expect(page.getByText('fine.waived').locator('visible=true').first()).toBeVisible();
  await page.goto('/admin/audit?action=contribution.dispute_resolved');
  await expect(
    page.getByText('contribution.dispute_resolved').locator('visible=true').first(),
  ).toBeVisible();
  await expectAccessible(page);
  await openNav(page, isMobile, 'Reconciliation');
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
  await expect(page.getByText('The ledger balances')).toBeVisible();
  await expect(page.getByText(/All \d+ members’ balances equal the ledger/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'reconciliation', isMobile);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe('reconciliation.csv');
});

test('a member gets 403 from the admin API', async ({ request }) => {
  const login = await request.post('/api/v1/auth/login', {
    data: { identifier: 'aminu.bello@demo.coop', password: DEMO_PASSWORD },
  });
  const { data } = (await login.json()) as { data: { accessToken: string } };
  const res = await request.get('/api/v1/admin/users', {
    headers: { authorization: `Bearer ${data.accessToken}` },
  });
  expect(res.status()).toBe(403);
});
