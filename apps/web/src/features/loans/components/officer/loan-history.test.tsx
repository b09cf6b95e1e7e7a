import type { AdminLoanDetail, Loan } from '@coop/shared/loans';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../testing/render';
import { LoanHistory } from './loan-history';

const loan = (status: Loan['status']): Loan => ({
  id: '10000000-0000-4000-8000-000000000009',
  loanId: 'LN-000009',
  purpose: 'A deep freezer for the shop',
  requestedAmount: 250_000,
  approvedAmount: 250_000,
  repaymentTermMonths: 12,
  interestRate: 5,
  monthlyPayment: 21_875,
  totalRepayment: 262_500,
  outstandingBalance: status === 'disbursed' ? 175_000 : 0,
  status,
  requestDate: '2026-11-20T09:00:00.000Z',
  guarantors: [],
  repaymentSchedule: { scheduleItems: [], totalRepaymentAmount: 262_500, monthlyPaymentAmount: 0 },
  repaymentRecords: [],
});

const detail = (status: Loan['status'], withRequest = false): AdminLoanDetail => ({
  loan: loan(status),
  member: {
    id: '00000000-0000-4000-8000-000000000003',
    firstName: 'Chidi',
    lastName: 'Eze',
    membershipId: 'M0003',
    email: 'chidi@demo.coop',
  },
  disbursementAmount: 245_000,
  fees: 5_000,
  disbursement: null,
  secondApprovalAbove: 200_000,
  needsSecondApproval: true,
  disbursementRequests: withRequest
    ? [
        {
          id: '20000000-0000-4000-8000-000000000001',
          amount: 245_000,
          disbursementDate: '2026-11-25',
          method: 'bank_transfer',
          status: 'pending',
          requestedBy: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Demo Administrator' },
          requestedAt: '2026-11-25T09:00:00.000Z',
          decidedBy: null,
          decidedAt: null,
          rejectionReason: null,
        },
      ]
    : [],
  guarantors: [],
  certifications: [],
  repayments: [],
  ledger: [],
  audit: [],
});

describe('Back-office loan decisions restate the loan and the amount', () => {
  it('rejecting a disbursement names the loan, the member and the amount', async () => {
    const { user } = renderWithProviders(<LoanHistory detail={detail('approved', true)} />);
    await user.click(screen.getByRole('button', { name: 'Reject disbursement' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Reject the disbursement of loan LN-000009' }),
    );
    expect(dialog.getByText(/₦245,000 to Chidi Eze is not paid out/)).toBeInTheDocument();
  });

  it('marking a loan defaulted names the loan, the member and what is owed', async () => {
    const { user } = renderWithProviders(<LoanHistory detail={detail('disbursed')} />);
    await user.click(screen.getByRole('button', { name: 'Mark defaulted' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Mark loan LN-000009 defaulted?' }),
    );
    expect(dialog.getByText(/Chidi Eze still owes ₦175,000/)).toBeInTheDocument();
  });
});
