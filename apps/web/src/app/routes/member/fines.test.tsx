import type { Fine } from '@coop/shared/fines';
import { configure, screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import FinesRoute from './fines';

configure({ asyncUtilTimeout: 3000 });

const WAIVED: Fine = {
  id: '00000000-0000-4000-8000-000000000011',
  reason: 'Late to the general meeting',
  amount: 2_000,
  fineDate: '2026-02-01',
  dueDate: '2026-03-01',
  status: 'waived',
  waiverNote: 'Excused: travelling for work',
};

const PAID: Fine = {
  ...WAIVED,
  id: '00000000-0000-4000-8000-000000000012',
  reason: 'Missed the March meeting',
  status: 'paid',
  waiverNote: null,
};

function server(rows: Fine[]) {
  return mockApi({
    'GET /users/fines': () =>
      json(200, {
        success: true,
        data: rows,
        pagination: {
          currentPage: 1,
          totalPages: 1,
          totalItems: rows.length,
          hasNext: false,
          hasPrev: false,
          limit: 10,
        },
      }),
  });
}

describe('Fines page', () => {
  it("shows a waived fine's waiver reason on its row, in the table and on the card", async () => {
    server([WAIVED, PAID]);
    renderRoutes(<Route path="/fines" element={<FinesRoute />} />, { route: '/fines' });
    const table = await screen.findByRole('table', { name: 'Fines' });
    const waivedRow = within(table).getByRole('row', { name: /Late to the general meeting/ });
    expect(within(waivedRow).getByText('Reason: Excused: travelling for work')).toBeInTheDocument();
    const paidRow = within(table).getByRole('row', { name: /Missed the March meeting/ });
    expect(within(paidRow).queryByText(/^Reason:/)).not.toBeInTheDocument();
    const cards = screen.getByRole('list', { name: 'Fines' });
    expect(within(cards).getByText('Reason: Excused: travelling for work')).toBeInTheDocument();
  });
});
