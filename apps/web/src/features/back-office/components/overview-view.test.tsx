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
  payrollNotRemitted: {
    count: 3,
    months: [
      {
        month: '2026-01',
        payrollGroup: { id: 'g1', code: 'MOF-HQ', name: 'Ministry of Finance' },
        members: 40,
        deducted: 1_000_000,
        remitted: 600_000,
        outstanding: 400_000,
        state: 'partly_remitted',
        remittances: 1,
        lastReceivedOn: '2026-02-05',
      },
      {
        month: '2026-02',
        payrollGroup: null,
        members: 1,
        deducted: 5_000,
        remitted: 0,
        outstanding: 5_000,
        state: 'not_remitted',
        remittances: 0,
        lastReceivedOn: null,
      },
    ],
  },
  queues: [
    { key: 'loansToDisburse', label: 'Loans to disburse', count: 2 },
    { key: 'disbursementsToApprove', label: 'Disbursements awaiting your approval', count: 1 },
    { key: 'deductionChanges', label: 'Deduction changes to decide', count: 3 },
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

  it('links the deduction changes to decide to the pending ones of their queue', () => {
    renderOverview();
    const item = screen.getByRole('link', { name: /Deduction changes to decide/ });
    expect(item).toHaveAttribute('href', '/admin/payroll/change-requests?status=pending');
    expect(within(item).getByText('3')).toBeInTheDocument();
  });

  it('lists the payroll months not remitted in full, each linking to its reconciliation row', () => {
    renderOverview();
    const section = screen.getByRole('region', { name: 'Payroll not yet remitted in full' });
    const mof = within(section).getByRole('link', { name: /January 2026 · MOF-HQ/ });
    expect(mof).toHaveAttribute('href', '/admin/reconciliation?month=2026-01&group=MOF-HQ');
    expect(within(mof).getByText('₦400,000 outstanding')).toBeInTheDocument();
    const noGroup = within(section).getByRole('link', { name: /February 2026 · No payroll group/ });
    expect(noGroup).toHaveAttribute('href', '/admin/reconciliation?month=2026-02');
    expect(
      within(section).getByRole('link', { name: 'All 3 months not remitted in full' }),
    ).toHaveAttribute('href', '/admin/reconciliation');
  });
});
