import type { RecentActivity as Activity } from '@coop/shared/dashboard';
import type { Withdrawal } from '@coop/shared/withdrawals';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import RecentActivity from '../../../features/dashboard/components/recent-activity';
import { FINE_LIST_CONFIG, FinesList } from '../../../features/fines/components/fines-list';
import {
  WITHDRAWAL_LIST_CONFIG,
  WithdrawalsView,
} from '../../../features/withdrawals/components/withdrawals-view';
import { useListParams } from '../../../lib/use-list-params';
import { apiError, json, mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { badgeInRow, listPage } from '../../../testing/status-parity';

configure({ asyncUtilTimeout: 3000 });
afterEach(cleanup);

function MemberWithdrawals() {
  const list = useListParams(WITHDRAWAL_LIST_CONFIG);
  return <WithdrawalsView list={list} />;
}

function MemberFines() {
  const list = useListParams(FINE_LIST_CONFIG);
  return <FinesList list={list} today="2026-11-20" />;
}

const WITHDRAWAL_ID = '20000000-0000-4000-8000-000000000001';
const FINE_ID = '30000000-0000-4000-8000-000000000001';

const activity: Activity[] = [
  {
    id: WITHDRAWAL_ID,
    type: 'withdrawal',
    description: 'Savings withdrawal',
    amount: 25_000,
    date: '2026-11-03T09:00:00.000Z',
    status: 'approved',
  },
  {
    id: FINE_ID,
    type: 'fine',
    description: 'Absent from the general meeting',
    amount: 2_000,
    date: '2026-11-02T09:00:00.000Z',
    status: 'paid',
  },
];

/** The badge of the Recent Activity row a description names: its words and its tone. */
function dashboardBadge(description: string, status: string) {
  const row = screen.getByText(description).closest('li');
  const badge = within(row as HTMLElement).getByText(status);
  return { text: badge.textContent, tone: badge.getAttribute('data-tone') };
}

describe("a status in the dashboard's Recent Activity", () => {
  it('reads and looks as on its own list: an approved withdrawal, a paid fine', async () => {
    renderWithProviders(<RecentActivity activity={activity} isPending={false} isError={false} />);
    const dashboard = {
      withdrawal: dashboardBadge('Savings withdrawal', 'Approved'),
      fine: dashboardBadge('Absent from the general meeting', 'Paid'),
    };
    cleanup();

    const withdrawal: Withdrawal = {
      _id: WITHDRAWAL_ID,
      id: WITHDRAWAL_ID,
      withdrawalType: 'savings',
      requestedAmount: 25_000,
      status: 'approved',
      requestDate: '2026-11-02T09:00:00.000Z',
      processedDate: '2026-11-03T09:00:00.000Z',
      reason: null,
      rejectionReason: null,
    };
    mockApi({
      'GET /users/withdrawals': () => json(200, listPage([withdrawal])),
      'GET /users/withdrawals/eligibility': () => apiError(500, 'Eligibility data unavailable'),
    });
    renderWithProviders(<MemberWithdrawals />, { route: '/withdrawals' });
    expect(await badgeInRow(/25,000/, 'Approved')).toEqual(dashboard.withdrawal);
    cleanup();

    mockApi({
      'GET /users/fines': () =>
        json(
          200,
          listPage([
            {
              id: FINE_ID,
              reason: 'Absent from the general meeting',
              amount: 2_000,
              fineDate: '2026-11-01',
              dueDate: '2026-12-01',
              status: 'paid',
              waiverNote: null,
            },
          ]),
        ),
    });
    renderWithProviders(<MemberFines />, { route: '/fines' });
    expect(await badgeInRow(/general meeting/, 'Paid')).toEqual(dashboard.fine);

    // Green on both: done, and good for the member (was grey on the dashboard).
    expect(dashboard).toEqual({
      withdrawal: { text: 'Approved', tone: 'success' },
      fine: { text: 'Paid', tone: 'success' },
    });
  });
});
