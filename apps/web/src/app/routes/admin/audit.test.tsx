import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../testing/auth';
import { listAnswer, mockApi, noNotifications } from '../../../testing/fetch-mock';
import { renderAppAt } from '../../../testing/render-app';

describe('the audit log', () => {
  it(
    'reads who did what, and before → after in words, without UUIDs or JSON',
    { timeout: 15_000 },
    async () => {
      mockApi({
        'GET /users/notifications': noNotifications,
        'GET /admin/audit': () =>
          listAnswer(
            [
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
            { limit: 25 },
          ),
      });
      signInAs(buildUser({ role: 'admin' }));
      renderAppAt('/admin/audit');
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
