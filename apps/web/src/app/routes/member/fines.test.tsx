import type { Fine } from '@coop/shared/fines';
import { configure, screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { listAnswer, mockApi } from '../../../testing/fetch-mock';
import { LocationProbe, renderRoutes } from '../../../testing/render';
import FinesRoute from './fines';
import { setViewportWidth } from '../../../testing/viewport';

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

const OVERDUE: Fine = {
  ...WAIVED,
  id: '00000000-0000-4000-8000-000000000013',
  reason: 'Absent without apology',
  dueDate: '2020-01-31',
  status: 'pending',
  waiverNote: null,
};

/** Answers `rows`, narrowed by the status asked for, as the API does. */
function server(all: Fine[]) {
  return mockApi({
    'GET /users/fines': ({ query }) => {
      const status = query.get('status');
      const rows = status ? all.filter((fine) => fine.status === status) : all;
      return listAnswer(rows);
    },
  });
}

describe('Fines page', () => {
  it("shows a waived fine's waiver reason on its row, in the table and on the card", async () => {
    server([WAIVED, PAID]);
    const { user } = renderRoutes(<Route path="/fines" element={<FinesRoute />} />, {
      route: '/fines',
    });
    const table = await screen.findByRole('table', { name: 'Fines' });
    const waivedRow = within(table).getByRole('row', { name: /Late to the general meeting/ });
    expect(within(waivedRow).getByText('Reason: Excused: travelling for work')).toBeInTheDocument();
    const paidRow = within(table).getByRole('row', { name: /Missed the March meeting/ });
    expect(within(paidRow).queryByText(/^Reason:/)).not.toBeInTheDocument();
    setViewportWidth(390);
    const rows = screen.getByRole('list', { name: 'Fines' });
    await user.click(within(rows).getByRole('button', { name: /Late to the general meeting/ }));
    const details = screen.getByRole('dialog', { name: 'Late to the general meeting' });
    expect(within(details).getByText('Reason: Excused: travelling for work')).toBeInTheDocument();
  });

  it('filters by status in the URL and the request, marks past-due dates, and says when none match', async () => {
    const api = server([OVERDUE, PAID]);
    const { user } = renderRoutes(
      <Route
        path="/fines"
        element={
          <>
            <FinesRoute />
            <LocationProbe />
          </>
        }
      />,
      { route: '/fines' },
    );
    const table = await screen.findByRole('table', { name: 'Fines' });
    expect(within(table).getByRole('row', { name: /Missed the March meeting/ })).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await expect
      .poll(() => screen.getByTestId('location').textContent)
      .toBe('/fines?status=pending');
    expect(api.callsTo('GET /users/fines').at(-1)!.query.get('status')).toBe('pending');
    await expect
      .poll(() => within(table).queryByRole('row', { name: /Missed the March meeting/ }))
      .toBeNull();
    const overdue = within(table).getByRole('row', { name: /Absent without apology/ });
    // Past due: the date in the destructive colour, and said to a screen reader.
    expect(within(overdue).getByText('(past due)')).toHaveClass('sr-only');
    expect(within(overdue).getByText('(past due)').parentElement).toHaveClass('text-destructive');

    await user.selectOptions(screen.getByLabelText('Status'), 'waived');
    expect(await screen.findByText('No fines found')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), '');
    await expect.poll(() => screen.getByTestId('location').textContent).toBe('/fines');
    expect(
      // The empty state replaced the table: find the new one.
      await within(await screen.findByRole('table', { name: 'Fines' })).findByRole('row', {
        name: /Missed the March meeting/,
      }),
    ).toBeVisible();
  });
});
