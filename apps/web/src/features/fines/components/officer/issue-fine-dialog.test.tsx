import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldRefusal, listAnswer, mockApi } from '../../../../testing/fetch-mock';
import { renderWithProviders } from '../../../../testing/render';
import { IssueFineDialog } from './issue-fine-dialog';

const ADA = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Ada',
  lastName: 'Obi',
  membershipId: 'M0001',
};

const members = () => listAnswer([ADA], { limit: 8 });

describe('Issue fine', { timeout: 15_000 }, () => {
  it('says what is missing with the API’s own messages before sending anything', async () => {
    const api = mockApi({ 'GET /admin/users': members });
    const { user } = renderWithProviders(<IssueFineDialog />);
    await user.click(screen.getByRole('button', { name: 'Issue fine' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Issue fine' }));
    await user.type(dialog.getByLabelText('Reason'), '  ab ');
    await user.click(dialog.getByRole('button', { name: 'Issue fine' }));

    expect(await dialog.findByText('Choose at least one member')).toBeInTheDocument();
    expect(dialog.getByText('Reason must be at least 3 characters')).toBeInTheDocument();
    expect(dialog.getByText('Enter a valid amount greater than 0')).toBeInTheDocument();
    expect(dialog.getByLabelText('Amount (₦)')).toHaveAccessibleDescription(
      'Enter a valid amount greater than 0',
    );
    expect(api.callsTo('POST /admin/fines')).toHaveLength(0);
  });

  it('sends the chosen members, the trimmed reason and the amount, and shows a refused field under it', async () => {
    const api = mockApi({
      'GET /admin/users': members,
      'POST /admin/fines': () =>
        fieldRefusal('dueDate', 'The due date cannot be before today', {
          summary: 'Invalid request',
        }),
    });
    const { user } = renderWithProviders(<IssueFineDialog />);
    await user.click(screen.getByRole('button', { name: 'Issue fine' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Issue fine' }));
    await user.type(dialog.getByLabelText('Members to fine'), 'Ada');
    await user.click(await dialog.findByRole('button', { name: 'Add Ada Obi' }));
    await user.type(dialog.getByLabelText('Reason'), ' Absent from the AGM ');
    await user.type(dialog.getByLabelText('Amount (₦)'), '2000');
    await user.type(dialog.getByLabelText('Due date (optional)'), '2026-01-02');
    await user.click(dialog.getByRole('button', { name: 'Issue fine' }));

    expect(await dialog.findByText('The due date cannot be before today')).toBeInTheDocument();
    expect(dialog.getByLabelText('Due date (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /admin/fines')).toHaveLength(1));
    expect(api.callsTo('POST /admin/fines')[0]?.body).toEqual({
      userIds: [ADA.id],
      reason: 'Absent from the AGM',
      amount: 2000,
      dueDate: '2026-01-02',
    });
  });
});
