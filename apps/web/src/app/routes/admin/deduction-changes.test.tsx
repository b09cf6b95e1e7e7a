import type { AdminChangeRequest } from '@coop/shared/deductions';
import { DEDUCTION_MESSAGES } from '@coop/shared/deduction-rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../testing/auth';
import { apiError, json, listAnswer, mockApi, noNotifications } from '../../../testing/fetch-mock';
import { renderAppAt } from '../../../testing/render-app';

const REQUEST: AdminChangeRequest = {
  id: '00000000-0000-4000-8000-0000000000d1',
  savingsAmount: 30_000,
  shareAmount: 5_000,
  effectiveMonth: '2025-07',
  status: 'pending',
  autoApproved: false,
  decidedAt: null,
  rejectionReason: null,
  createdAt: '2025-06-10T09:30:00.000Z',
  member: {
    id: '00000000-0000-4000-8000-000000000001',
    firstName: 'Bola',
    lastName: 'Ade',
    membershipId: 'M0001',
  },
  current: { savingsAmount: 20_000, shareAmount: 5_000 },
  decidedBy: null,
};

// The whole app renders: slow under load.
describe('the back office: deduction changes', { timeout: 30_000 }, () => {
  it('lists the request with its amounts now and asked for, and approves it with a key', async () => {
    let decided = false;
    const api = mockApi({
      'GET /users/notifications': noNotifications,
      'GET /admin/approvals': () => listAnswer([]),
      'GET /admin/payroll/change-requests': () =>
        listAnswer([decided ? { ...REQUEST, status: 'approved' } : REQUEST]),
      [`POST /admin/payroll/change-requests/${REQUEST.id}/approve`]: () => {
        decided = true;
        return json(200, {
          success: true,
          data: { ...REQUEST, status: 'approved' },
          message: DEDUCTION_MESSAGES.approved,
        });
      },
    });
    signInAs(buildUser({ role: 'admin' }));
    renderAppAt('/admin/payroll/change-requests');
    expect(
      await screen.findByRole('heading', { name: 'Deduction changes' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Deduction change requests' });
    expect(
      within(table).getByText('₦20,000 savings, ₦5,000 shares → ₦30,000 savings, ₦5,000 shares'),
    ).toBeInTheDocument();
    expect(within(table).getByText('July 2025')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(
      within(table).getByRole('button', { name: 'Approve Bola Ade’s deduction change' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve deduction change' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve change' }));
    expect(await screen.findByText(DEDUCTION_MESSAGES.approved)).toBeInTheDocument();
    const [sent] = api.callsTo(`POST /admin/payroll/change-requests/${REQUEST.id}/approve`);
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await within(table).findByText('Approved')).toBeInTheDocument();
  });

  it('shows the server’s refusal of an officer’s own request, and rejects with a reason', async () => {
    const api = mockApi({
      'GET /users/notifications': noNotifications,
      'GET /admin/approvals': () => listAnswer([]),
      'GET /admin/payroll/change-requests': () => listAnswer([REQUEST]),
      [`POST /admin/payroll/change-requests/${REQUEST.id}/approve`]: () =>
        apiError(403, DEDUCTION_MESSAGES.ownRequest, 'DEDUCTION_CHANGE_SELF_DECISION'),
      [`POST /admin/payroll/change-requests/${REQUEST.id}/reject`]: () =>
        json(200, {
          success: true,
          data: { ...REQUEST, status: 'rejected', rejectionReason: 'Below the minimum' },
          message: DEDUCTION_MESSAGES.rejected,
        }),
    });
    signInAs(buildUser({ role: 'admin' }));
    renderAppAt('/admin/payroll/change-requests');
    const table = await screen.findByRole(
      'table',
      { name: 'Deduction change requests' },
      { timeout: 10_000 },
    );
    const user = userEvent.setup();
    await user.click(
      within(table).getByRole('button', { name: 'Approve Bola Ade’s deduction change' }),
    );
    const approve = await screen.findByRole('dialog', { name: 'Approve deduction change' });
    await user.click(within(approve).getByRole('button', { name: 'Approve change' }));
    expect(
      await within(approve).findByText(
        'You cannot decide your own change request: another officer must',
      ),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(
      within(table).getByRole('button', { name: 'Reject Bola Ade’s deduction change' }),
    );
    const reject = await screen.findByRole('dialog', { name: 'Reject deduction change' });
    await user.type(within(reject).getByLabelText(/Reason for rejecting/), 'Below the minimum');
    await user.click(within(reject).getByRole('button', { name: 'Reject change' }));
    expect(await screen.findByText(DEDUCTION_MESSAGES.rejected)).toBeInTheDocument();
    const [sent] = api.callsTo(`POST /admin/payroll/change-requests/${REQUEST.id}/reject`);
    expect(sent?.body).toEqual({ reason: 'Below the minimum' });
  });
});
