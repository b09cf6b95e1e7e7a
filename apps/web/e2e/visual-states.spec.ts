import { expect, test, type Locator, type Page } from '@playwright/test';
import { allowLonger, COLOUR_RULES, expectAccessible, signInThroughApi } from './support';

/**
 * What a keyboard user and a dark-theme user see, measured on the painted page: the focus ring
 * keeps 3:1 against what is behind it (WCAG 1.4.11), a disabled control is not painted like an
 * enabled one, the member's money pages fit the screen in either theme and pass axe at 1280 px
 * with their details open (at 390 px, axe is the all-pages pass's). Ada is only looked at.
 */

test.beforeEach(() => allowLonger(2));

/** Any CSS colour (oklch included) as sRGB 0–255, read back from a canvas as Chromium paints it. */
async function rgbOf(page: Page, color: string): Promise<[number, number, number]> {
  return page.evaluate((css) => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = css;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  }, color);
}

function contrast(a: [number, number, number], b: [number, number, number]) {
  const luminance = (rgb: [number, number, number]) => {
    const [r, g, b] = rgb.map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const pageBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function setTheme(page: Page, dark: boolean) {
  await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
}

/** Focuses `target` from the keyboard (Shift+Tab, Tab), so :focus-visible applies. */
async function keyboardFocus(page: Page, target: Locator) {
  await target.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  // The focus styles fade in (a colour transition): read them once they have arrived.
  await page.evaluate(() =>
    Promise.all(
      document.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

test('the focus ring is solid, 2 px and keeps 3:1 on the page in both themes', async ({ page }) => {
  await signInThroughApi(page, 'ada@demo.coop');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/withdrawals');
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  const button = page.getByRole('button', { name: /^Cancel/ }).first();
  const search = page
    .getByRole('banner')
    .getByRole('searchbox')
    .or(page.getByRole('banner').getByRole('textbox'));

  for (const dark of [false, true]) {
    await setTheme(page, dark);
    const background = await rgbOf(page, await pageBackground(page));

    if (await button.isVisible()) {
      await keyboardFocus(page, button);
      const ring = await button.evaluate((element) => {
        const style = getComputedStyle(element);
        return { color: style.outlineColor, width: style.outlineWidth, style: style.outlineStyle };
      });
      expect(ring.style).toBe('solid');
      expect(parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
      expect(contrast(await rgbOf(page, ring.color), background)).toBeGreaterThanOrEqual(3);
    }

    if (await search.first().isVisible()) {
      await keyboardFocus(page, search.first());
      const border = await search
        .first()
        .evaluate((element) => getComputedStyle(element).borderTopColor);
      expect(contrast(await rgbOf(page, border), background)).toBeGreaterThanOrEqual(3);
    }
  }
});

// Axe on these pages at 390 px in both themes is the all-pages pass's (all-pages.spec.ts).
test('the money pages fit the screen in both themes @mobile', async ({ page }) => {
  await signInThroughApi(page, 'ada@demo.coop');
  await expect(page).toHaveURL(/\/dashboard$/);
  const pages = [
    { path: '/contributions', heading: 'Contributions' },
    { path: '/withdrawals', heading: 'Withdrawals' },
    { path: '/transactions', heading: 'Transaction History' },
    { path: '/loans?tab=guarantor-requests', heading: 'Loans' },
    { path: '/loans?tab=loan-review', heading: 'Loans' },
  ];
  for (const { path, heading } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    for (const dark of [false, true]) {
      await setTheme(page, dark);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBe(0);
    }
  }
});

test('Recent Activity shows every row’s whole description and its date on a phone @mobile', async ({
  page,
}) => {
  await signInThroughApi(page, 'ada@demo.coop');
  await expect(page).toHaveURL(/\/dashboard$/);
  const rows = page
    .getByRole('heading', { name: 'Recent Activity' })
    .locator('xpath=ancestor::*[contains(@class, "rounded-xl")][1]')
    .getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  // Neither the description ('Contribution for March 2026' against 'for May 2026') nor the date
  // is cut: every line of text shows in full.
  const clipped = await rows.evaluateAll((items) =>
    items.flatMap((item) =>
      [...item.querySelectorAll('p')]
        .filter((p) => p.scrollWidth > p.clientWidth || p.scrollHeight > p.clientHeight + 1)
        .map((p) => p.textContent),
    ),
  );
  expect(clipped).toEqual([]);
});

test('the money pages pass axe at 1280 px in both themes, with their details open', async ({
  page,
}) => {
  allowLonger(2);
  await signInThroughApi(page, 'ada@demo.coop');
  await expect(page).toHaveURL(/\/dashboard$/);
  const pages = [
    { path: '/contributions', heading: 'Contributions' },
    { path: '/withdrawals', heading: 'Withdrawals' },
    { path: '/loans?tab=guarantor-requests', heading: 'Loans' },
    { path: '/loans?tab=loan-review', heading: 'Loans', open: 'Details' },
  ];
  for (const { path, heading, open } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    if (open) await page.getByRole('button', { name: open }).first().click();
    // Every rule in the light theme; in the dark only the colour rules, since the theme changes
    // the colour variables and nothing else of the page (`COLOUR_RULES` in support.ts).
    for (const dark of [false, true]) {
      await setTheme(page, dark);
      await expectAccessible(page, dark ? { only: COLOUR_RULES } : {});
    }
  }
});

test('the top-bar search shows its whole placeholder, and the loans tabs stay on one row @mobile', async ({
  page,
}) => {
  await signInThroughApi(page, 'ada@demo.coop');
  await expect(page).toHaveURL(/\/dashboard$/);
  const search = page.getByRole('banner').getByRole('searchbox');
  const room = await search.evaluate((element) => {
    const input = element as HTMLInputElement;
    const style = getComputedStyle(input, '::placeholder');
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const field = getComputedStyle(input);
    const inner =
      input.clientWidth - parseFloat(field.paddingLeft) - parseFloat(field.paddingRight);
    return { text: context.measureText(input.placeholder).width, inner };
  });
  expect(room.text).toBeLessThanOrEqual(room.inner);

  await page.goto('/loans');
  const tabs = page.getByRole('tablist', { name: 'Loans' }).getByRole('tab');
  await expect(tabs).toHaveCount(4);
  const tops = await tabs.evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
});

test('the loan wizard never scrolls sideways inside its dialog, at any step @mobile', async ({
  page,
}) => {
  // M0045 may borrow; the wizard is only walked through, never submitted.
  await signInThroughApi(page, 'M0045');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/loans/new');
  const wizard = page.getByRole('dialog', { name: 'Request New Loan' });
  const sideways = () => wizard.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth);

  await wizard.getByLabel('Loan Amount', { exact: true }).fill('100000');
  await wizard.getByLabel('Purpose').fill('Stock for the shop front');
  expect(await sideways()).toBe(0);
  await wizard.getByRole('button', { name: 'Next' }).click();

  const candidates = wizard.getByRole('list', { name: 'Available guarantors' }).getByRole('button');
  await candidates.first().click();
  await candidates.first().click();
  await expect(wizard.getByText('Selected guarantors 2/4')).toBeVisible();
  expect(await sideways()).toBe(0);
  await wizard.getByRole('button', { name: 'Next' }).click();

  await expect(wizard.getByText('Step 3 of 3: Review & Submit')).toBeVisible();
  expect(await sideways()).toBe(0);
});
