import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { allowLonger, expectAccessible, officerToken, signIn, signInAsOfficer } from './support';

/**
 * The all-pages pass, at 390 px only (playwright.config.ts): every page of the member area and of
 * the back office, and every kind of record the demo cooperative holds (a loan in each status,
 * members active, suspended and not activated), opened in the light and the dark theme, with axe
 * on each. A page passes when its heading shows, nothing is left loading, no API call answered
 * 5xx and axe finds nothing serious. Only reads: it runs beside anything.
 */

type Theme = 'light' | 'dark';

/**
 * Every member page, as Ada sees it (a loan reviewer with a repaid and an overdue loan), in
 * groups small enough for one test each.
 */
const MEMBER_PAGES = {
  'money and loans': [
    '/dashboard',
    '/contributions',
    '/contributions/new',
    '/loans',
    '/loans?tab=guarantor-requests',
    '/loans?tab=loan-review',
    '/loans?tab=calculator',
  ],
  'requests and lists': [
    '/loans/new',
    '/withdrawals',
    '/withdrawals/new',
    '/dividends',
    '/fines',
    '/notifications',
    '/search?q=school',
  ],
  account: [
    '/profile',
    '/settings',
    '/settings/two-factor',
    '/settings/login-history',
    '/transactions',
    '/reports/statement',
    '/profile/export',
  ],
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
  'members and contributions': [
    '/admin',
    '/admin/members',
    '/admin/members/import',
    '/admin/payroll',
    '/admin/disputes',
    '/admin/audit',
    '/admin/reconciliation',
  ],
  money: [
    '/admin/loans',
    '/admin/withdrawals',
    '/admin/deposit-notices',
    '/admin/fines',
    '/admin/dividends',
    '/admin/policy',
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
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
    theme === 'dark',
  );
  expect(failures, `server errors on ${page.url()}`).toEqual([]);
  await expectAccessible(page);
}

async function visit(page: Page, path: string, theme: Theme, failures: string[]) {
  await test.step(path, async () => {
    await page.goto(path);
    await expectRendered(page, theme, failures);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    // The device asks for the theme; the demo's members have not chosen one, so the portal follows.
    test.use({ colorScheme: theme });
    // axe on each of up to eight pages at 390 px, beside other suites on two cores.
    test.beforeEach(() => allowLonger(2));

    for (const [group, paths] of Object.entries(MEMBER_PAGES)) {
      test(`member pages, ${group}: axe in the ${theme} theme @all-pages`, async ({ page }) => {
        const failures = watchServerErrors(page);
        await signIn(page, 'ada@demo.coop');
        await expect(page).toHaveURL(/\/dashboard$/);
        for (const path of paths) await visit(page, path, theme, failures);
      });
    }

    for (const { email, statuses } of BORROWERS) {
      test(`My Loans of ${email} (${statuses}): every loan's details in the ${theme} theme @all-pages`, async ({
        page,
      }) => {
        const failures = watchServerErrors(page);
        await signIn(page, email);
        await expect(page).toHaveURL(/\/dashboard$/);
        await visit(page, '/loans', theme, failures);
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
            await expectRendered(page, theme, failures);
          });
        }
        if (email === 'bayo@demo.coop') {
          // The declined guarantor's place, offered for reassignment in a dialog over the page.
          await page.goto('/guarantees/invite');
          await expect(page.getByRole('dialog', { name: 'Reassign Guarantor' })).toBeVisible();
          expect(failures, 'server errors on /guarantees/invite').toEqual([]);
          await expectAccessible(page);
        }
      });
    }

    for (const [group, paths] of Object.entries(BACK_OFFICE_PAGES)) {
      test(`back-office pages, ${group}: axe in the ${theme} theme @all-pages`, async ({
        page,
      }) => {
        const failures = watchServerErrors(page);
        // The treasurer only reads here; the journeys act as admin@demo.coop.
        await signInAsOfficer(page, 'treasurer@demo.coop');
        await expect(page).toHaveURL(/\/admin$/);
        for (const path of paths) await visit(page, path, theme, failures);
      });
    }

    /** The treasurer signed in, and the back office's API as the treasurer. */
    async function asTreasurer(page: Page, request: APIRequestContext) {
      const headers = {
        authorization: `Bearer ${await officerToken(request, 'treasurer@demo.coop')}`,
      };
      await signInAsOfficer(page, 'treasurer@demo.coop');
      await expect(page).toHaveURL(/\/admin$/);
      return async <Row>(url: string) => {
        const response = await request.get(url, { headers });
        expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
        return ((await response.json()) as { data: Row[] }).data;
      };
    }

    test(`back office: a member of each status in the ${theme} theme @all-pages`, async ({
      page,
      request,
    }) => {
      const failures = watchServerErrors(page);
      const list = await asTreasurer(page, request);
      // Active, suspended (Ngozi), not activated (Emeka).
      for (const status of ['active', 'suspended', 'not_activated']) {
        const [member] = await list<{ id: string }>(`/api/v1/admin/users?status=${status}&limit=1`);
        expect(member, `a ${status} member in the demo`).toBeTruthy();
        await visit(page, `/admin/members/${member!.id}`, theme, failures);
      }
    });

    test(`back office: every loan of the demo, one or more in each status, in the ${theme} theme @all-pages`, async ({
      page,
      request,
    }) => {
      const failures = watchServerErrors(page);
      const list = await asTreasurer(page, request);
      const loans = await list<{ id: string; status: string }>('/api/v1/admin/loans?limit=100');
      expect(new Set(loans.map((loan) => loan.status)).size).toBeGreaterThanOrEqual(7);
      for (const loan of loans) await visit(page, `/admin/loans/${loan.id}`, theme, failures);
    });
  });
}
