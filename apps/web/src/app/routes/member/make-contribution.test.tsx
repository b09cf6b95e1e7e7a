import type { DepositNotice } from '@coop/shared/deposit-notices';
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, listAnswer, mockApi } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import MakeContributionRoute from './make-contribution';

const REJECTED: DepositNotice = {
  id: '00000000-0000-4000-8000-000000000071',
  savingsAmount: 20_000,
  shareHoldingAmount: 0,
  totalAmount: 20_000,
  transferDate: '2026-11-02',
  bankReference: 'FT-2026-1102',
  note: null,
  status: 'rejected',
  submittedAt: '2026-11-02T10:00:00.000Z',
  decidedAt: '2026-11-04T10:00:00.000Z',
  rejectionReason: 'No transfer with this reference on the bank statement',
};

describe('Make Contribution', () => {
  it('shows a rejected notice with its reason and what the member can do next', async () => {
    mockApi({
      'GET /users/deposit-notices/instructions': () =>
        json(200, {
          success: true,
          data: {
            monthlyDeduction: null,
            bankAccount: {
              bankName: 'Coop Bank',
              accountName: 'Demo Coop',
              accountNumber: '0123456789',
            },
          },
        }),
      'GET /users/deposit-notices': () => listAnswer([REJECTED]),
    });
    renderRoutes(<Route path="/contributions/new" element={<MakeContributionRoute />} />, {
      route: '/contributions/new',
    });
    const table = await screen.findByRole('table');
    expect(
      within(table).getByText('No transfer with this reference on the bank statement'),
    ).toBeInTheDocument();
    expect(
      within(table).getByText(
        'Check the amounts and the bank reference against your transfer, then send a new notice.',
      ),
    ).toBeInTheDocument();
    // The status reads as a member would say it, never the stored value.
    expect(within(table).getByText('Rejected')).toBeInTheDocument();
  });
});
