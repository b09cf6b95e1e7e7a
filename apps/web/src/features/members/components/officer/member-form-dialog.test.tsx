import type { AdminMember } from '@coop/shared/members';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldRefusal, json, mockApi } from '../../../../testing/fetch-mock';
import { renderWithProviders } from '../../../../testing/render';
import { CreateMemberDialog, EditMemberDialog } from './member-form-dialog';

const ADA_ID = '00000000-0000-4000-8000-000000000001';

describe('the member dialogs', { timeout: 15_000 }, () => {
  it('says what a new member lacks with the API’s messages, and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderWithProviders(<CreateMemberDialog />);
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a member' }));
    await user.type(dialog.getByLabelText('Phone number (optional)'), '12345');
    await user.click(dialog.getByRole('button', { name: 'Create member' }));

    expect(await dialog.findByText('First name is required')).toBeInTheDocument();
    expect(dialog.getByText('Last name is required')).toBeInTheDocument();
    expect(dialog.getByText('Email is required')).toBeInTheDocument();
    expect(dialog.getByText('Please enter a valid Nigerian mobile number')).toBeInTheDocument();
    expect(dialog.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(api.calls).toHaveLength(0);
  });

  it('creates a member with the roles ticked, and shows a refused membership ID under its field', async () => {
    const api = mockApi({
      'POST /admin/users': () =>
        fieldRefusal('membershipId', 'Membership IDs start with a letter, like M0042', {
          summary: 'Invalid request',
        }),
    });
    const { user } = renderWithProviders(<CreateMemberDialog />);
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a member' }));
    await user.type(dialog.getByLabelText('First name'), ' Ngozi ');
    await user.type(dialog.getByLabelText('Last name'), 'Okafor');
    await user.type(dialog.getByLabelText('Email'), 'Ngozi@Example.com');
    await user.type(dialog.getByLabelText('Membership ID (optional)'), 'm0042');
    await user.click(dialog.getByLabelText('Exco member'));
    await user.click(dialog.getByRole('button', { name: 'Create member' }));

    expect(
      await dialog.findByText('Membership IDs start with a letter, like M0042'),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText('Membership ID (optional)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /admin/users')).toHaveLength(1));
    const sent = api.callsTo('POST /admin/users')[0];
    // As the API reads it: trimmed, lower-cased e-mail, upper-cased ID; blanks left out.
    expect(sent?.body).toEqual({
      firstName: 'Ngozi',
      lastName: 'Okafor',
      email: 'ngozi@example.com',
      phoneNumber: null,
      membershipId: 'M0042',
      isLoanReviewer: false,
      isExco: true,
    });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/.+/);
  });

  it('edits a member’s details; an e-mail another member has (409) is shown under the e-mail', async () => {
    const member = {
      id: ADA_ID,
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@demo.coop',
      phoneNumber: '+2348031234567',
    } as AdminMember;
    const api = mockApi({
      [`PUT /admin/users/${ADA_ID}`]: () =>
        json(409, {
          success: false,
          error: 'Conflict',
          code: 'MEMBER_EXISTS',
          message: 'A member with this email already exists',
          details: [{ field: 'email', message: 'A member with this email already exists' }],
          timestamp: '2026-11-25T10:00:00.000Z',
        }),
    });
    const { user } = renderWithProviders(<EditMemberDialog member={member} />);
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Ada’s details' }));
    expect(dialog.queryByLabelText('Membership ID (optional)')).not.toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Phone number (optional)'));
    await user.clear(dialog.getByLabelText('Email'));
    await user.type(dialog.getByLabelText('Email'), 'chidi@demo.coop');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));

    // A 409 naming the e-mail goes under the e-mail, where it is fixed.
    await waitFor(() =>
      expect(dialog.getByLabelText('Email')).toHaveAccessibleDescription(
        'A member with this email already exists',
      ),
    );
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    // A phone left blank is removed.
    expect(api.callsTo(`PUT /admin/users/${ADA_ID}`)[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'chidi@demo.coop',
      phoneNumber: null,
    });
  });
});
