import type { Loan } from '@coop/shared/loans';
import type { Transaction } from '@coop/shared/transactions';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../testing/auth';
import {
  listAnswer,
  mockApi,
  noNotifications,
  type MockRequest,
} from '../../../testing/fetch-mock';
import { LocationProbe, renderRoutes } from '../../../testing/render';
import MemberLayoutRoute from './layout';
import SearchRoute from './search';
import { NO_PROGRESS } from '../../../features/loans/components/loans-page-fixtures';

const LOAN: Loan = {
  id: '00000000-0000-4000-8000-000000000010',
  loanId: 'LN-000001',
  purpose: 'Shop stock',
  requestedAmount: 1_000_000,
  approvedAmount: 1_000_000,
  repaymentTermMonths: 6,
  interestRate: 5,
  monthlyPayment: 175_000,
  totalRepayment: 1_050_000,
  outstandingBalance: 1_050_000,
  status: 'disbursed',
  requestDate: '2025-06-15T09:00:00.000Z',
  guarantors: [],
  repaymentSchedule: {
    scheduleItems: [],
    totalRepaymentAmount: 1_050_000,
    monthlyPaymentAmount: 175_000,
  },
  repaymentRecords: [],
  progress: NO_PROGRESS,
};

const MOVEMENT: Transaction = {
  id: '1',
  transactionId: '00000000-0000-4000-8000-0000000000aa',
  date: '2025-06-16',
  type: 'loan_disbursement',
  account: 'loan',
  description: 'Loan LN-000001 disbursed',
  amount: 1_000_000,
  balanceAfter: 1_000_000,
  reference: null,
};

const page = (data: unknown[]) => listAnswer(data, { limit: 5 });

/** Loans and movements that match 'LN-000001'; nothing matches anything else. */
const server = {
  'GET /users/loans': ({ query }: MockRequest) =>
    page(query.get('search') === 'LN-000001' ? [LOAN] : []),
  'GET /users/transactions': ({ query }: MockRequest) =>
    page(query.get('search') === 'LN-000001' ? [MOVEMENT] : []),
  'GET /users/notifications': noNotifications,
};

const renderShell = (route: string) =>
  renderRoutes(
    <Route element={<MemberLayoutRoute />}>
      <Route path="/search" element={<SearchRoute />} />
      <Route path="/loans" element={<LocationProbe />} />
    </Route>,
    { route },
  );

describe('top-bar search', { timeout: 20_000 }, () => {
  it('opens the member’s loans and transactions matching the term, and keeps the term', async () => {
    signInAs();
    const api = mockApi(server);
    const { user } = renderShell('/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();

    const box = screen.getByRole('searchbox', { name: 'Search the portal' });
    await user.type(box, '  LN-000001 {Enter}');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search results' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Your loans and transactions matching “LN-000001”.'),
    ).toBeInTheDocument();
    expect(box).toHaveValue('LN-000001');
    const loans = within(screen.getByRole('region', { name: 'Loans' }));
    const loan = await loans.findByRole('link', { name: /LN-000001/ });
    expect(loan).toHaveTextContent('Shop stock');
    expect(loan).toHaveTextContent('₦1,000,000');
    expect(loan).toHaveAttribute('href', '/loans?search=LN-000001');
    expect(loans.getByRole('link', { name: 'View all 1 in My Loans' })).toHaveAttribute(
      'href',
      '/loans?search=LN-000001',
    );
    const transactions = within(screen.getByRole('region', { name: 'Transactions' }));
    expect((await transactions.findAllByText('Loan LN-000001 disbursed')).length).toBeGreaterThan(
      0,
    );
    expect(
      transactions.getByRole('link', { name: 'View all 1 in Transaction History' }),
    ).toHaveAttribute('href', '/transactions?search=LN-000001');
    for (const path of ['GET /users/loans', 'GET /users/transactions']) {
      expect(api.callsTo(path).at(-1)?.query.get('search')).toBe('LN-000001');
      expect(api.callsTo(path).at(-1)?.query.get('limit')).toBe('5');
    }

    await user.click(loan);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/loans?search=LN-000001'),
    );
  });

  it('says so when nothing matches', async () => {
    signInAs();
    mockApi(server);
    renderShell('/search?q=zzz');
    expect(await screen.findByText('No loans match “zzz”')).toBeInTheDocument();
    expect(await screen.findByText('No transactions match “zzz”')).toBeInTheDocument();
  });
});
