import { LOAN_MESSAGES } from '@coop/shared/loan-rules';
import type { GuarantorRequest } from '@coop/shared/guarantors';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server, renderLoans, location, fixtures } from './loans-page-fixtures';

configure({ asyncUtilTimeout: 3000 });

describe('Request New Loan', () => {
  it('takes a chosen guarantor out of the candidates; a chip, not a second click, undoes it', async () => {
    server([]);
    const { user } = renderLoans('/loans/new', 'new-loan');
    const wizard = within(await screen.findByRole('dialog', { name: 'Request New Loan' }));
    await user.type(wizard.getByLabelText(/Amount/), '100000');
    await user.type(wizard.getByLabelText('Purpose'), 'Stock for the shop');
    await user.click(wizard.getByRole('button', { name: 'Next' }));
    await wizard.findByText('Selected guarantors 0/4');

    await user.click(await wizard.findByRole('button', { name: /Ebiere Tamuno/ }));
    expect(wizard.getByText('Selected guarantors 1/4')).toBeInTheDocument();
    // The only candidate is chosen: the list has nobody left to offer.
    expect(wizard.queryByRole('list', { name: 'Available guarantors' })).not.toBeInTheDocument();
    expect(wizard.getByText(LOAN_MESSAGES.noAvailableGuarantors)).toBeInTheDocument();

    await user.click(wizard.getByRole('button', { name: 'Remove Ebiere Tamuno' }));
    expect(wizard.getByText('Selected guarantors 0/4')).toBeInTheDocument();
    expect(wizard.getByRole('list', { name: 'Available guarantors' })).toHaveTextContent(
      'Ebiere Tamuno',
    );
  });
});

describe('Guarantor Requests', () => {
  const pendingRequest = (): GuarantorRequest => {
    const { pending } = fixtures();
    return {
      id: '20000000-0000-4000-8000-000000000001',
      _id: '20000000-0000-4000-8000-000000000001',
      status: 'pending',
      invitationDate: '2026-11-22T10:00:00.000Z',
      responseDate: null,
      guaranteeAmount: 25_000,
      acceptanceToken: 'token',
      loanId: {
        id: pending.id,
        _id: pending.id,
        loanId: 'LN-000031',
        requestedAmount: 50_000,
        purpose: 'Market stall and first stock',
        status: 'pending',
        repaymentTermMonths: 6,
        userId: {
          firstName: 'Bayo',
          lastName: 'Adeyemi',
          email: 'bayo@demo.coop',
          membershipId: 'M0002',
        },
      },
    };
  };

  it('counts pending requests in a red badge beside the title that opens their tab', async () => {
    server([], [pendingRequest()]);
    const { user } = renderLoans();
    const badge = await screen.findByRole('button', { name: '1 guarantor request' });
    expect(badge).toHaveClass('bg-destructive');
    await user.click(badge);
    await waitFor(() => expect(location()).toBe('/loans?tab=guarantor-requests'));
    expect(screen.getByRole('tab', { name: /Guarantor Requests/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('asks before accepting with the available savings before and after the freeze, and says it cannot be undone', async () => {
    server([], [pendingRequest()]);
    const { user } = renderLoans('/loans?tab=guarantor-requests');
    const table = await screen.findByRole('table', { name: 'Guarantor requests' });
    await user.click(within(table).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept guarantor request' });
    expect(within(dialog).getByText('Available savings now').nextElementSibling).toHaveTextContent(
      '₦500,000',
    );
    expect(within(dialog).getByText('After the freeze').nextElementSibling).toHaveTextContent(
      '₦475,000',
    );
    expect(dialog).toHaveTextContent(
      'This cannot be undone: once you accept, the guarantee stays frozen until the loan is repaid.',
    );
  });

  it('filters by status, invitation date and guarantee amount, pending by default', async () => {
    const api = server([]);
    const { user } = renderLoans('/loans?tab=guarantor-requests');
    expect(await screen.findByText('No guarantor requests found')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Filters' });
    await user.click(within(panel).getByRole('button', { name: 'Filters' }));
    const status = within(panel).getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pending', 'Accepted', 'Rejected']);
    expect(within(panel).getByLabelText('Search')).toHaveAttribute(
      'placeholder',
      'Borrower name or loan ID',
    );
    expect(within(panel).getByLabelText('Min guarantee')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Max guarantee')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Start date/ })).toBeInTheDocument();
    // (The header's badge asks for the pending count alone, without a sort.)
    const first = api
      .callsTo('GET /users/guarantees')
      .find((call) => call.query.has('sortBy'))?.query;
    expect(first?.get('sortBy')).toBe('invitationDate');
    expect(first?.get('limit')).toBe('10');

    await user.selectOptions(status, 'accepted');
    await waitFor(() => expect(location()).toBe('/loans?tab=guarantor-requests&status=accepted'));
    await waitFor(() =>
      expect(
        api.callsTo('GET /users/guarantees').some((c) => c.query.get('status') === 'accepted'),
      ).toBe(true),
    );
  });
});
