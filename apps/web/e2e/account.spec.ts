import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { SEEDED_PASSWORD, seedMember } from './seed';
import { DEMO_PASSWORD, expectAccessible, signIn, signInThroughApi } from './support';

/**
 * The member's own account against the real API and the demo cooperative: change password, dark
 * mode surviving a reload (and following the device before the member chooses), the statement's
 * PDF and CSV (the PDF opens and its totals match the page), the data export. Every account page
 * in both themes is the all-pages pass (all-pages.spec.ts); axe runs here only on the dialogs and
 * states these tests reach. The member who changes her password and the one who chooses a theme
 * are the tests' own (each change is made once), so the tests pass again on a server where they
 * ran; Tunde (M0049) and Usman (M0048) only read. Members sign in through the API, except with
 * the new password, which is the test's subject.
 */

async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await signInThroughApi(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signed in onto `path` (not the dashboard first), its heading shown and its data loaded. */
async function signInOnto(
  page: Page,
  email: string,
  { path, heading, password = DEMO_PASSWORD }: { path: string; heading: string; password?: string },
) {
  await signInThroughApi(page, email, password, { landing: path });
  await pageLoaded(page, heading);
}

async function openPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await pageLoaded(page, heading);
}

async function pageLoaded(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // The page's own data has arrived (no spinner left).
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Closes every toast, so axe looks at the page and not at a toast on its way out. */
async function dismissToasts(page: Page) {
  const toasts = page.locator('[data-sonner-toast]');
  for (const close of await page.getByRole('button', { name: 'Close toast' }).all()) {
    await close.click().catch(() => {});
  }
  await expect(toasts).toHaveCount(0);
}

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

test('changes the password from the profile; other devices are signed out', async ({
  page,
  browser,
  request,
}) => {
  const kayode = await seedMember(request, 'Kayode');
  const newPassword = 'Okra-Harvest!2031';
  // A second device, signed in before the change.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const profile = { path: '/profile', heading: 'Profile', password: SEEDED_PASSWORD };
  await signInOnto(otherPage, kayode.email, profile);

  await signInOnto(page, kayode.email, profile);
  await expect(page.getByRole('heading', { name: kayode.name })).toBeVisible();
  await expect(page.getByText(`Member #${kayode.membershipId}`)).toBeVisible();
  await expect(
    page.getByText(
      'To change your name, e-mail address or membership ID, please contact the administrator.',
    ),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('Current password is required')).toBeVisible();
  await dialog.getByLabel('Current password').fill(SEEDED_PASSWORD);
  await dialog.getByLabel('New password', { exact: true }).fill('Short1!');
  await expect(dialog.getByText('New password must be at least 8 characters')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('Confirm new password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been updated.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // This device goes on; the other one is signed out at its next request.
  await page.reload();
  await expect(page.getByRole('heading', { name: kayode.name })).toBeVisible();
  await otherPage.goto('/profile');
  await expect(otherPage).toHaveURL(/\/auth\/login/);
  await other.close();

  // The new password signs in, through the form.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/auth/login');
  await signIn(page, kayode.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('dark mode switches at once, survives a reload, and follows the member to another device', async ({
  page,
  request,
}) => {
  const morenike = await seedMember(request, 'Morenike');
  await signInOnto(page, morenike.email, {
    path: '/settings',
    heading: 'Settings',
    password: SEEDED_PASSWORD,
  });
  const darkMode = page.getByRole('switch', { name: 'Dark mode' });
  await expect(darkMode).toHaveAttribute('aria-checked', 'false');
  // Text messages are sent (security ones always); push notifications are not built yet.
  await expect(page.getByRole('switch', { name: 'SMS notifications' })).toBeEnabled();
  await expect(page.getByRole('switch', { name: 'Push notifications' })).toBeDisabled();
  await expect(page.getByText('Not available yet')).toHaveCount(1);
  await darkMode.click();
  await expect.poll(() => isDark(page)).toBe(true);
  await expect(darkMode).toHaveAttribute('aria-checked', 'true');

  // Reloaded, the first paint is already dark: the class is there before any app code runs.
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState !== 'loading');
  expect(await isDark(page)).toBe(true);
  await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // The e-mail switch saves at once like dark mode, and 'Manage' on the way.
  await openPage(page, '/settings', 'Settings');
  await dismissToasts(page);
  await page.getByRole('switch', { name: 'Email notifications' }).click();
  await expect(page.getByText('Your settings have been updated.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Email notifications' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Manage' }).click();
  const privacy = page.getByRole('dialog', { name: 'Privacy' });
  await expect(privacy.getByRole('switch', { name: 'Findable by phone number' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expectAccessible(page);
  await privacy.getByRole('button', { name: 'Cancel' }).click();

  // Signing in on another device brings the saved theme.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/auth/login');
  expect(await isDark(page)).toBe(false);
  await signInAs(page, morenike.email, SEEDED_PASSWORD);
  await expect.poll(() => isDark(page)).toBe(true);
});

test('before the member chooses, the theme follows the device', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/auth/login');
  expect(await isDark(page)).toBe(true);
  await expectAccessible(page);
  await signInOnto(page, 'usman.shehu@demo.coop', { path: '/settings', heading: 'Settings' });
  await expect(
    page.getByText('Follows your device until you choose.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  expect(await isDark(page)).toBe(true);
  await context.close();
});

/** The text of a PDF, read by poppler's pdftotext (installed by .ci/run). */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const naira = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

test('downloads the statement as a PDF whose totals match the page, and as CSV', async ({
  page,
}) => {
  await signInOnto(page, 'tunde.ajayi@demo.coop', {
    path: '/reports/statement',
    heading: 'Statement of Account',
  });
  await page.getByRole('textbox', { name: 'From' }).fill('2020-01-01');
  await page.getByRole('button', { name: 'Show statement' }).click();
  await expect(page.getByRole('heading', { name: /^Jan 01, 2020 to / })).toBeVisible();
  await expectAccessible(page);

  // What the page says the savings closed at.
  const savingsCard = page.locator('div.rounded-xl', {
    has: page.getByRole('heading', { name: 'Savings', exact: true }),
  });
  const closingText = await savingsCard.locator('dd').last().innerText();
  const closing = naira(closingText);
  expect(closing).toBeGreaterThan(0);

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^statement-M0049-2020-01-01-to-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdfPath = await pdf.path();
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdfPath);
  expect(text).toContain('Statement of Account');
  expect(text).toContain('Tunde Ajayi');
  expect(text).toContain('M0049');
  const savingsLine = text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('Savings ') && line.includes('₦'));
  const figures = savingsLine?.split(/\s{2,}/) ?? [];
  // Account, opening, money in, money out, closing: the closing matches the page, and reconciles.
  expect(naira(figures[4] ?? '')).toBe(closing);
  expect(naira(figures[1] ?? '') + naira(figures[2] ?? '') - naira(figures[3] ?? '')).toBe(closing);

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = readFileSync(await (await csvDownload).path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('Date,Account,Type,Description,Amount,Balance');
  const savingsClosing = csv.find((line) => line.includes(',Savings,Closing balance,'));
  expect(Number(savingsClosing?.split(',').at(-1))).toBe(closing);

  await openPage(page, '/transactions', 'Transaction History');
  await expect(page.getByText(/^Showing 1 to 10 of \d+ results$/)).toBeVisible();
});

test('exports everything about the member and nothing about anyone else', async ({ page }) => {
  await signInOnto(page, 'tunde.ajayi@demo.coop', {
    path: '/profile/export',
    heading: 'Export Data',
  });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^coop-data-M0049-\d{4}-\d{2}-\d{2}\.json$/);
  const text = readFileSync(await file.path(), 'utf8');
  const data = JSON.parse(text) as {
    profile: { email: string; membershipId: string };
    contributions: unknown[];
    transactions: unknown[];
  };
  expect(data.profile).toMatchObject({ email: 'tunde.ajayi@demo.coop', membershipId: 'M0049' });
  expect(data.contributions.length).toBeGreaterThan(0);
  expect(data.transactions.length).toBeGreaterThan(0);
  for (const other of ['ada@demo.coop', 'M0001', 'kayode.ogundipe@demo.coop']) {
    expect(text).not.toContain(other);
  }

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = readFileSync(await (await csvDownload).path(), 'utf8');
  expect(csv.startsWith('section,record,field,value\r\n')).toBe(true);
  expect(csv).toContain('profile,1,email,tunde.ajayi@demo.coop');
});

test('the top bar finds transactions by amount and opens the history on the same search', async ({
  page,
}) => {
  await signInAs(page, 'tunde.ajayi@demo.coop');
  // The dashboard has settled (the shell is not re-rendered under the typing).
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, / })).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search the portal' });
  await box.fill('₦30,000');
  await expect(box).toHaveValue('₦30,000');
  await box.press('Enter');

  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results' })).toBeVisible();
  await expect(box).toHaveValue('₦30,000');
  await expect(page.getByText('No loans match “₦30,000”')).toBeVisible();
  const transactions = page.getByRole('region', { name: 'Transactions' });
  const viewAll = transactions.getByRole('link', { name: /^View all \d+ in Transaction History$/ });
  await expect(viewAll).toBeVisible();
  // Each match is a ₦30,000 savings contribution (cards below 768 px, a table above).
  const amounts = transactions.getByText(/^\+₦[\d,]+$/).filter({ visible: true });
  await expect(amounts.first()).toBeVisible();
  expect(new Set(await amounts.allTextContents())).toEqual(new Set(['+₦30,000']));

  const total = Number((await viewAll.textContent())?.match(/\d+/)?.[0]);
  await viewAll.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeVisible();
  await expect(
    page.getByText(`Showing 1 to ${Math.min(total, 10)} of ${total} results`),
  ).toBeVisible();
});
