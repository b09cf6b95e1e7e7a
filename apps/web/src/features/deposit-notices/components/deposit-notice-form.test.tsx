import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldRefusal, json, mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { withToaster } from '../../../testing/toasts';
import { DepositNoticeForm } from './deposit-notice-form';

configure({ asyncUtilTimeout: 3000 });

const TODAY = '2026-03-05';

function renderForm() {
  return renderWithProviders(withToaster(<DepositNoticeForm today={TODAY} />), {
    route: '/contributions/new',
  });
}

describe('DepositNoticeForm', () => {
  it('asks for an amount, a past date and a bank reference before sending anything', async () => {
    const api = mockApi({});
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Notify Deposit' }));
    expect(
      await screen.findByText('Enter a savings or share holding amount greater than 0'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter the bank reference of the transfer')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Transfer date'));
    await user.type(screen.getByLabelText('Transfer date'), '2026-03-06');
    await user.click(screen.getByRole('button', { name: 'Notify Deposit' }));
    expect(
      await screen.findByText('The transfer date cannot be in the future'),
    ).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the split, date and reference with an Idempotency-Key, then clears the form', async () => {
    const api = mockApi({
      'POST /users/deposit-notices': () => json(201, { success: true, data: {} }),
    });
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Savings (₦)'), '7500');
    await user.type(screen.getByLabelText('Share Holdings (₦)'), '2500');
    expect(screen.getByText('₦10,000')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Bank reference'), ' TRF-9 ');
    await user.click(screen.getByRole('button', { name: 'Notify Deposit' }));
    expect(await screen.findByText('Deposit notice sent')).toBeInTheDocument();
    const [post] = api.callsTo('POST /users/deposit-notices');
    expect(post?.body).toEqual({
      savingsAmount: 7_500,
      shareHoldingAmount: 2_500,
      transferDate: TODAY,
      bankReference: 'TRF-9',
    });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.getByLabelText('Bank reference')).toHaveValue('');
  });

  it('puts a duplicate bank reference (409) under the bank reference, not in a toast', async () => {
    mockApi({
      'POST /users/deposit-notices': () =>
        new Response(
          JSON.stringify({
            success: false,
            message: 'You already notified a transfer with this bank reference',
            code: 'DEPOSIT_NOTICE_DUPLICATE',
            details: [
              {
                field: 'bankReference',
                message: 'You already notified a transfer with this bank reference',
              },
            ],
          }),
          { status: 409, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Savings (₦)'), '100');
    await user.type(screen.getByLabelText('Bank reference'), 'TRF-1');
    await user.click(screen.getByRole('button', { name: 'Notify Deposit' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Bank reference')).toHaveAccessibleDescription(
        'You already notified a transfer with this bank reference',
      ),
    );
    // Said once, under the field: a toast would say it a second time. (Not the toast's title: the
    // files of a worker share the toaster's store, so another file's late "Request failed" may
    // show here.)
    expect(
      screen.getAllByText('You already notified a transfer with this bank reference'),
    ).toHaveLength(1);
  });

  it("puts a 400's field message under its field", async () => {
    mockApi({
      'POST /users/deposit-notices': () =>
        fieldRefusal('bankReference', 'Bank reference is too long', {
          summary: 'Validation failed',
        }),
    });
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Savings (₦)'), '100');
    await user.type(screen.getByLabelText('Bank reference'), 'TRF-2');
    await user.click(screen.getByRole('button', { name: 'Notify Deposit' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Bank reference')).toHaveAccessibleDescription(
        'Bank reference is too long',
      ),
    );
  });
});
