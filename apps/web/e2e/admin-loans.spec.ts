import { expect, test } from '@playwright/test';
import { seedApprovedLoan } from './seed';
import { allowLonger, signInAsOfficer } from './support';
import { disburseLoan, openLoanOf, recordRepayment } from './admin-steps/loans';

/**
 * Loans in the back office (docs/decisions/062-loan-back-office.md) on the demo cooperative, whose
 * two-signature limit is ₦100,000: a ₦80,000 loan of the test's own (its borrower, guarantors
 * and the demo's reviewers' approvals seeded through the API) is disbursed by one administrator,
 * a repayment is recorded, and the history shows every step. Axe on the dialogs (inside the
 * steps); every kind of loan's page is the all-pages pass's.
 * Maker-checker (a ₦150,000 loan, approved by the treasurer) is a step of the month in the life
 * of a cooperative (back-office.spec.ts), which runs beside this test on the same server.
 */
test('loans: one administrator disburses below the limit, a repayment, the history', async ({
  page,
  request,
}) => {
  allowLonger(2);
  // The demo's one approved loan below the limit (Fatima's) can be disbursed once: a loan of the
  // test's own, so the test passes again on a server where it ran.
  const fatima = await seedApprovedLoan(request, 'Fatima', {
    amount: 80_000,
    purpose: 'Sewing machines for the tailoring shop',
  });
  await signInAsOfficer(page, 'president');
  await expect(page).toHaveURL(/\/admin$/);

  // The overview's queue leads to the approved loans.
  await page.getByRole('link', { name: /Loans to disburse/ }).click();
  await expect(page).toHaveURL(/\/admin\/loans\?status=approved$/);
  await expect(page.getByRole('link', { name: /^LN-/ }).first()).toBeVisible();

  // Below the limit: one administrator disburses.
  await openLoanOf(page, fatima.name, 'approved');
  await disburseLoan(page, 'Cash');
  await expect(page.getByText('Disbursed by')).toBeVisible();

  // A repayment, then the history.
  await recordRepayment(page, { amount: '10000', reference: 'GTB-10417' });
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
      .getByText('loan.disbursed')
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
});
