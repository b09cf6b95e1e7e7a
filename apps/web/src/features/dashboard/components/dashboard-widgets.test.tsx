import type { PendingAction, RecentActivity as Activity } from '@coop/shared/dashboard';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { FinancialOverview } from './financial-overview';
import PendingActions from './pending-actions';
import QuickActions from './quick-actions';
import RecentActivity from './recent-activity';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const action = (
  n: number,
  deadline: string | null,
  type: PendingAction['type'],
): PendingAction => ({
  id: id(n),
  type,
  description: `Action ${n}`,
  actionRequired: `Do thing ${n}`,
  deadline,
  actionUrl: `/somewhere/${n}`,
});

describe('Pending Actions panel', () => {
  it('shows a spinner, then the error in red', () => {
    const { unmount } = renderWithProviders(
      <PendingActions actions={undefined} isPending isError={false} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading pending actions');
    unmount();
    renderWithProviders(<PendingActions actions={undefined} isPending={false} isError />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load pending actions');
    expect(screen.getByRole('alert')).toHaveClass('text-destructive');
  });

  it("says 'All Caught Up!' when there is nothing to do", () => {
    renderWithProviders(<PendingActions actions={[]} isPending={false} isError={false} />);
    expect(screen.getByText('All Caught Up!')).toBeInTheDocument();
    expect(screen.getByText('No pending actions require your attention.')).toBeInTheDocument();
  });

  it('lists each action with its badge, deadline label and Take Action link', () => {
    renderWithProviders(
      <PendingActions
        today="2026-03-05"
        isPending={false}
        isError={false}
        actions={[
          action(1, '2026-03-04', 'fine_payment'),
          action(2, '2026-03-05', 'contribution_confirm'),
          action(3, '2026-03-06', 'guarantor_request'),
          action(4, '2026-03-09', 'loan_document'),
          action(5, null, 'fine_payment'),
        ]}
      />,
    );
    expect(screen.getByLabelText('5 pending')).toHaveTextContent('5');
    expect(screen.getByText('Items that require your attention')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    const labels = ['Overdue', 'Due Today', 'Due Tomorrow', 'Due in 4 days'];
    labels.forEach((label, i) =>
      expect(within(items[i] as HTMLElement).getByText(label)).toBeInTheDocument(),
    );
    expect(within(items[0] as HTMLElement).getByText('Fine')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('Contribution')).toBeInTheDocument();
    expect(within(items[4] as HTMLElement).queryByText(/Due|Overdue/)).toBeNull();
    expect(
      within(items[2] as HTMLElement).getByRole('link', { name: 'Take Action' }),
    ).toHaveAttribute('href', '/somewhere/3');
  });
});

describe('Pending Actions: an overdue instalment', () => {
  it("reads 'Repayment' and 'Overdue', and links to the loan", () => {
    renderWithProviders(
      <PendingActions
        today="2026-03-05"
        isPending={false}
        isError={false}
        actions={[
          {
            id: id(9),
            type: 'loan_repayment',
            description: '2 instalments of loan LN-000004 are overdue (₦51,500)',
            actionRequired: 'Pay ₦51,500, due since Jan 25, 2026',
            deadline: '2026-01-25',
            actionUrl: '/loans?loan=LN-000004',
          },
        ]}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('Repayment')).toBeInTheDocument();
    expect(within(item).getByText('Overdue')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Take Action' })).toHaveAttribute(
      'href',
      '/loans?loan=LN-000004',
    );
  });
});

describe('Recent Activity', () => {
  const activity: Activity[] = [
    {
      id: id(1),
      type: 'contribution',
      description: 'Contribution for May 2026',
      amount: 30_000,
      date: '2026-05-25T11:00:00.000Z',
      status: 'confirmed',
    },
    {
      id: id(2),
      type: 'withdrawal',
      description: 'Savings withdrawal',
      amount: 5_000,
      date: '2026-05-20T09:00:00.000Z',
      status: 'pending',
    },
    {
      id: id(3),
      type: 'contribution',
      description: 'Reversal',
      amount: -1_000,
      date: '2026-05-19T09:00:00.000Z',
      status: 'disputed',
    },
    {
      id: id(4),
      type: 'loan',
      description: 'Loan LN-1',
      amount: 100_000,
      date: '2026-05-18T09:00:00.000Z',
      status: 'disbursed',
    },
    {
      id: id(5),
      type: 'withdrawal',
      description: 'Savings withdrawal',
      amount: 25_000,
      date: '2026-05-19T09:00:00.000Z',
      status: 'cancelled',
    },
  ];

  it('signs amounts, labels statuses and links to the transaction history', () => {
    renderWithProviders(<RecentActivity activity={activity} isPending={false} isError={false} />);
    expect(screen.getByText('+₦30,000')).toBeInTheDocument();
    expect(screen.getByText('-₦5,000')).toBeInTheDocument();
    expect(screen.getByText('-₦1,000')).toBeInTheDocument();
    expect(screen.getByText('₦100,000')).toBeInTheDocument();
    // A cancelled withdrawal moved no money: no minus sign.
    expect(screen.getByText('₦25,000')).toBeInTheDocument();
    for (const label of ['Completed', 'Pending', 'Disputed', 'Disbursed', 'Cancelled']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/transactions');
    expect(screen.getByRole('link', { name: 'View Transaction History' })).toHaveAttribute(
      'href',
      '/transactions',
    );
  });

  it('shows the empty and the failed states', () => {
    const { unmount } = renderWithProviders(
      <RecentActivity activity={[]} isPending={false} isError={false} />,
    );
    expect(screen.getByText('No recent activity found')).toBeInTheDocument();
    unmount();
    renderWithProviders(<RecentActivity activity={undefined} isPending={false} isError />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load recent activity');
  });
});

describe('Financial Overview', () => {
  it('says under Available Balance how much is held and why', () => {
    renderWithProviders(
      <FinancialOverview
        isPending={false}
        isError={false}
        summary={{
          totalSavings: 640_800,
          totalShareHolding: 100_000,
          availableBalance: 565_800,
          frozenAmount: 75_000,
          outstandingLoans: 0,
          totalDividends: 0,
          totalFines: 0,
          held: [
            { account: 'savings', reason: 'guarantee', amount: 50_000 },
            { account: 'savings', reason: 'withdrawal', amount: 25_000 },
          ],
        }}
      />,
    );
    const card = screen.getByText('Available Balance').closest('li');
    expect(card).not.toBeNull();
    const inCard = within(card as HTMLElement);
    expect(inCard.getByText('₦565,800')).toBeInTheDocument();
    expect(inCard.getByText('₦25,000 held for your pending withdrawal')).toBeInTheDocument();
    expect(inCard.getByText('₦50,000 held for the loans you guarantee')).toBeInTheDocument();
  });
});

describe('Quick Actions', () => {
  it('links each action to its own flow: the loan wizard, the guarantor reassignment, and the payroll deductions', () => {
    renderWithProviders(<QuickActions />);
    const targets = Object.fromEntries(
      screen
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')] as const),
    );
    expect(targets).toEqual({
      'Make Contribution': '/contributions/new',
      'Request Loan': '/loans/new',
      'Withdrawal Request': '/withdrawals/new',
      'Invite Guarantor': '/guarantees/invite',
      'Generate Statement': '/reports/statement',
      'Export Data': '/profile/export',
      'My payroll deductions': '/deductions',
    });
  });
});

describe('Dashboard widgets after a failure', () => {
  it.each([
    [
      'Financial Overview',
      (retry: { onRetry: () => void; isRetrying: boolean }) => (
        <FinancialOverview summary={undefined} isPending={false} isError {...retry} />
      ),
    ],
    [
      'Recent Activity',
      (retry: { onRetry: () => void; isRetrying: boolean }) => (
        <RecentActivity activity={undefined} isPending={false} isError {...retry} />
      ),
    ],
    [
      'Pending Actions',
      (retry: { onRetry: () => void; isRetrying: boolean }) => (
        <PendingActions actions={undefined} isPending={false} isError {...retry} />
      ),
    ],
  ])('%s offers Retry, which asks again, and says so while it runs', async (_name, widget) => {
    const onRetry = vi.fn();
    const { user, unmount } = renderWithProviders(widget({ onRetry, isRetrying: false }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    unmount();
    renderWithProviders(widget({ onRetry, isRetrying: true }));
    expect(screen.getByRole('button', { name: 'Retrying...' })).toBeDisabled();
  });
});
