import type { Dividend } from '@coop/shared/dividends';
import { configure, screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { listAnswer, mockApi } from '../../../testing/fetch-mock';
import { LocationProbe, renderRoutes } from '../../../testing/render';
import DividendsRoute from './dividends';

configure({ asyncUtilTimeout: 3000 });

const FY2024: Dividend = {
  id: '00000000-0000-4000-8000-000000000021',
  dividendPeriod: 'FY 2024',
  dividendType: 'share_holding',
  amount: 20_000,
  notes: '10% on share holding of 31 Dec 2024',
  issuedDate: '2025-03-01',
  paidDate: '2025-04-01',
  status: 'paid',
  dividendYear: 2024,
};

const FY2023: Dividend = {
  ...FY2024,
  id: '00000000-0000-4000-8000-000000000022',
  dividendPeriod: 'FY 2023',
  amount: 8_000,
  issuedDate: '2024-03-01',
  paidDate: '2024-04-01',
  dividendYear: 2023,
};

/** The API sorts: ascending answers the oldest year first, as the real one does. */
function server() {
  return mockApi({
    'GET /users/dividends': ({ query }) => {
      const rows = query.get('sortOrder') === 'asc' ? [FY2023, FY2024] : [FY2024, FY2023];
      return listAnswer(rows);
    },
  });
}

/** The periods in the table's order. */
const periods = () =>
  within(screen.getByRole('table', { name: 'Dividends' }))
    .getAllByText(/^FY \d{4}$/)
    .map((cell) => cell.textContent);

describe('Dividends page', () => {
  it('sorts by year or payment date, either way, in the URL and the request, and resets', async () => {
    const api = server();
    const { user } = renderRoutes(
      <Route
        path="/dividends"
        element={
          <>
            <DividendsRoute />
            <LocationProbe />
          </>
        }
      />,
      { route: '/dividends' },
    );
    await screen.findByRole('table', { name: 'Dividends' });
    expect(periods()).toEqual(['FY 2024', 'FY 2023']);
    const first = api.callsTo('GET /users/dividends')[0]!;
    expect(first.query.get('sortBy')).toBe('paymentDate');
    expect(first.query.get('sortOrder')).toBe('desc');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'dividendYear');
    await user.selectOptions(screen.getByLabelText('Order'), 'asc');
    await screen.findByText(/sortOrder=asc/);
    expect(screen.getByTestId('location')).toHaveTextContent('sortBy=dividendYear');
    const sorted = api.callsTo('GET /users/dividends').at(-1)!;
    expect(sorted.query.get('sortBy')).toBe('dividendYear');
    expect(sorted.query.get('sortOrder')).toBe('asc');
    await expect.poll(periods).toEqual(['FY 2023', 'FY 2024']);

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await expect.poll(() => screen.getByTestId('location').textContent).toBe('/dividends');
    await expect.poll(periods).toEqual(['FY 2024', 'FY 2023']);
  });
});
