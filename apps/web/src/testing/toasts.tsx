import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { AppToaster } from '../components/ui/toaster';

/**
 * `ui` with the app's toaster beside it, as the signed-in layout mounts it: a page or dialog test
 * rendered without the layout sees the toasts its forms show.
 */
export function withToaster(ui: ReactElement) {
  return (
    <>
      {ui}
      <AppToaster />
    </>
  );
}

/**
 * Waits for a toast reading `description` under `title`, or `title` alone (toasts of earlier
 * tests may linger). Found in the toaster's region, not by its visibility: a toast is in the
 * page a moment before the toast library marks it mounted and fades it in.
 */
export async function findToast(
  title: string,
  description?: string,
  { timeout }: { timeout?: number } = {},
) {
  const toasts = within(await screen.findByRole('region', { name: /^Notifications/ }, { timeout }));
  const found = (await toasts.findAllByText(description ?? title, {}, { timeout })).map((text) =>
    text.closest('[data-sonner-toast]'),
  );
  expect(found.some((toast) => toast && within(toast as HTMLElement).queryByText(title))).toBe(
    true,
  );
}
