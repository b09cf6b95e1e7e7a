import { expect, test } from '@playwright/test';
import {
  issueFine,
  markFinePaid,
  rejectWithdrawal,
  verifyDepositNotice,
  waiveFine,
} from './admin-steps/money';
import { bearer, seedMember, uniqueTag } from './seed';
import { accessToken, allowLonger, expectAccessible, signInAsOfficer } from './support';

/**
 * The back office's money routines (issue 9 items 5, 7, 9) against the real API and the demo
 * cooperative, a test each: from the overview's queue, reject the withdrawal Bayo asks for now
 * (approving Ada's is in back-office.spec.ts); verify Bayo's deposit notice against its bank
 * reference; issue one fine to two new members at once, waive one and record the other paid.
 * Axe on every page and dialog (inside the steps).
 */

test('withdrawals: from the overview’s queue, Bayo’s request is rejected with a reason', async ({
  page,
  request,
}) => {
  // Bayo asks to withdraw savings now, so there is a request of this test's own to reject.
  const asked = await request.post('/api/v1/users/withdrawals/savings', {
    headers: bearer(await accessToken(request, 'bayo@demo.coop')),
    data: { amount: 5_000, reason: 'Medical bills' },
  });
  expect(asked.status()).toBe(201);

  await signInAsOfficer(page, 'president');
  await expect(page).toHaveURL(/\/admin$/);
  const queue = page.getByRole('link', { name: /Withdrawals to decide/ });
  await expect(queue).toContainText(/[1-9]/);
  await queue.click();
  await expect(page).toHaveURL(/\/admin\/withdrawals\?status=pending$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  await expectAccessible(page);

  await rejectWithdrawal(page, {
    member: 'Bayo Adeyemi',
    amount: '₦5,000',
    reason: 'Please apply again after the audit',
  });
  // Bayo's request has left the pending ones and shows under its status, with the reason.
  await page.goto('/admin/withdrawals?status=rejected&search=Bayo');
  await expect(
    page.getByText('Please apply again after the audit').locator('visible=true').first(),
  ).toBeVisible();
  await page.goto('/admin/withdrawals?status=pending&search=Bayo');
  await expect(page.getByText('No withdrawal requests found')).toBeVisible();
});

test('deposit notices: from the overview’s queue, Bayo’s notice is verified against its bank reference', async ({
  page,
  request,
}) => {
  // Bayo notifies a transfer now, with a reference of this test's own: the demo's notice can be
  // verified only once, and the test passes again on a server where it ran before.
  const bankReference = `UBA-${uniqueTag()}`;
  const notified = await request.post('/api/v1/users/deposit-notices', {
    headers: bearer(await accessToken(request, 'bayo@demo.coop')),
    data: {
      savingsAmount: 2_000,
      shareHoldingAmount: 0,
      transferDate: new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' }),
      bankReference,
    },
  });
  expect(notified.status(), await notified.text()).toBe(201);

  await signInAsOfficer(page, 'president');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: /Deposit notices to verify/ })).toContainText(
    /[1-9]/,
  );
  await verifyDepositNotice(page, { member: 'Bayo Adeyemi', bankReference });
});

test('fines: one fine for two members at once, one waived and the other recorded paid', async ({
  page,
  request,
}) => {
  // Two members seeded and activated, three dialogs with axe.
  allowLonger(2);
  const tag = uniqueTag();
  const chidi = await seedMember(request, 'Chidi', { tag });
  const bayo = await seedMember(request, 'Bayo', { tag });
  const reason = `Late submission of the loan register (${tag})`;
  await signInAsOfficer(page, 'president');
  await expect(page).toHaveURL(/\/admin$/);
  await issueFine(page, {
    members: [
      { search: chidi.membershipId, name: chidi.name },
      { search: bayo.membershipId, name: bayo.name },
    ],
    reason,
    amount: '750',
  });
  await waiveFine(page, { member: chidi.name, reason, note: 'Apology received in writing' });
  await markFinePaid(page, { member: bayo.name, reason, paidFrom: 'bank_transfer' });
  await page.goto(`/admin/fines?search=${encodeURIComponent(reason)}`);
  await expect(
    page.getByText('Waived: Apology received in writing').locator('visible=true').first(),
  ).toBeVisible();
  await expect(
    page.getByText('Paid', { exact: true }).locator('visible=true').first(),
  ).toBeVisible();
  await expectAccessible(page);
});
