import { expect, test } from '@playwright/test';
import { allowLonger, DEMO_PASSWORD, expectAccessible, signIn } from './support';
import {
  issueFine,
  markFinePaid,
  rejectWithdrawal,
  verifyDepositNotice,
  waiveFine,
} from './admin-steps/money';

/**
 * The back office's money routines (issue 9 items 5, 7, 9) at 390 and 1280 px against the real
 * API and the demo cooperative: from the overview's queue, reject the withdrawal Bayo asks for
 * now (approving Ada's is a step of the month in back-office.spec.ts, beside this test); verify Bayo's deposit notice against its bank reference; issue
 * one fine to two members at once, waive one and record the other paid. Axe on every page and
 * dialog (inside the steps). Each viewport has its own server and database.
 */
test('withdrawals, deposit notices and fines in the back office', async ({ page, request }) => {
  allowLonger(4);

  // Bayo asks to withdraw savings now, so there is a second request to reject.
  const login = await request.post('/api/v1/auth/login', {
    data: { identifier: 'bayo@demo.coop', password: DEMO_PASSWORD },
  });
  const { data } = (await login.json()) as { data: { accessToken: string } };
  const asked = await request.post('/api/v1/users/withdrawals/savings', {
    headers: { authorization: `Bearer ${data.accessToken}` },
    data: { amount: 5_000, reason: 'Medical bills' },
  });
  expect(asked.status()).toBe(201);

  await signIn(page, 'admin@demo.coop');
  await expect(page).toHaveURL(/\/admin$/);
  const queue = page.getByRole('link', { name: /Withdrawals to decide/ });
  await expect(queue).toContainText(/[1-9]/);
  await expect(page.getByRole('link', { name: /Deposit notices to verify/ })).toContainText('1');
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

  await verifyDepositNotice(page, { member: 'Bayo Adeyemi', bankReference: 'UBA-1902-33017' });

  const reason = 'Late submission of the loan register';
  await issueFine(page, {
    members: [
      { search: 'Chidi', name: 'Chidi Eze' },
      { search: 'Bayo', name: 'Bayo Adeyemi' },
    ],
    reason,
    amount: '750',
  });
  await waiveFine(page, { member: 'Chidi Eze', reason, note: 'Apology received in writing' });
  await markFinePaid(page, { member: 'Bayo Adeyemi', reason, paidFrom: 'bank_transfer' });
  await page.goto(`/admin/fines?search=${encodeURIComponent(reason)}`);
  await expect(
    page.getByText('Waived: Apology received in writing').locator('visible=true').first(),
  ).toBeVisible();
  await expect(
    page.getByText('Paid', { exact: true }).locator('visible=true').first(),
  ).toBeVisible();
  await expectAccessible(page);
});
