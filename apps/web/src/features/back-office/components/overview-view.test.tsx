import type { AdminOverview } from '@coop/shared/back-office';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OverviewView } from './overview-view';

const overview: AdminOverview = {
  members: { total: 65, active: 60, suspended: 4, notActivated: 1 },
  moneyUnderManagement: {
    savings: 900_000,
    shares: 100_000,
    total: 1_000_000,
    outstandingLoans: 0,
  },
  deductionsThisMonth: { month: '2026-03', contributions: 10, amount: 250_000 },
  queues: [
    { key: 'loansToDisburse', label: 'Loans to disburse', count: 2 },
    { key: 'disbursementsToApprove', label: 'Disbursements awaiting your approval', count: 1 },
  ],
};

function renderOverview() {
  render(
    <MemoryRouter>
      <OverviewView overview={overview} />
    </MemoryRouter>,
  );
}

describe('OverviewView', () => {
  it('says its member count leaves the officers out (reconciliation counts every account)', () => {
    renderOverview();
    expect(screen.getByText('Members (officers not counted)')).toBeInTheDocument();
    expect(screen.getByText('65')).toBeInTheDocument();
  });

  it('links the checker’s disbursements awaiting approval to exactly that queue, with the count', () => {
    renderOverview();
    const item = screen.getByRole('link', { name: /Disbursements awaiting your approval/ });
    expect(item).toHaveAttribute('href', '/admin/loans?status=awaiting_second_approval');
    expect(within(item).getByText('1')).toBeInTheDocument();
  });
});
