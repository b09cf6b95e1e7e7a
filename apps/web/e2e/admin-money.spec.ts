import { expect, test } from '@playwright/test';
import {
  issueFine,
  markFinePaid,
  rejectWithdrawal,
  verifyDepositNotice,
  waiveFine,
} from './admin-steps/money';
import { bearer, seedContributor, seedMember, uniqueTag } from './seed';
import { accessToken, signInAsOfficer } from './support';

/**
 * The back office's money routines against the real API and the demo cooperative, a test each:
 * from the overview's queue, reject the withdrawal a member asks for now (approving Ada's is in
 * back-office.spec.ts); verify Bayo's deposit notice against its bank reference; issue one fine
 * to two new members at once, waive one and record the other paid. Axe on every dialog (inside
 * the steps); the lists are the all-pages pass's.
 */

test('withdrawals: from the overview’s queue, Bayo’s request is rejected with a reason', async ({
  page,
  request,
}) => {
  // A Bayo of the test's own, with a month of savings, asks to withdraw now: a member may have
  // one request pending, so the test passes again on a server where it ran.
  const bayo = await seedContributor(request, 'Bayo', { months: 1 });
  const asked = await request.post('/api/v1/users/withdrawals/savings', {
    headers: bearer(bayo.token),
    data: { amount: 5_000, reason: 'Medical bills' },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  await signInAsOfficer(page, 'president');
  await expect(page).toHaveURL(/\/admin$/);
  const queue = page.getByRole('link', { name: /Withdrawals to decide/ });
  await expect(queue).toContainText(/[1-9]/);
  await queue.click();
  await expect(page).toHaveURL(/\/admin\/withdrawals\?status=pending$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();

  await rejectWithdrawal(page, {
    member: bayo.name,
    amount: '₦5,000',
    reason: 'Please apply again after the audit',
  });
  // Bayo's request has left the pending ones and shows under its status, with the reason.
  await page.goto(`/admin/withdrawals?status=rejected&search=${bayo.lastName}`);
  await expect(
    page.getByText('Please apply again after the audit').locator('visible=true').first(),
  ).toBeVisible();
  await page.goto(`/admin/withdrawals?status=pending&search=${bayo.lastName}`);
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
  const tag = uniqueTag();
  const chidi = await seedMember(request, 'Chidi', { tag });
  const bayo = await seedMember(request, 'Bayo', { tag });
  const reason = `Late submission of the loan register (${tag})`;
  await signInAsOfficer(page, 'president', { landing: '/admin/fines' });
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
});
