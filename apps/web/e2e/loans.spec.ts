import { expect, test, type Page } from '@playwright/test';
import {
  SEEDED_PASSWORD,
  seedBorrower,
  seedGuarantorAccepts,
  seedLoanRequest,
  seedLoanUnderReview,
  seedMember,
  seedPayroll,
  uniqueTag,
} from './seed';
import { allowLonger, expectAccessible, signInThroughApi } from './support';

/**
 * docs/member-portal.md §2 "Loans page" against the real API and the demo cooperative, a test per
 * step of a loan's life; each test asks for its own loan (through the API when the wizard is not
 * its subject). Axe runs on the dialogs and states only these journeys reach (the wizard's later
 * steps, the answers to a guarantor request, a reviewer's decision, the reassignment, a priced
 * loan); the tabs and every kind of loan's details are the all-pages pass's (`all-pages.spec.ts`).
 * Members sign in through the API (signing in is `sign-in.spec.ts`'s subject). The wizard's
 * borrower and guarantors are the test's own; so are the guarantors' test's borrower, her
 * guarantors (one accepts, one declines) and the member who replaces the one who declined; a loan
 * with a borrower and guarantors of the test's own is certified by Ada and Bayo; Temitope's,
 * guaranteed by Chiamaka and Ibrahim, is rejected by Aminu. Filtering My Loans is proved by the
 * page test (my-loans.test.tsx).
 */

const loansPage = (tab?: string) => (tab ? `/loans?tab=${tab}` : '/loans');

/**
 * Signs the member in through the API straight onto the Loans page (or `tab` of it), where every
 * test here goes next: the dashboard, where a sign-in lands, is not loaded first.
 */
async function as(
  page: Page,
  email: string,
  { password, tab }: { password?: string; tab?: string } = {},
) {
  await signInThroughApi(page, email, password, { landing: loansPage(tab) });
  await expect(page.getByRole('heading', { level: 1, name: 'Loans' })).toBeVisible();
}

async function openLoans(page: Page, tab?: string) {
  await page.goto(loansPage(tab));
  await expect(page.getByRole('heading', { level: 1, name: 'Loans' })).toBeVisible();
}

/** A loan of My Loans: a table row from 768 px up, a card below. */
const loanRow = (page: Page, purpose: string) =>
  page.locator('tr[data-loan]').filter({ hasText: purpose });

/** Opens a loan's View Details and answers the details region. */
async function openDetails(page: Page, purpose: string) {
  const row = loanRow(page, purpose);
  const loanId = await row.getAttribute('data-loan');
  await row.getByRole('button', { name: /^View Details/ }).click();
  const details = page.getByRole('region', { name: `Details of ${loanId}` });
  await expect(details).toBeVisible();
  return details;
}

/** Requests ₦50,000 over 6 months with the two guarantors named. */
async function requestLoan(page: Page, guarantors: [string, string], purpose: string) {
  await page.goto('/loans/new');
  const wizard = page.getByRole('dialog', { name: 'Request New Loan' });
  await expect(wizard).toBeVisible();
  await expect(wizard.getByLabel('Deduct processing fees from loan amount')).toBeChecked();
  await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();
  await wizard.getByLabel('Loan Amount', { exact: true }).fill('50000');
  await wizard.getByLabel('Purpose').fill('Short');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('Purpose must be at least 10 characters')).toBeVisible();
  await wizard.getByLabel('Purpose').fill(purpose);
  await expect(wizard.getByText(`${purpose.length}/500 characters`)).toBeVisible();
  await wizard.getByRole('button', { name: 'Next' }).click();

  await expect(wizard.getByText('Selected guarantors 0/4')).toBeVisible();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('You must select at least 2 guarantors')).toBeVisible();
  for (const name of guarantors) {
    await wizard.getByLabel('Search guarantors').fill(name);
    await wizard.getByRole('button', { name: new RegExp(name) }).click();
  }
  await wizard.getByLabel('Search guarantors').fill('zzzz-nobody');
  await expect(wizard.getByText('No guarantors found matching your search.')).toBeVisible();
  await expect(wizard.getByText('Selected guarantors 2/4')).toBeVisible();
  await expectAccessible(page);
  await wizard.getByRole('button', { name: 'Next' }).click();

  await expect(wizard.getByText('Approval is subject to verification')).toBeVisible();
  await expect(wizard.getByText('₦52,500')).toBeVisible();
  // What the member is paid: ₦50,000 less 1 % insurance and the ₦1,000 form fee.
  await expect(wizard.getByText('You receive ₦48,500; fees ₦1,500')).toBeVisible();
  await expectAccessible(page);
  await wizard.getByRole('button', { name: 'Submit Request' }).click();
  const success = page.getByRole('dialog', { name: 'Loan Request Submitted' });
  await expect(success).toContainText('2-3 business days');
  await expectAccessible(page);
  await success.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Answers the guarantor request, signed in on the Guarantor Requests tab; `axe` checks the
 * details dialog and the decision's dialog, `axeDecision` only the latter (each kind of dialog
 * once in the spec).
 */
async function answerRequest(
  page: Page,
  decision: 'Accept' | 'Reject',
  {
    reason,
    axe = false,
    axeDecision = axe,
  }: { reason?: string; axe?: boolean; axeDecision?: boolean } = {},
) {
  await expect(page.getByRole('tab', { name: /Guarantor Requests/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('button', { name: 'Details' }).first().click();
  await expect(page.getByRole('dialog')).toContainText('will be frozen until the loan is repaid');
  if (axe) await expectAccessible(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: decision, exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  if (reason) await dialog.getByLabel('Reason (optional)').fill(reason);
  if (axeDecision) await expectAccessible(page);
  await dialog.getByRole('button', { name: `Confirm ${decision}` }).click();
  await expect(
    page.getByText(
      decision === 'Accept'
        ? 'Guarantor request accepted successfully!'
        : 'Guarantor request rejected successfully!',
    ),
  ).toBeVisible();
}

/**
 * A reviewer's decision, signed in on the Loan Review tab; `axe` checks its dialog (once per kind
 * in the spec).
 */
async function certify(
  page: Page,
  loanPurpose: string,
  decision: 'Approve' | 'Reject',
  { note, axe = false }: { note?: string; axe?: boolean } = {},
) {
  const card = page.locator('article').filter({ hasText: loanPurpose });
  await expect(card).toContainText('certifications completed');
  await card.getByRole('button', { name: decision, exact: true }).click();
  const dialog = page.getByRole('dialog');
  if (decision === 'Reject') {
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  }
  if (note) await dialog.getByRole('textbox').fill(note);
  if (axe) await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByText(
      decision === 'Approve' ? 'Loan approved successfully!' : 'Loan rejected successfully!',
    ),
  ).toBeVisible();
}

test('a member requests a loan through the wizard', async ({ page, request }) => {
  // The borrower and guarantors are the test's own (a demo borrower's request from an earlier
  // run stays pending, and she is not eligible again): the test passes again on a server where it
  // ran. The guarantors are found by their full names, as a member would search.
  const purpose = 'Market stall and first stock of fabrics';
  const tag = uniqueTag();
  const yetunde = await seedBorrower(request, 'Yetunde', { savings: 50_000, tag });
  const obinna = await seedMember(request, 'Obinna', { tag });
  const hadiza = await seedMember(request, 'Hadiza', { tag });
  await as(page, yetunde.email, { password: SEEDED_PASSWORD });
  await expect(page.getByText('Loan Eligible')).toBeVisible();
  await requestLoan(page, [obinna.name, hadiza.name], purpose);
  await openLoans(page);
  await expect(loanRow(page, purpose).getByText('Pending')).toBeVisible();
});

test('guarantors: one accepts, one declines; the borrower reassigns the place and the new guarantor accepts', async ({
  page,
  request,
}) => {
  // Four members of its own seeded, each signing in in turn.
  allowLonger(2);
  // Every member is the test's own (a demo borrower's loan from an earlier run stays open, and a
  // demo guarantor reaches the limit of three running guarantees): it passes again on a server
  // where it ran. The guarantors who accept have savings of their own to cover their half; each
  // is found by full name, as the borrower would search.
  const purpose = 'Cold room for the fish business';
  const tag = uniqueTag();
  const terver = await seedBorrower(request, 'Terver', { savings: 50_000, tag });
  const kehinde = await seedMember(request, 'Kehinde', { tag });
  const uchenna = await seedMember(request, 'Uchenna', { tag });
  const zainab = await seedMember(request, 'Zainab', { tag });
  const savers = [kehinde, zainab].map((member) => ({ member, savings: 50_000, shares: 1_000 }));
  expect(await seedPayroll(request, savers)).toBe(2);
  await seedLoanRequest(request, terver, [kehinde.name, uchenna.name], purpose);
  const requests = { password: SEEDED_PASSWORD, tab: 'guarantor-requests' };
  await as(page, kehinde.email, requests);
  await answerRequest(page, 'Accept', { axe: true });
  await as(page, uchenna.email, requests);
  // The details dialog is the one Kehinde's answer checked.
  await answerRequest(page, 'Reject', { reason: 'Not this year', axeDecision: true });

  // The quick action opens the reassign dialog for the declined place; closing it returns to
  // /loans. The borrower then reassigns from the loan's details in My Loans.
  await signInThroughApi(page, terver.email, SEEDED_PASSWORD, { landing: '/guarantees/invite' });
  const reassign = page.getByRole('dialog', { name: 'Reassign Guarantor' });
  await expect(reassign).toContainText(uchenna.name);
  await reassign.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/loans$/);
  await expect(reassign).toBeHidden();

  const details = await openDetails(page, purpose);
  await expect(details).toContainText(uchenna.name);
  await expect(details.getByRole('button', { name: /^Reassign/ })).toHaveCount(1);
  await details.getByRole('button', { name: `Reassign ${uchenna.name}` }).click();
  await expect(reassign).toContainText(uchenna.name);
  await reassign.getByRole('button', { name: 'Reassign Guarantor' }).click();
  await expect(reassign.getByText('Please select a new guarantor')).toBeVisible();
  await reassign.getByLabel('Search guarantors').fill(zainab.name);
  await reassign.getByRole('button', { name: new RegExp(zainab.name) }).click();
  await expectAccessible(page);
  await reassign.getByRole('button', { name: 'Reassign Guarantor' }).click();
  await expect(page.getByText('Guarantor reassigned successfully')).toBeVisible();
  await expect(reassign).toBeHidden();
  // The new guarantor is asked; the declined one left the list, and nothing is left to reassign.
  await expect(details).toContainText(zainab.name);
  await expect(details).not.toContainText(uchenna.name);
  await expect(details.getByRole('button', { name: /^Reassign/ })).toHaveCount(0);

  await as(page, zainab.email, requests);
  await answerRequest(page, 'Accept');
});

test('reviewers: two approvals, and the borrower sees the loan approved with its schedule', async ({
  page,
  request,
}) => {
  // The borrower and guarantors are the test's own (a demo borrower's approved loan would stay
  // open, and a second request be refused): the test passes again on a server where it ran.
  const purpose = `Solar panels for the tailoring shop (${uniqueTag()})`;
  const { borrower } = await seedLoanUnderReview(request, 'Abimbola', { amount: 50_000, purpose });

  await as(page, 'ada@demo.coop', { tab: 'loan-review' });
  await certify(page, purpose, 'Approve', { note: 'Good savings record', axe: true });
  await as(page, 'bayo@demo.coop', { tab: 'loan-review' });
  await certify(page, purpose, 'Approve');

  await as(page, borrower.email, { password: SEEDED_PASSWORD });
  await expect(loanRow(page, purpose).getByText('Approved')).toBeVisible();
  const approved = await openDetails(page, purpose);
  await expect(approved).toContainText('Oluchi');
  await expect(approved).toContainText('Repayment schedule');
});

test('the reject path: a reviewer needs a reason', async ({ page, request }) => {
  // A purpose of this run's own: the borrower may ask again once refused, so where the test ran
  // before, the earlier rejected loan is listed too.
  const purpose = `Poultry feed for the next three months (${uniqueTag()})`;
  await seedLoanRequest(request, 'temitope.fashola@demo.coop', ['Chiamaka', 'Ibrahim'], purpose);
  await seedGuarantorAccepts(request, 'chiamaka.ibe@demo.coop', purpose);
  await seedGuarantorAccepts(request, 'ibrahim.garba@demo.coop', purpose);
  await as(page, 'aminu.bello@demo.coop', { tab: 'loan-review' });
  await certify(page, purpose, 'Reject', { note: 'No market for the eggs yet', axe: true });
  await as(page, 'temitope.fashola@demo.coop');
  await expect(loanRow(page, purpose).getByText('Rejected')).toBeVisible();
});

test('the calculator prices a loan and shows the schedule', async ({ page }) => {
  await as(page, 'chidi@demo.coop', { tab: 'calculator' });
  await expect(page.getByRole('button', { name: 'Calculate Loan' })).toBeDisabled();
  await page.getByLabel('Loan Amount', { exact: true }).fill('1000000');
  await page.getByRole('button', { name: 'Calculate Loan' }).click();
  await expect(page.getByText('Loan Breakdown')).toBeVisible();
  await expect(page.getByText('₦989,000')).toBeVisible();
  await expect(page.getByText('₦1,050,000').first()).toBeVisible();
  await expect(page.getByText('Bullet Payment')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Loan Amount', { exact: true }).fill('60000000');
  await page.getByRole('button', { name: 'Calculate Loan' }).click();
  await expect(page.getByText('Amount cannot exceed ₦50,000,000')).toBeVisible();
});
