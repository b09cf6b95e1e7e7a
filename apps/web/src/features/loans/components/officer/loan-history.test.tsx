import type { AdminLoanDetail, Loan } from '@coop/shared/loans';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldRefusal, json, mockApi } from '../../../../testing/fetch-mock';
import { renderWithProviders } from '../../../../testing/render';
import { LoanHistory } from './loan-history';
import { NO_PROGRESS } from '../loans-page-fixtures';

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
  progress: NO_PROGRESS,
});

type UserLike = ReturnType<typeof renderWithProviders>['user'];
type Within = ReturnType<typeof within>;
/** A loan dialog sent while its answer is held back. */
type HeldCase = {
  status: Loan['status'];
  trigger: string;
  title: string;
  call: string;
  fill: (dialog: Within, user: UserLike) => Promise<void>;
  send: string;
  pending: string;
  answer: string;
};

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

/** A 400 answer naming one field, as the API's validation sends it. */
describe(
  'Back-office loan forms check what is typed with the API’s own rules',
  { timeout: 15_000 },
  () => {
    it('disburses with the date and method chosen, and shows a refused date under its field', async () => {
      const api = mockApi({
        'POST /admin/loans/10000000-0000-4000-8000-000000000009/disburse': () =>
          fieldRefusal('disbursementDate', 'The disbursement date cannot be in the future', {
            summary: 'Invalid request',
          }),
      });
      const { user } = renderWithProviders(<LoanHistory detail={detail('approved')} />);
      await user.click(screen.getByRole('button', { name: 'Disburse' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Disburse loan LN-000009' }));
      await user.selectOptions(dialog.getByLabelText('Method'), 'cash');
      await user.click(dialog.getByRole('button', { name: 'Request disbursement' }));

      const date = dialog.getByLabelText('Disbursement date');
      expect(
        await dialog.findByText('The disbursement date cannot be in the future'),
      ).toBeInTheDocument();
      expect(date).toHaveAttribute('aria-invalid', 'true');
      expect(date).toHaveAccessibleDescription('The disbursement date cannot be in the future');
      expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
      const sent = api.callsTo('POST /admin/loans/10000000-0000-4000-8000-000000000009/disburse');
      expect(sent[0]?.body).toEqual({
        disbursementDate: (date as HTMLInputElement).value,
        method: 'cash',
      });
      expect(sent[0]?.headers.get('Idempotency-Key')).toMatch(/.+/);
    });

    it('records a repayment only with an amount and a reference, sent trimmed', async () => {
      const api = mockApi({
        'POST /admin/loans/10000000-0000-4000-8000-000000000009/repayments': () =>
          fieldRefusal('reference', 'This reference was already recorded', {
            summary: 'Invalid request',
          }),
      });
      const { user } = renderWithProviders(<LoanHistory detail={detail('disbursed')} />);
      await user.click(screen.getByRole('button', { name: 'Record repayment' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Record a repayment' }));
      await user.click(dialog.getByRole('button', { name: 'Record repayment' }));
      expect(await dialog.findByText('Amount must be a number')).toBeInTheDocument();
      expect(dialog.getByText('The payment reference is required')).toBeInTheDocument();
      expect(dialog.getByLabelText('Amount (₦)')).toHaveAttribute('aria-invalid', 'true');

      await user.type(dialog.getByLabelText('Amount (₦)'), '0');
      await user.click(dialog.getByRole('button', { name: 'Record repayment' }));
      expect(await dialog.findByText('Amount must be above zero')).toBeInTheDocument();
      expect(
        api.callsTo('POST /admin/loans/10000000-0000-4000-8000-000000000009/repayments'),
      ).toHaveLength(0);

      await user.clear(dialog.getByLabelText('Amount (₦)'));
      await user.type(dialog.getByLabelText('Amount (₦)'), '25000.50');
      await user.type(dialog.getByLabelText('Reference'), '  TRF-118  ');
      await user.click(dialog.getByRole('button', { name: 'Record repayment' }));
      expect(await dialog.findByText('This reference was already recorded')).toBeInTheDocument();
      expect(dialog.getByLabelText('Reference')).toHaveAttribute('aria-invalid', 'true');
      expect(
        api.callsTo('POST /admin/loans/10000000-0000-4000-8000-000000000009/repayments')[0]?.body,
      ).toMatchObject({
        amount: 25000.5,
        method: 'bank_transfer',
        reference: 'TRF-118',
      });
    });
    it.each<HeldCase>([
      {
        status: 'approved',
        trigger: 'Disburse',
        title: 'Disburse loan LN-000009',
        call: 'POST /admin/loans/10000000-0000-4000-8000-000000000009/disburse',
        fill: () => Promise.resolve(),
        send: 'Request disbursement',
        pending: 'Disbursing...',
        answer: 'Loan LN-000009 is above the two-signature limit',
      },
      {
        status: 'disbursed',
        trigger: 'Record repayment',
        title: 'Record a repayment',
        call: 'POST /admin/loans/10000000-0000-4000-8000-000000000009/repayments',
        fill: async (dialog, user) => {
          await user.type(dialog.getByLabelText('Amount (₦)'), '5000');
          await user.type(dialog.getByLabelText('Reference'), 'TRF-7');
        },
        send: 'Record repayment',
        pending: 'Recording...',
        answer: 'The repayment on loan LN-000009 was recorded',
      },
    ])(
      '$trigger: Escape does not hide the outcome while it is sent',
      async ({ status, trigger, title, call, fill, send, pending, answer }) => {
        let finish: (response: Response) => void = () => undefined;
        mockApi({
          [call]: () =>
            new Promise<Response>((resolve) => {
              finish = resolve;
            }),
        });
        const { user } = renderWithProviders(<LoanHistory detail={detail(status)} />);
        await user.click(screen.getByRole('button', { name: trigger }));
        const dialog = within(await screen.findByRole('dialog', { name: title }));
        await fill(dialog, user);
        await user.click(dialog.getByRole('button', { name: send }));
        expect(await dialog.findByRole('button', { name: pending })).toBeDisabled();

        await user.keyboard('{Escape}');
        expect(screen.getByRole('dialog', { name: title })).toBeInTheDocument();

        finish(json(200, { success: true, message: answer, data: {} }));
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      },
    );
  },
);
