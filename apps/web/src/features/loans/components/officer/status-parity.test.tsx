import type { AdminLoanListItem } from '@coop/shared/loans';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useListParams } from '../../../../lib/use-list-params';
import { listAnswer, mockApi } from '../../../../testing/fetch-mock';
import { renderWithProviders } from '../../../../testing/render';
import { badgeInRow } from '../../../../testing/status-parity';
import { loan, renderLoans, server } from '../loans-page-fixtures';
import { LoansList } from './loans-list';
import { LOAN_LIST_CONFIG } from './pipeline-list-config';

configure({ asyncUtilTimeout: 3000 });
afterEach(cleanup);

function Pipeline() {
  const list = useListParams(LOAN_LIST_CONFIG);
  return <LoansList list={list} />;
}

describe('a loan under review', () => {
  it("reads and looks the same in the member's list and in the officers' pipeline", async () => {
    const mine = loan('LN-000007', 'Roofing the family house', 'under_review', []);
    server([mine]);
    renderLoans();
    const member = await badgeInRow(/LN-000007/, 'Under Review');
    cleanup();

    const row: AdminLoanListItem = {
      id: mine.id,
      loanId: 'LN-000007',
      member: { id: 'u1', firstName: 'Ada', lastName: 'Obi', membershipId: 'M0001' },
      purpose: mine.purpose,
      requestedAmount: 50_000,
      disbursementAmount: 50_000,
      repaymentTermMonths: 6,
      outstandingBalance: 0,
      status: 'under_review',
      requestDate: '2026-11-02T09:00:00+01:00',
      disbursedAt: null,
      awaitingSecondApproval: false,
      overdueInstalments: 0,
    };
    mockApi({ 'GET /admin/loans': () => listAnswer([row], { limit: 25 }) });
    renderWithProviders(<Pipeline />);
    const officer = await badgeInRow(/LN-000007/, 'Under Review');

    expect(officer).toEqual(member);
    expect(member).toEqual({ text: 'Under Review', tone: 'info' });
  });
});
