import type { Proposal } from '@coop/shared/proposals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../testing/auth';
import { json, mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { ApprovalsView } from './approvals-view';

const ME = buildUser({ role: 'admin', firstName: 'Folake', lastName: 'Secretary' });
const OTHER = { id: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'Demo Administrator' };

const base: Proposal = {
  id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  kind: 'officer.details',
  status: 'pending',
  target: {
    id: '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b',
    name: 'Kunle Auditor',
    membershipId: 'A0003',
  },
  changes: [{ field: 'email', before: 'auditor@demo.coop', after: 'kunle@mail.test' }],
  proposedBy: OTHER,
  proposedAt: '2026-11-26T09:00:00.000Z',
  expiresAt: '2026-12-03T09:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  rejectionReason: null,
  canApprove: true,
};

const policyChange: Proposal = {
  ...base,
  id: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  kind: 'policy.controls',
  target: null,
  changes: [
    {
      field: 'disbursement.secondApprovalAboveKobo',
      before: 500_000_000,
      after: 5_000_000_000,
    },
  ],
  proposedBy: { id: ME.id, name: 'Folake Secretary' },
  canApprove: false,
};

describe('Approvals', () => {
  it('shows who proposed what (before → after); approving asks for confirmation', async () => {
    signInAs(ME);
    const api = mockApi({
      'GET /admin/proposals': (call) =>
        json(200, {
          success: true,
          data: call.query.get('status') === 'decided' ? [] : [base, policyChange],
        }),
      [`POST /admin/proposals/officers/${base.id}/approve`]: () =>
        json(200, { success: true, message: 'Approved: the change has taken effect' }),
    });
    renderWithProviders(<ApprovalsView />);
    const table = await screen.findByRole('table', { name: 'Changes waiting for approval' });
    const row = within(table).getByRole('row', { name: /Kunle Auditor/ });
    // The arrow is read as "to".
    expect(row).toHaveTextContent('E-mail: auditor@demo.coop → to kunle@mail.test');
    expect(row).toHaveTextContent('Demo Administrator');

    // My own proposal: no Approve, but I may withdraw it.
    const mine = within(table).getByRole('row', { name: /Policy controls/ });
    expect(mine).toHaveTextContent('Second approval above: ₦5,000,000 → to ₦50,000,000');
    expect(within(mine).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(mine).getByRole('button', { name: /^Withdraw/ })).toBeVisible();

    await userEvent.click(within(row).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this change' });
    expect(dialog).toHaveTextContent('Demo Administrator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`POST /admin/proposals/officers/${base.id}/approve`)).toHaveLength(1);
  });

  it('rejecting needs a reason and sends it', async () => {
    signInAs(ME);
    const api = mockApi({
      'GET /admin/proposals': (call) =>
        json(200, { success: true, data: call.query.get('status') === 'decided' ? [] : [base] }),
      [`POST /admin/proposals/officers/${base.id}/reject`]: () =>
        json(200, { success: true, message: 'Rejected: nothing was changed' }),
    });
    renderWithProviders(<ApprovalsView />);
    const table = await screen.findByRole('table', { name: 'Changes waiting for approval' });
    await userEvent.click(within(table).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this change' });
    // The dialog kit's one reason behaviour: the minimum is said under the field and the button
    // stays disabled until the reason meets it.
    expect(within(dialog).getByRole('button', { name: 'Reject change' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      '0/500 characters, at least 3; officers see it in the audit log.',
    );
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Not asked for by Kunle');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = api.callsTo(`POST /admin/proposals/officers/${base.id}/reject`);
    expect(call?.body).toEqual({ reason: 'Not asked for by Kunle' });
  });
});
