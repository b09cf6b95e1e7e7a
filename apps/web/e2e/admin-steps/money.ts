import { expect, type Page } from '@playwright/test';
import path from 'node:path';
import { expectAccessible } from '../support';

/**
 * Back-office money routines as reusable steps
 * (docs/decisions/043-admin-money-and-late-repayment-fines.md): each opens its page with the filter
 * that finds the record, runs axe on the dialog (the lists are the all-pages pass's), does what an
 * administrator does, and sees the toast that says so. The toast is left to leave on its own:
 * every caller opens another page next or ends (a new document has no toast), and waiting for it
 * (4 s) proved nothing. A caller that runs axe on the same page next waits for it
 * (`toastsGone`). `member` is the name the lists show ('Ada Obi'), `amount` as the lists format
 * it ('₦25,000').
 */

/** With MONEY_SHOTS_DIR set, each page and dialog is saved there (to look at the layout). */
async function shot(page: Page, name: string) {
  const dir = process.env.MONEY_SHOTS_DIR;
  if (!dir) return;
  const width = page.viewportSize()?.width ?? 0;
  const file = `${width}-${name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}.png`;
  await page.screenshot({ path: path.join(dir, file), fullPage: true });
}

async function openList(page: Page, url: string, heading: string) {
  await page.goto(url);
  await listShown(page, heading);
}

/** The list page titled `heading` is open and loaded. */
async function listShown(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // The list has loaded (a row or the empty message).
  await expect(page.getByText(/Loading /)).toHaveCount(0);
  await shot(page, heading);
}

/** The open dialog, with axe unless a later state of it is checked instead. */
async function inDialog(page: Page, title: string, { axe = true }: { axe?: boolean } = {}) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  if (axe) await expectAccessible(page);
  await shot(page, title);
  return dialog;
}

export async function approveWithdrawal(page: Page, w: { member: string; amount: string }) {
  await openList(page, '/admin/withdrawals?status=pending', 'Withdrawals');
  await page.getByRole('button', { name: `Approve ${w.member}’s ${w.amount} withdrawal` }).click();
  const dialog = await inDialog(page, 'Approve withdrawal');
  await expect(dialog.getByText(w.amount).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve withdrawal' }).click();
  await expect(
    page.getByText('Withdrawal approved and paid out. The member was notified.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
}

export async function rejectWithdrawal(
  page: Page,
  w: { member: string; amount: string; reason: string },
) {
  await openList(page, '/admin/withdrawals?status=pending', 'Withdrawals');
  await page.getByRole('button', { name: `Reject ${w.member}’s ${w.amount} withdrawal` }).click();
  const dialog = await inDialog(page, 'Reject withdrawal', { axe: false });
  // The reason is required: the minimum is said under the field and the button stays disabled
  // until it is met (docs/decisions/124-dialog-kit.md).
  await expect(dialog.getByRole('button', { name: 'Reject withdrawal' })).toBeDisabled();
  await expect(dialog.getByText('0/500 characters, at least 3; the member sees it.')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Reason for rejecting').fill(w.reason);
  await dialog.getByRole('button', { name: 'Reject withdrawal' }).click();
  await expect(page.getByText('Withdrawal rejected. The member was notified.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

export async function verifyDepositNotice(
  page: Page,
  d: { member: string; bankReference: string },
) {
  await openList(
    page,
    `/admin/deposit-notices?status=pending&search=${encodeURIComponent(d.bankReference)}`,
    'Deposit notices',
  );
  await page
    .getByRole('button', { name: `Verify ${d.member}’s deposit ${d.bankReference}` })
    .click();
  const dialog = await inDialog(page, 'Verify deposit');
  await expect(dialog.getByText(d.bankReference)).toBeVisible();
  await dialog.getByRole('button', { name: 'Verify and post' }).click();
  await expect(
    page.getByText('Deposit verified and posted as a contribution. The member was notified.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
}

/**
 * Issues one fine to each of `members` (names as the member search shows them), from the fines
 * list, where the officer is (signed in onto it: `signInAsOfficer`'s `landing`).
 */
export async function issueFine(
  page: Page,
  f: { members: Array<{ search: string; name: string }>; reason: string; amount: string },
) {
  await expect(page).toHaveURL(/\/admin\/fines$/);
  await listShown(page, 'Fines');
  await page.getByRole('button', { name: 'Issue fine' }).click();
  const dialog = await inDialog(page, 'Issue fine', { axe: false });
  for (const member of f.members) {
    await dialog.getByLabel('Members to fine').fill(member.search);
    await dialog.getByRole('button', { name: `Add ${member.name}` }).click();
    await expect(
      dialog.getByRole('list', { name: 'Chosen members' }).getByText(member.name),
    ).toBeVisible();
  }
  await expectAccessible(page);
  await shot(page, 'issue-fine-members');
  await dialog.getByLabel('Reason').fill(f.reason);
  await dialog.getByLabel('Amount (₦)').fill(f.amount);
  const count = f.members.length;
  await dialog
    .getByRole('button', { name: count > 1 ? `Issue ${count} fines` : 'Issue fine' })
    .click();
  await expect(
    page.getByText(
      count > 1
        ? `${count} fines issued. The members were notified.`
        : 'Fine issued. The member was notified.',
    ),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
}

export async function waiveFine(page: Page, f: { member: string; reason: string; note: string }) {
  await openList(
    page,
    `/admin/fines?status=pending&search=${encodeURIComponent(f.reason)}`,
    'Fines',
  );
  await page.getByRole('button', { name: `Waive ${f.member}’s fine: ${f.reason}` }).click();
  const dialog = await inDialog(page, 'Waive fine');
  await dialog.getByLabel('Reason for waiving').fill(f.note);
  await dialog.getByRole('button', { name: 'Waive fine' }).click();
  await expect(page.getByText('Fine waived. The member was notified.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

export async function markFinePaid(
  page: Page,
  f: { member: string; reason: string; paidFrom: 'savings' | 'bank_transfer' },
) {
  await openList(
    page,
    `/admin/fines?status=pending&search=${encodeURIComponent(f.reason)}`,
    'Fines',
  );
  await page.getByRole('button', { name: `Mark paid ${f.member}’s fine: ${f.reason}` }).click();
  const dialog = await inDialog(page, 'Mark fine paid');
  await dialog
    .getByLabel(
      f.paidFrom === 'savings'
        ? 'From the member’s savings'
        : 'By bank transfer to the cooperative',
    )
    .check();
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText('Fine recorded as paid. The member was notified.')).toBeVisible();
  await expect(dialog).toBeHidden();
}
