import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { listBody } from './fetch-mock';

/** The status badge in the row a label names: its words and its tone (docs/decisions/113). */
export async function badgeInRow(rowName: RegExp | string, status: string) {
  const row = await screen.findByRole('row', { name: rowName });
  const badge = within(row).getByText(status);
  expect(badge).toHaveAttribute('data-tone');
  return { text: badge.textContent, tone: badge.getAttribute('data-tone') };
}

/** One page of a back-office list holding `data` (25 a page), as the API answers it. */
export const listPage = <T,>(data: T[]) => listBody(data, { limit: 25 });
