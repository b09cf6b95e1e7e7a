import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../testing/auth';
import { json, mockApi } from '../../../testing/fetch-mock';
import { AppProvider } from '../../provider';
import { AppRoutes } from '../../router';

const pagination = {
  currentPage: 1,
  totalPages: 1,
  totalItems: 1,
  hasNext: false,
  hasPrev: false,
  limit: 25,
};

describe('the audit log', () => {
  it(
    'reads who did what, and before → after in words, without UUIDs or JSON',
    { timeout: 15_000 },
    async () => {
      mockApi({
        'GET /users/notifications': () =>
          json(200, {
            success: true,
            data: [],
            pagination: { ...pagination, totalItems: 0, limit: 10 },
            summary: { unreadCount: 0 },
          }),
        'GET /admin/audit': () =>
          json(200, {
            success: true,
            data: [
              {
                id: 7,
                occurredAt: '2026-03-10T09:00:00.000Z',
                actor: {
                  id: '11111111-2222-4333-8444-555555555555',
                  name: 'Bola Ade',
                  membershipId: 'M0002',
                },
                action: 'withdrawal.approved',
                entityType: 'withdrawal',
                entityId: '3f2a9c1e-0b7d-4c1a-9e2f-5a6b7c8d9e0f',
                before: { status: 'pending' },
                after: { status: 'approved', approvedAmount: 25_000 },
                ip: '127.0.0.1',
              },
            ],
            pagination,
          }),
      });
      signInAs(buildUser({ role: 'admin' }));
      window.history.pushState({}, '', '/admin/audit');
      render(
        <AppProvider>
          <AppRoutes />
        </AppProvider>,
      );
      expect(
        (await screen.findAllByText('Withdrawal approved', undefined, { timeout: 10_000 }))[0],
      ).toBeVisible();
      expect(screen.getAllByText('Status: pending → approved')[0]).toBeVisible();
      expect(screen.getAllByText('Approved amount: 25,000')[0]).toBeVisible();
      expect(screen.getAllByText('3f2a9c1e')[0]).toHaveAttribute(
        'title',
        '3f2a9c1e-0b7d-4c1a-9e2f-5a6b7c8d9e0f',
      );
      expect(screen.getByRole('main')).not.toHaveTextContent(/[{}"]|withdrawal\.approved/);
    },
  );
});
