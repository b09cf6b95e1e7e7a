import type { AdminWithdrawal } from '@coop/shared/withdrawals';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useListParams } from '../../../../lib/use-list-params';
import { apiError, listAnswer, mockApi } from '../../../../testing/fetch-mock';
import { renderWithProviders } from '../../../../testing/render';
import { badgeInRow } from '../../../../testing/status-parity';
import { WITHDRAWAL_LIST_CONFIG as MEMBER_LIST_CONFIG, WithdrawalsView } from '../withdrawals-view';
import { WithdrawalsQueue } from './withdrawals-queue';
import { WITHDRAWAL_LIST_CONFIG } from './withdrawal-list-config';

configure({ asyncUtilTimeout: 3000 });
afterEach(cleanup);

function MemberWithdrawals() {
  const list = useListParams(MEMBER_LIST_CONFIG);
  return <WithdrawalsView list={list} />;
}

function Queue() {
  const list = useListParams(WITHDRAWAL_LIST_CONFIG);
  return <WithdrawalsQueue list={list} />;
}

const request = {
  id: '20000000-0000-4000-8000-000000000001',
  withdrawalType: 'savings' as const,
  requestedAmount: 25_000,
  status: 'pending' as const,
  requestDate: '2026-11-02T09:00:00+01:00',
  processedDate: null,
  reason: 'School fees',
  rejectionReason: null,
};

describe('a pending withdrawal', () => {
  it("reads and looks the same in the member's list and in the officers' queue", async () => {
    mockApi({
      'GET /users/withdrawals': () => listAnswer([{ ...request, _id: request.id }], { limit: 25 }),
      'GET /users/withdrawals/eligibility': () => apiError(500, 'Eligibility data unavailable'),
    });
    renderWithProviders(<MemberWithdrawals />, { route: '/withdrawals' });
    const member = await badgeInRow(/25,000/, 'Pending');
    cleanup();

    const row: AdminWithdrawal = {
      ...request,
      member: { id: 'u1', firstName: 'Ada', lastName: 'Obi', membershipId: 'M0001' },
      memberBalance: 100_000,
    };
    mockApi({ 'GET /admin/withdrawals': () => listAnswer([row], { limit: 25 }) });
    renderWithProviders(<Queue />);
    const officer = await badgeInRow(/25,000/, 'Pending');

    expect(officer).toEqual(member);
    expect(member).toEqual({ text: 'Pending', tone: 'warning' });
  });
});
