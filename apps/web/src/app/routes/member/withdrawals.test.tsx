import type { Withdrawal, WithdrawalEligibility } from '@coop/shared/withdrawals';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  apiError,
  fieldRefusal,
  json,
  listAnswer,
  mockApi,
  type MockRequest,
} from '../../../testing/fetch-mock';
import { LocationProbe, renderRoutes } from '../../../testing/render';
import { withToaster } from '../../../testing/toasts';
import WithdrawalsRoute from './withdrawals';
import { UNDO_WINDOW_MS } from '../../../lib/undoable';
import { setViewportWidth } from '../../../testing/viewport';

configure({ asyncUtilTimeout: 3000 });

const ELIGIBLE: WithdrawalEligibility = {
  availableSavings: 40_000,
  availableShares: 0,
  canWithdrawSavings: true,
  canWithdrawShares: false,
  restrictions: [
    'Share holding cannot be withdrawn while you have a loan that is not fully repaid.',
  ],
  held: [],
};

const PENDING: Withdrawal = {
  _id: '00000000-0000-4000-8000-000000000001',
  id: '00000000-0000-4000-8000-000000000001',
  withdrawalType: 'savings',
  requestedAmount: 10_000,
  status: 'pending',
  requestDate: '2026-03-01T09:00:00.000Z',
  processedDate: null,
  reason: null,
  rejectionReason: null,
};

function server({
  eligibility = ELIGIBLE,
  rows = [] as Withdrawal[],
  onPost = (_request: MockRequest): Response =>
    json(201, { success: true, data: PENDING, message: 'Withdrawal request submitted' }),
}: {
  eligibility?: WithdrawalEligibility | null;
  rows?: Withdrawal[];
  onPost?: (request: MockRequest) => Response;
} = {}) {
  return mockApi({
    'GET /users/withdrawals/eligibility': () =>
      eligibility
        ? json(200, { success: true, data: eligibility })
        : apiError(500, 'Internal error', 'INTERNAL_ERROR'),
    'GET /users/withdrawals': () => listAnswer(rows),
    'POST /users/withdrawals/savings': onPost,
    'PUT /users/withdrawals/00000000-0000-4000-8000-000000000001': () =>
      json(200, { success: true, data: { ...PENDING, status: 'cancelled' } }),
  });
}

const renderPage = (route = '/withdrawals') =>
  renderRoutes(
    <>
      {['/withdrawals', '/withdrawals/new'].map((path) => (
        <Route
          key={path}
          path={path}
          element={withToaster(
            <>
              <WithdrawalsRoute />
              <LocationProbe />
            </>,
          )}
        />
      ))}
    </>,
    { route },
  );

describe('Withdrawals page', () => {
  it('shows the eligibility card, the restriction, enabled and disabled requests, and the empty list', async () => {
    server();
    renderPage();
    expect(await screen.findByText('₦40,000')).toBeInTheDocument();
    expect(screen.getByText(ELIGIBLE.restrictions[0] ?? '')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Savings Withdrawal' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Request Share Holding Withdrawal' })).toBeDisabled();
    expect(await screen.findByText('No withdrawal requests')).toBeInTheDocument();
  });

  it('says under the available figure how much is held and why', async () => {
    server({
      eligibility: {
        ...ELIGIBLE,
        held: [
          { account: 'savings', reason: 'guarantee', amount: 50_000 },
          { account: 'savings', reason: 'withdrawal', amount: 25_000 },
        ],
      },
    });
    renderPage();
    expect(await screen.findByText('₦25,000 held for your pending withdrawal')).toBeInTheDocument();
    expect(screen.getByText('₦50,000 held for the loans you guarantee')).toBeInTheDocument();
  });

  it("says 'Eligibility data unavailable' and disables both requests when it cannot load", async () => {
    server({ eligibility: null });
    renderPage();
    expect(await screen.findByText('Eligibility data unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Savings Withdrawal' })).toBeDisabled();
  });

  it('checks the amount in the dialog, then sends it once with an Idempotency-Key', async () => {
    const api = server();
    const { user } = renderPage('/withdrawals/new');
    const dialog = await screen.findByRole('dialog', { name: 'Savings withdrawal' });
    const amount = within(dialog).getByLabelText('Amount (₦)');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(
      await within(dialog).findByText('Enter a valid amount greater than 0'),
    ).toBeInTheDocument();
    await user.type(amount, '40000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByText('Amount exceeds available balance')).toBeInTheDocument();
    expect(api.callsTo('POST /users/withdrawals/savings')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '10000');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), ' Rent ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Withdrawal request submitted')).toBeInTheDocument();
    const [post] = api.callsTo('POST /users/withdrawals/savings');
    expect(post?.body).toEqual({ amount: 10_000, reason: 'Rent' });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/withdrawals$/),
    );
    // Typing into a dialog takes several seconds in jsdom on a shared machine.
  }, 15_000);

  it("shows the server's field message under the amount, and a toast for other failures", async () => {
    let answer = apiError(400, 'Amount exceeds available balance', 'VALIDATION_ERROR');
    server({ onPost: () => answer });
    const { user } = renderPage('/withdrawals/new');
    const dialog = await screen.findByRole('dialog', { name: 'Savings withdrawal' });
    await user.type(within(dialog).getByLabelText('Amount (₦)'), '100');
    answer = fieldRefusal('amount', 'Amount exceeds available balance');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByText('Amount exceeds available balance')).toBeInTheDocument();

    answer = apiError(500, 'Internal error', 'INTERNAL_ERROR');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Request failed')).toBeInTheDocument();
    expect(screen.getByText('Please try again later.')).toBeInTheDocument();
  });

  it("shows a rejected request's reason on its row, in the table and on the card", async () => {
    server({
      rows: [
        {
          ...PENDING,
          status: 'rejected',
          processedDate: '2026-03-03T09:00:00.000Z',
          rejectionReason: 'Savings no longer cover it',
        },
      ],
    });
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Withdrawal requests' });
    expect(within(table).getByText('Reason: Savings no longer cover it')).toBeInTheDocument();
    expect(
      within(table).getByText(
        'Next: The amount held for it is available again; you may make a new request.',
      ),
    ).toBeInTheDocument();
    // On a phone the row opens into its details, the reason with them.
    setViewportWidth(390);
    const rows = screen.getByRole('list', { name: 'Withdrawal requests' });
    await user.click(within(rows).getByRole('button', { name: /Savings withdrawal/ }));
    const details = screen.getByRole('dialog', { name: /Savings withdrawal of/ });
    expect(within(details).getByText('Reason: Savings no longer cover it')).toBeInTheDocument();
  });

  it('lists requests; cancelling one offers Undo and is sent only when the window ends', async () => {
    // The clock is the test's: the Undo window passes without five seconds of waiting.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const api = server({ rows: [PENDING] });
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Withdrawal requests' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Type', 'Requested Amount', 'Status', 'Request Date', 'Processed Date', 'Actions']);
    // Cancelling needs no confirmation: the row reads Cancelled at once and Undo is offered.
    const put = () => api.callsTo('PUT /users/withdrawals/00000000-0000-4000-8000-000000000001');
    await user.click(within(table).getByRole('button', { name: /Cancel/ }));
    expect(await screen.findByText('Withdrawal request cancelled')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your savings request of ₦10,000 will be released back to your available balance.',
      ),
    ).toBeInTheDocument();
    expect(within(table).getByText('Cancelled')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    // Undo within the window: the request is pending again and nothing was ever sent.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(within(table).getByText('Pending')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS + 500));
    expect(put()).toEqual([]);

    // Not undone: the cancellation is sent when the window ends, once.
    await user.click(within(table).getByRole('button', { name: /Cancel/ }));
    expect(put()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS));
    await waitFor(() => expect(put()).toHaveLength(1));
    expect(put()[0]?.body).toEqual({ status: 'cancelled' });
  }, 30_000);

  it('changes a pending request: the amount up to what is available plus its own, and the reason', async () => {
    const api = server({ rows: [{ ...PENDING, reason: 'Rent' }] });
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Withdrawal requests' });
    await user.click(within(table).getByRole('button', { name: /Change/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Change savings withdrawal request',
    });
    const amount = within(dialog).getByLabelText('Amount (₦)');
    expect(amount).toHaveValue(10_000);
    expect(within(dialog).getByLabelText('Reason (optional)')).toHaveValue('Rent');
    // What stays available once the amount is held, as the amount is typed: ₦40,000 available
    // and the ₦10,000 this request already holds, said once (not also as 'Available: ₦50,000').
    const left = () => within(dialog).getByText('Left after this request').nextElementSibling;
    expect(within(dialog).queryByText(/^Available:/)).not.toBeInTheDocument();
    expect(within(dialog).getByText('Available savings now').nextElementSibling).toHaveTextContent(
      '₦50,000',
    );
    expect(left()).toHaveTextContent('₦40,000');
    await user.clear(amount);
    await user.type(amount, '12500');
    expect(left()).toHaveTextContent('₦37,500');
    await user.clear(amount);
    await user.type(amount, '50000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText('Amount exceeds available balance')).toBeInTheDocument();
    expect(left()).toHaveTextContent('—');
    await user.clear(amount);
    await user.type(amount, '50000');
    expect(left()).toHaveTextContent('₦0');
    await user.clear(within(dialog).getByLabelText('Reason (optional)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Withdrawal request updated')).toBeInTheDocument();
    expect(
      api.callsTo('PUT /users/withdrawals/00000000-0000-4000-8000-000000000001')[0]?.body,
    ).toEqual({ amount: 50_000, reason: '' });
  }, 15_000);

  it('lands filtered from a notification link (?status=rejected), and says so', async () => {
    const api = server({ rows: [] });
    renderPage('/withdrawals?status=rejected');
    expect(await screen.findByText('No withdrawal requests')).toBeInTheDocument();
    expect(api.callsTo('GET /users/withdrawals').at(-1)?.query.get('status')).toBe('rejected');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(chips).toHaveTextContent('Status: Rejected');
    expect(within(chips).getByRole('button', { name: 'Remove Status filter' })).toBeInTheDocument();
  });

  it('singles out the request a decision notification names (?request=), in table and card', async () => {
    const approved = (n: number, amount: number): Withdrawal => ({
      ...PENDING,
      _id: `00000000-0000-4000-8000-00000000001${n}`,
      id: `00000000-0000-4000-8000-00000000001${n}`,
      status: 'approved',
      requestedAmount: amount,
      processedDate: '2026-03-20T09:00:00.000Z',
    });
    const api = server({ rows: [approved(1, 15_000), approved(2, 20_000), approved(3, 30_000)] });
    renderPage('/withdrawals?status=approved&request=00000000-0000-4000-8000-000000000012');
    const table = await screen.findByRole('table', { name: 'Withdrawal requests' });
    const current = table.querySelectorAll('tbody tr[aria-current="true"]');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent('₦20,000');
    setViewportWidth(390);
    const cards = screen.getByRole('list', { name: 'Withdrawal requests' });
    const card = cards.querySelectorAll('li[aria-current="true"]');
    expect(card).toHaveLength(1);
    expect(card[0]).toHaveTextContent('₦20,000');
    // The filter of the link applies too.
    expect(api.callsTo('GET /users/withdrawals').at(-1)?.query.get('status')).toBe('approved');
  });
});
