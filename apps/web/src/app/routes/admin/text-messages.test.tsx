import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, signInAs } from '../../../testing/auth';
import { listAnswer, mockApi, noNotifications } from '../../../testing/fetch-mock';
import { renderAppAt } from '../../../testing/render-app';

describe('the text messages page', () => {
  it(
    'lists failed and retrying texts with the member, the masked number, the state and the reason',
    { timeout: 15_000 },
    async () => {
      const api = mockApi({
        'GET /users/notifications': noNotifications,
        'GET /admin/text-messages': () =>
          listAnswer(
            [
              {
                id: 'a',
                createdAt: '2026-03-10T09:00:00.000Z',
                member: { id: 'm1', name: 'Ada Obi', membershipId: 'M0001' },
                to: '0803 *** 0101',
                kind: 'loanDisbursed',
                security: false,
                state: 'failed',
                attempts: 1,
                maxAttempts: 5,
                lastError: 'Termii answered 400: Invalid phone number',
                nextAttemptAt: null,
              },
              {
                id: 'b',
                createdAt: '2026-03-10T08:00:00.000Z',
                member: { id: 'm2', name: 'Bayo Adeyemi', membershipId: 'M0002' },
                to: '0803 *** 0102',
                kind: 'newDeviceSignIn',
                security: true,
                state: 'retrying',
                attempts: 2,
                maxAttempts: 5,
                lastError: 'Termii answered 503: Service unavailable',
                nextAttemptAt: '2026-03-10T08:04:00.000Z',
              },
            ],
            { limit: 25 },
          ),
      });
      signInAs(buildUser({ role: 'admin' }));
      renderAppAt('/admin/text-messages');
      expect(
        await screen.findByRole('heading', { name: 'Text messages' }, { timeout: 10_000 }),
      ).toBeVisible();
      const failed = (await screen.findAllByText('Termii answered 400: Invalid phone number'))[0];
      expect(failed).toBeVisible();
      const main = within(screen.getByRole('main'));
      expect(main.getAllByText('M0001 · 0803 *** 0101')[0]).toBeVisible();
      expect(main.getAllByText('Loan disbursed')[0]).toBeVisible();
      expect(main.getAllByText('Gave up after 1 attempt')[0]).toBeVisible();
      expect(main.getAllByText('New sign-in')[0]).toBeVisible();
      expect(main.getAllByText('Security')[0]).toBeVisible();
      expect(main.getAllByText('Attempt 3 of 5 at Mar 10, 2026, 09:04')[0]).toBeVisible();
      const badges = main.getAllByText(/^(Retrying|Failed)$/, { selector: '[data-tone]' });
      expect(badges.map((badge) => [badge.textContent, badge.dataset.tone])).toEqual(
        expect.arrayContaining([
          ['Failed', 'danger'],
          ['Retrying', 'warning'],
        ]),
      );
      expect(screen.getByRole('main')).not.toHaveTextContent(/8030000101/);
      expect(api.callsTo('GET /admin/text-messages')[0]?.query.get('sortBy')).toBe('createdAt');
    },
  );
});
