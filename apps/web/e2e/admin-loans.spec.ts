import { expect, test } from '@playwright/test';
import { expectAccessible, signIn } from './support';
import {
  disburseLoan,
  disburseWithMakerChecker,
  openLoanOf,
  recordRepayment,
} from './admin-steps/loans';

/**
 * Loans in the back office (issue 9 item 6) at 390 and 1280 px on the demo cooperative, whose
 * two-signature limit is ₦100,000: Fatima's ₦80,000 loan is disbursed by one administrator;
 * Nneka's ₦150,000 loan is requested by admin@demo.coop and approved by treasurer@demo.coop;
 * a repayment is recorded and the history shows every step. Axe on every page and dialog.
 */
test('loans: disburse below the limit, maker-checker above it, a repayment, the history', async ({
  page,
  browser,
  isMobile,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin@demo.coop');
  await expect(page).toHaveURL(/\/admin$/);

  // The overview's queue leads to the approved loans.
  await page.getByRole('link', { name: /Loans to disburse/ }).click();
  await expect(page).toHaveURL(/\/admin\/loans\?status=approved$/);
  await expect(page.getByRole('link', { name: /^LN-/ })).toHaveCount(2);
  await expectAccessible(page);

  // Below the limit: one administrator disburses.
  await openLoanOf(page, 'Fatima', 'approved');
  await expectAccessible(page);
  await disburseLoan(page, 'Cash');
  await expect(page.getByText('Disbursed by')).toBeVisible();

  // Above the limit: the maker asks, the treasurer approves.
  await openLoanOf(page, 'Nneka', 'approved');
  await disburseWithMakerChecker(page, browser, {
    memberName: 'Nneka',
    checker: 'treasurer@demo.coop',
    isMobile,
  });
  await expect(
    page
      .getByRole('region', { name: 'Disbursement requests' })
      .getByText('Folake Treasurer')
      .filter({ visible: true })
      .first(),
  ).toBeVisible();

  // A repayment, then the history.
  await recordRepayment(page, { amount: '10000', reference: 'GTB-20931' });
  const ledger = page.getByRole('region', { name: 'Ledger' });
  await expect(
    ledger
      .getByText(/Disbursement of loan LN-/)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await expect(
    ledger
      .getByText(/Repayment on loan LN-/)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Audit trail' })
      .getByText('loan.disbursement_requested')
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
});
