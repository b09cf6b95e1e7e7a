import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  allowLonger,
  COLOUR_RULES,
  expectAccessible,
  officerToken,
  signInAsOfficer,
  signInThroughApi,
} from './support';

/**
 * The all-pages pass, at 390 px only (playwright.config.ts): every page of the member area and of
 * the back office, and every kind of record the demo cooperative holds (a loan in each status,
 * members active, suspended and not activated), each opened once and checked in the light and then
 * the dark theme, with axe on each. A page passes when its heading shows, nothing is left loading,
 * no API call answered 5xx and axe finds nothing serious. Only reads: it runs beside anything.
 *
 * The theme is switched on the open page (the device's preference, which the portal follows while
 * the member has not chosen; `followDeviceTheme` in src/lib/theme.ts) rather than by a second
 * pass: each page is loaded and rendered once, and a test's sign-in lands on its first page. Axe
 * runs every rule in the light theme and, in the dark, only the rules that read colours
 * (`COLOUR_RULES` in support.ts): the dark theme changes the values of the colour variables and
 * nothing else, so the page's DOM is the same and every other rule would find again what it
 * found in the light.
 */

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/**
 * Every member page, as Ada sees it (a loan reviewer with a repaid and an overdue loan), in
 * groups of three or four: each page is checked with axe twice, and a short test stays far from
 * its timeout on a loaded machine and keeps both workers busy to the end.
 */
const MEMBER_PAGES = {
  money: ['/dashboard', '/contributions', '/contributions/new', '/deductions'],
  // My Loans (`/loans`) is Ada's below, with every one of her loans opened.
  loans: ['/loans?tab=guarantor-requests', '/loans?tab=loan-review', '/loans?tab=calculator'],
  requests: ['/loans/new', '/withdrawals', '/withdrawals/new'],
  lists: ['/dividends', '/fines', '/notifications', '/search?q=school'],
  account: ['/profile', '/settings', '/settings/two-factor', '/settings/login-history'],
  records: ['/transactions', '/reports/statement', '/profile/export'],
};

/** The demo's borrowers, each with loans of the statuses named (docs/demo-cooperative.md). */
const BORROWERS = [
  { email: 'ada@demo.coop', statuses: 'repaid and overdue' },
  { email: 'bayo@demo.coop', statuses: 'rejected, and pending with a declined guarantor' },
  { email: 'chidi@demo.coop', statuses: 'under review' },
  { email: 'nneka.nwachukwu@demo.coop', statuses: 'approved' },
  { email: 'babatunde.ojo@demo.coop', statuses: 'defaulted' },
];

const BACK_OFFICE_PAGES = {
  members: [
    '/admin',
    '/admin/members',
    '/admin/members/import',
    '/admin/payroll',
    '/admin/payroll/schedule',
    '/admin/payroll/change-requests',
  ],
  'disputes, audit and reconciliation': [
    '/admin/disputes',
    '/admin/audit',
    '/admin/reconciliation',
    '/admin/statements/verify',
    '/admin/text-messages',
  ],
  'loans, withdrawals and deposits': [
    '/admin/loans',
    '/admin/withdrawals',
    '/admin/deposit-notices',
  ],
  'fines, dividends, policy and approvals': [
    '/admin/fines',
    '/admin/dividends',
    '/admin/policy',
    '/admin/approvals',
  ],
};

/** Collects the API calls that answered 5xx: a page whose data the server cannot give fails. */
function watchServerErrors(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 500) {
      failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  return failures;
}

async function expectRendered(page: Page, theme: Theme, failures: string[]) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toHaveCount(
    0,
  );
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectTheme(page, theme);
  expect(failures, `server errors on ${page.url()}`).toEqual([]);
  await expectAccessible(page, axeIn(theme));
}

/** The page has followed the device's theme (the `dark` class on <html>, src/lib/theme.ts). */
async function expectTheme(page: Page, theme: Theme) {
  const html = page.locator('html');
  await (theme === 'dark' ? expect(html) : expect(html).not).toHaveClass(/(^|\s)dark(\s|$)/);
}

/** Every rule in the light theme, which each page is checked in first; the colours in the dark. */
function axeIn(theme: Theme) {
  return theme === 'light' ? {} : { only: COLOUR_RULES };
}

/** The open page in the light theme, then in the dark: rendered, no 5xx, axe in each. */
async function expectRenderedInBothThemes(page: Page, failures: string[]) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expectRendered(page, theme, failures);
  }
}

async function visit(page: Page, path: string, failures: string[]) {
  await test.step(path, async () => {
    // Each page starts light: the first paint follows the device too.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(path);
    await expectRenderedInBothThemes(page, failures);
  });
}

/**
 * Signs in with `signIn(landing)`, landing on the first of `paths` (the device's theme is light
 * in a new page), then checks each path in both themes: a sign-in never loads a page that is not
 * checked, and no page is loaded twice.
 */
async function visitAll(
  page: Page,
  paths: readonly string[],
  failures: string[],
  signIn: (landing: string) => Promise<unknown>,
) {
  const [first, ...rest] = paths;
  if (!first) throw new Error('no page to visit');
  await test.step(first, async () => {
    await signIn(first);
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === first);
    await expectRenderedInBothThemes(page, failures);
  });
  for (const path of rest) await visit(page, path, failures);
}

// axe twice on each of up to four pages (or a borrower's loans) at 390 px, beside other suites.
test.beforeEach(() => allowLonger(2));

for (const [group, paths] of Object.entries(MEMBER_PAGES)) {
  test(`member pages, ${group}: axe in the light and the dark theme @all-pages`, async ({
    page,
  }) => {
    const failures = watchServerErrors(page);
    await visitAll(page, paths, failures, (landing) =>
      signInThroughApi(page, 'ada@demo.coop', undefined, { landing }),
    );
  });
}

for (const { email, statuses } of BORROWERS) {
  test(`My Loans of ${email} (${statuses}): every loan's details in the light and the dark theme @all-pages`, async ({
    page,
  }) => {
    const failures = watchServerErrors(page);
    await visitAll(page, ['/loans'], failures, (landing) =>
      signInThroughApi(page, email, undefined, { landing }),
    );
    await page.emulateMedia({ colorScheme: 'light' });
    const rows = page.locator('[data-loan]');
    await expect(rows.first()).toBeVisible();
    const loanIds = await rows.evaluateAll((all) =>
      all.map((row) => row.getAttribute('data-loan') ?? ''),
    );
    for (const loanId of new Set(loanIds)) {
      await test.step(loanId, async () => {
        const row = page.locator(`[data-loan="${loanId}"]`).filter({ visible: true });
        await row.getByRole('button', { name: /^View Details/ }).click();
        await expect(page.getByRole('region', { name: `Details of ${loanId}` })).toBeVisible();
        await expectRenderedInBothThemes(page, failures);
        await page.emulateMedia({ colorScheme: 'light' });
      });
    }
    if (email === 'bayo@demo.coop') {
      // The declined guarantor's place, offered for reassignment in a dialog over the page.
      await page.goto('/guarantees/invite');
      await expect(page.getByRole('dialog', { name: 'Reassign Guarantor' })).toBeVisible();
      expect(failures, 'server errors on /guarantees/invite').toEqual([]);
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        await expectTheme(page, theme);
        await expectAccessible(page, axeIn(theme));
      }
    }
  });
}

for (const [group, paths] of Object.entries(BACK_OFFICE_PAGES)) {
  test(`back-office pages, ${group}: axe in the light and the dark theme @all-pages`, async ({
    page,
  }) => {
    const failures = watchServerErrors(page);
    // A treasurer only reads here; the journeys act as a president.
    await visitAll(page, paths, failures, (landing) =>
      signInAsOfficer(page, 'treasurer', { landing }),
    );
  });
}

/** The back office's API as a treasurer: the rows of a list. */
async function asTreasurer(request: APIRequestContext) {
  const headers = {
    authorization: `Bearer ${await officerToken(request, 'treasurer')}`,
  };
  return async <Row>(url: string) => {
    const response = await request.get(url, { headers });
    expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
    return ((await response.json()) as { data: Row[] }).data;
  };
}

test('back office: a member of each status in the light and the dark theme @all-pages', async ({
  page,
  request,
}) => {
  const failures = watchServerErrors(page);
  const list = await asTreasurer(request);
  const paths: string[] = [];
  // Active, suspended (Ngozi), not activated (Emeka).
  for (const status of ['active', 'suspended', 'not_activated']) {
    const [member] = await list<{ id: string }>(`/api/v1/admin/users?status=${status}&limit=1`);
    expect(member, `a ${status} member in the demo`).toBeTruthy();
    paths.push(`/admin/members/${member!.id}`);
  }
  await visitAll(page, paths, failures, (landing) =>
    signInAsOfficer(page, 'treasurer', { landing }),
  );
});

/**
 * The demo's loans in two halves, before and after the money moves, each its own test: every
 * loan checked twice with axe is too long for one test on a loaded machine. The second half takes
 * every other status too, so each loan of the demo is opened.
 */
const BEFORE_DISBURSEMENT = ['pending', 'under_review', 'approved', 'rejected'];
const LOAN_HALVES = [
  {
    name: 'pending, under review, approved or rejected',
    statuses: BEFORE_DISBURSEMENT,
    holds: (status: string) => BEFORE_DISBURSEMENT.includes(status),
  },
  {
    name: 'disbursed, repaid, defaulted or later',
    statuses: ['disbursed', 'repaid', 'defaulted'],
    holds: (status: string) => !BEFORE_DISBURSEMENT.includes(status),
  },
];

for (const { name, statuses, holds } of LOAN_HALVES) {
  test(`back office: every loan of the demo ${name}, in the light and the dark theme @all-pages`, async ({
    page,
    request,
  }) => {
    const failures = watchServerErrors(page);
    const list = await asTreasurer(request);
    const all = await list<{ id: string; status: string }>('/api/v1/admin/loans?limit=100');
    const loans = all.filter((loan) => holds(loan.status));
    for (const status of statuses) {
      expect(
        loans.some((loan) => loan.status === status),
        `a ${status} loan in the demo`,
      ).toBe(true);
    }
    const paths = loans.map((loan) => `/admin/loans/${loan.id}`);
    await visitAll(page, paths, failures, (landing) =>
      signInAsOfficer(page, 'treasurer', { landing }),
    );
  });
}
