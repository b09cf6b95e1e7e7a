import { expect, test } from '@playwright/test';
import { bell, expectAccessible, signIn } from './support';

test('mark one read, then all; the bell follows without a reload', async ({ page }) => {
  await signIn(page, 'ada@demo.coop');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  const unreadBefore = Number(
    /(\d+) unread/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1],
  );
  expect(unreadBefore).toBeGreaterThan(1);

  await bell(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(`${unreadBefore} unread`)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Mark read' }).first().click();
  await expect(main.getByText(`${unreadBefore - 1} unread`)).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${unreadBefore - 1} unread`);

  const markAll = page.getByRole('button', { name: 'Mark all as read' });
  await markAll.click();
  await expect(main.getByText('0 unread')).toBeVisible();
  await expect(markAll).toBeDisabled();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
  await expect(page.getByRole('button', { name: 'Mark read' })).toHaveCount(0);

  // The server kept it.
  await page.reload();
  await expect(main.getByText('0 unread')).toBeVisible();
  await expectAccessible(page);
});
