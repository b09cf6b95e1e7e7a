import { expect, type Browser, type Page } from '@playwright/test';
import { expectAccessible, signInAsOfficer, toastsGone, type TestOfficerRole } from '../support';

/**
 * Reusable back-office loan steps (docs/decisions/062-loan-back-office.md), for admin-loans.spec.ts
 * and the month in the life of a cooperative (back-office.spec.ts). Each step runs axe on the page
 * or dialog it opens.
 */

/** The loans pipeline searched for `memberName` (and `status`). */
export function loansFound(memberName: string, status?: string) {
  const query = new URLSearchParams({ search: memberName, ...(status ? { status } : {}) });
  return `/admin/loans?${query.toString()}`;
}

/** Opens the loan of the member whose name is `memberName` from the pipeline's search. */
export async function openLoanOf(page: Page, memberName: string, status?: string) {
  await page.goto(loansFound(memberName, status));
  await openFoundLoan(page, memberName);
}

/** On the pipeline searched for `memberName` (`loansFound`), opens the first loan. */
export async function openFoundLoan(page: Page, memberName: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Loans' })).toBeVisible();
  await page.getByRole('link', { name: /^LN-/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(memberName) })).toBeVisible();
}

/** Disburses the open approved loan by one administrator (at or below the limit). */
export async function disburseLoan(page: Page, method = 'Bank transfer') {
  await page.getByRole('button', { name: 'Disburse' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Method').selectOption({ label: method });
  await dialog.getByRole('button', { name: 'Disburse' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/was disbursed/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record repayment' })).toBeVisible();
  await toastsGone(page);
}

/**
 * Maker-checker: `page` (signed in as the first administrator, on the loan's page) requests the
 * disbursement, is refused the approval of their own, then `checker` signs in in a fresh context
 * and approves it, which disburses the loan.
 */
export async function disburseWithMakerChecker(
  page: Page,
  browser: Browser,
  options: { memberName: string; checker: TestOfficerRole; isMobile: boolean; method?: string },
) {
  await page.getByRole('button', { name: 'Disburse' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/above the two-signature limit/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Method').selectOption({ label: options.method ?? 'Cheque' });
  await dialog.getByRole('button', { name: 'Request disbursement' }).click();
  // The toast first: the page can show the request before the toast mounts, and waiting for
  // toasts to leave before then let axe read it fading in (it failed once so on contrast).
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'another administrator must approve' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Awaiting a second approval/)).toBeVisible();
  await expect(
    page.getByText('Another administrator must approve it.', { exact: false }),
  ).toBeVisible();
  // The maker has no Approve button.
  await expect(page.getByRole('button', { name: 'Approve disbursement' })).toHaveCount(0);
  await toastsGone(page);
  await expectAccessible(page);

  const context = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    isMobile: options.isMobile,
    hasTouch: options.isMobile,
    baseURL: new URL(page.url()).origin,
  });
  const checker = await context.newPage();
  await signInAsOfficer(checker, options.checker);
  await expect(checker).toHaveURL(/\/admin$/);
  // The checker is told on the overview, whose item opens the loans awaiting a second approval.
  await checker.getByRole('link', { name: /Disbursements awaiting your approval/ }).click();
  await expect(checker).toHaveURL(/status=awaiting_second_approval/);
  await expect(checker.getByRole('link', { name: /^LN-/ }).first()).toBeVisible();
  await checker.goto(new URL(page.url()).pathname);
  await checker.getByRole('button', { name: 'Approve disbursement' }).click();
  const approve = checker.getByRole('dialog');
  await expect(approve).toBeVisible();
  await expectAccessible(checker);
  await approve.getByRole('button', { name: 'Approve and disburse' }).click();
  await expect(approve).toBeHidden();
  await expect(checker.getByRole('button', { name: 'Record repayment' })).toBeVisible();
  await context.close();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Record repayment' })).toBeVisible();
}

/**
 * Records a manual repayment on the open loan and checks it is in the history. Its toast is left
 * to leave on its own: no caller runs axe on the page after it.
 */
export async function recordRepayment(
  page: Page,
  options: { amount: string; reference: string; method?: string },
) {
  await page.getByRole('button', { name: 'Record repayment' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Amount (₦)').fill(options.amount);
  await dialog.getByLabel('Method').selectOption({ label: options.method ?? 'Bank transfer' });
  await dialog.getByLabel('Reference').fill(options.reference);
  await dialog.getByRole('button', { name: 'Record repayment' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page
      .getByRole('region', { name: 'Repayments' })
      .getByText(options.reference, { exact: false })
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
}
