import type { Dispute } from '@coop/shared/contributions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AdminDisputesRoute from './disputes';
import { fieldRefusal, json, listAnswer, mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';

const dispute: Dispute = {
  id: '30000000-0000-4000-8000-000000000001',
  member: {
    id: '00000000-0000-4000-8000-000000000001',
    firstName: 'Ada',
    lastName: 'Obi',
    membershipId: 'M0001',
  },
  contributionMonth: '2026-10',
  savingsAmount: 5_000,
  shareHoldingAmount: 10_000,
  totalAmount: 15_000,
  status: 'disputed',
  disputeReason: 'Only ₦4,000 of savings left my salary in October',
  disputeDate: '2026-11-02T09:00:00.000Z',
  resolutionNote: null,
  resolvedAt: null,
};

const RESOLVE = `POST /admin/contributions/${dispute.id}/resolve`;

function renderQueue(resolve: () => Response) {
  const api = mockApi({
    'GET /admin/contributions/disputes': () => listAnswer([dispute], { limit: 25 }),
    [RESOLVE]: resolve,
  });
  return { api, ...renderWithProviders(<AdminDisputesRoute />, { route: '/admin/disputes' }) };
}

describe('Resolving a dispute', { timeout: 15_000 }, () => {
  it('asks for the corrected amounts when the member was right, with the API’s messages', async () => {
    const { api, user } = renderQueue(() => json(500, {}));
    await user.click(
      (
        await screen.findAllByRole('button', { name: /Resolve Ada Obi’s October 2026 dispute/ })
      )[0]!,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve dispute' }));
    const resolve = dialog.getByRole('button', { name: 'Resolve dispute' });
    const note = dialog.getByLabelText('Resolution note');
    expect(note).toHaveAccessibleDescription('0/500 characters, at least 10');
    await user.type(note, '  too short');
    expect(resolve).toBeDisabled();
    await user.type(note, ' a note: payroll confirms it');
    expect(resolve).toBeEnabled();

    await user.click(dialog.getByLabelText('Yes: correct the amounts (posts an adjustment)'));
    expect(dialog.getByLabelText('Savings really deducted (₦)')).toHaveValue(5000);
    await user.clear(dialog.getByLabelText('Savings really deducted (₦)'));
    await user.clear(dialog.getByLabelText('Share holding really deducted (₦)'));
    await user.type(dialog.getByLabelText('Share holding really deducted (₦)'), '-1');
    await user.click(resolve);
    expect(
      await dialog.findByText('Enter the savings amount that was really deducted'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Corrected share holding cannot be negative')).toBeInTheDocument();
    expect(api.callsTo(RESOLVE)).toHaveLength(0);
  });

  it('sends the trimmed note, leaves the amounts out when they stand, and shows a refused note under it', async () => {
    const { api, user } = renderQueue(() =>
      fieldRefusal('note', 'The note cannot be only a month name', { summary: 'Invalid request' }),
    );
    await user.click(
      (
        await screen.findAllByRole('button', { name: /Resolve Ada Obi’s October 2026 dispute/ })
      )[0]!,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve dispute' }));
    // Shown, then hidden again: the amounts are not sent when the member was not right.
    await user.click(dialog.getByLabelText('Yes: correct the amounts (posts an adjustment)'));
    await user.click(dialog.getByLabelText('No: the recorded amounts stand'));
    await user.type(dialog.getByLabelText('Resolution note'), ' Payroll shows ₦5,000 deducted ');
    await user.click(dialog.getByRole('button', { name: 'Resolve dispute' }));

    expect(await dialog.findByText('The note cannot be only a month name')).toBeInTheDocument();
    expect(dialog.getByLabelText('Resolution note')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(RESOLVE)).toHaveLength(1));
    expect(api.callsTo(RESOLVE)[0]?.body).toEqual({
      note: 'Payroll shows ₦5,000 deducted',
      memberWasRight: false,
    });
    expect(api.callsTo(RESOLVE)[0]?.headers.get('Idempotency-Key')).toMatch(/.+/);
  });
});
