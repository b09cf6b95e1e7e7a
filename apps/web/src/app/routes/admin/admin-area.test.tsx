import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, signInAs } from '../../../testing/auth';
import { json, listAnswer, mockApi, noNotifications } from '../../../testing/fetch-mock';
import { renderAppAt } from '../../../testing/render-app';
import { THEME_STORAGE_KEY } from '../../../lib/theme';
import { BELL_REFRESH_MS } from '../../layouts/signed-in-layout';

/** The overview's answer: nothing waiting, no members and no money unless told. */
const overview =
  (data: Record<string, unknown> = {}) =>
  () =>
    json(200, {
      success: true,
      data: {
        members: { total: 0, active: 0, suspended: 0, notActivated: 0 },
        moneyUnderManagement: { savings: 0, shares: 0, total: 0, outstandingLoans: 0 },
        deductionsThisMonth: { month: '2025-06', contributions: 0, amount: 0 },
        payrollNotRemitted: { count: 0, months: [] },
        queues: [],
        ...data,
      },
    });

/**
 * Opens `url` as a signed-in administrator: the bell and the sidebar's counts (the overview, with
 * nothing waiting) answered, then the page's own routes.
 */
function openAsAdministrator(url: string, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /users/notifications': noNotifications,
    'GET /admin/overview': overview(),
    ...routes,
  });
  signInAs(buildUser({ role: 'admin' }));
  renderAppAt(url);
  return api;
}

describe('the back office', () => {
  it('sends a member who opens /admin to /unauthorized', async () => {
    mockApi({});
    signInAs();
    renderAppAt('/admin/members');
    await waitFor(() => expect(window.location.pathname).toBe('/unauthorized'));
  });

  it('shows an administrator the overview, with only the queues whose page exists', async () => {
    openAsAdministrator('/admin', {
      'GET /admin/overview': overview({
        members: { total: 12, active: 10, suspended: 1, notActivated: 1 },
        moneyUnderManagement: {
          savings: 900_000,
          shares: 100_000,
          total: 1_000_000,
          outstandingLoans: 0,
        },
        deductionsThisMonth: { month: '2025-06', contributions: 10, amount: 250_000 },
        queues: [{ key: 'disputes', label: 'Disputed contributions', count: 2 }],
      }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Back office' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('₦1,000,000')).toBeInTheDocument();
    expect(screen.getByText('Deductions posted for June 2025')).toBeInTheDocument();
    const queue = screen.getByRole('link', { name: /Disputed contributions/ });
    expect(queue).toHaveAttribute('href', '/admin/disputes');
    expect(within(queue).getByText('2')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Members' })).toHaveAttribute(
      'href',
      '/admin/members',
    );
  });

  it('counts each queue beside its page, and marks Payroll current on its schedule page', async () => {
    openAsAdministrator('/admin/payroll/schedule?month=2025-05', {
      'GET /admin/payroll/schedules': () => listAnswer([]),
      'GET /admin/overview': overview({
        deductionsThisMonth: { month: '2025-05', contributions: 0, amount: 0 },
        queues: [
          { key: 'disputes', label: 'Disputed contributions', count: 0 },
          { key: 'loansToDisburse', label: 'Loans to disburse', count: 5 },
          { key: 'withdrawals', label: 'Withdrawals to decide', count: 2 },
          { key: 'deductionChanges', label: 'Deduction changes to decide', count: 4 },
          { key: 'approvals', label: 'Changes to approve', count: 1 },
        ],
      }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Back office' }, { timeout: 5000 });
    expect(
      await within(nav).findByRole('link', { name: 'Deduction changes 4 waiting' }),
    ).toHaveAttribute('href', '/admin/payroll/change-requests');
    expect(within(nav).getByRole('link', { name: 'Withdrawals 2 waiting' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Approvals 1 waiting' })).toBeInTheDocument();
    // Nothing waits in disputes; the loans' queues stay on the overview.
    expect(within(nav).getByRole('link', { name: 'Disputes' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Loans' })).toBeInTheDocument();
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Payroll']);
  });

  it('keeps the bell fresh and applies the saved theme, as the member portal does', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let unreadCount = 0;
      openAsAdministrator('/admin', {
        'GET /users/notifications': () => listAnswer([], { summary: { unreadCount } }),
        'GET /users/settings': () =>
          json(200, {
            success: true,
            data: {
              emailNotifications: true,
              smsNotifications: false,
              pushNotifications: true,
              darkMode: true,
              findableByPhone: true,
            },
          }),
      });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Back office' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      // The officer chose the dark theme in Settings: the back office shows it, and remembers it
      // for the next first paint.
      await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
      expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

      expect(
        await screen.findByRole('link', { name: 'Notifications, 0 unread' }),
      ).toBeInTheDocument();
      unreadCount = 3;
      await act(() => vi.advanceTimersByTimeAsync(BELL_REFRESH_MS));
      expect(
        await screen.findByRole('link', { name: 'Notifications, 3 unread' }),
      ).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
      document.documentElement.classList.remove('dark');
    }
  });

  it('sends an officer without a two-factor sign-in to set-up, with a banner saying why', async () => {
    const message =
      'Officers use the back office only after a two-factor sign-in: turn it on in Settings, or sign in again with your code.';
    mockApi({
      'GET /users/notifications': noNotifications,
      'GET /admin/overview': () =>
        json(403, {
          success: false,
          error: 'Forbidden',
          message,
          code: 'TWO_FACTOR_REQUIRED',
          timestamp: '2026-06-01T09:00:00.000Z',
        }),
      'GET /users/two-factor': () =>
        json(200, { success: true, data: { enabled: false, recoveryCodesLeft: 0 } }),
    });
    signInAs(buildUser({ role: 'admin', roles: ['treasurer'] }));
    renderAppAt('/admin');
    await waitFor(() => expect(window.location.pathname).toBe('/settings/two-factor'), {
      timeout: 15_000,
    });
    const title = await screen.findByText(
      'The back office needs two-factor sign-in',
      {},
      { timeout: 10_000 },
    );
    const banner = title.closest('[role="status"]');
    expect(banner).toHaveTextContent(message);
    expect(
      await screen.findByRole('button', { name: 'Set up two-factor sign-in' }),
    ).toBeInTheDocument();
  }, 20_000);

  it('lists members with the filters in the URL (50 a page, by first name)', async () => {
    const api = openAsAdministrator('/admin/members?isExco=true', {
      'GET /admin/users': () =>
        listAnswer(
          [
            {
              ...buildUser({ firstName: 'Bayo', lastName: 'Ade', isExco: true }),
              joinedOn: '2024-01-10',
              isActivated: true,
              createdAt: '2024-01-10T09:00:00.000Z',
            },
          ],
          { limit: 50 },
        ),
    });
    expect((await screen.findAllByText('Bayo Ade', {}, { timeout: 5000 })).length).toBeGreaterThan(
      0,
    );
    // The address wraps only at '@' or a dot, never inside a word.
    const [address] = document.querySelectorAll('[data-email]');
    expect(address?.className).not.toMatch(/break-all/);
    expect(address?.querySelectorAll('wbr').length).toBeGreaterThan(0);
    const [request] = api.callsTo('GET /admin/users');
    expect(Object.fromEntries(request?.query ?? [])).toMatchObject({
      isExco: 'true',
      limit: '50',
      sortBy: 'firstName',
      sortOrder: 'asc',
    });
  });

  it("searches the cooperative's members and loans from the top bar, not the administrator's own records", async () => {
    const api = openAsAdministrator('/admin/members', {
      'GET /admin/users': () =>
        listAnswer(
          [
            {
              ...buildUser({ firstName: 'Ada', lastName: 'Obi', membershipId: 'M0001' }),
              phoneNumber: '+2348030000001',
              joinedOn: '2024-01-10',
              isActivated: true,
              createdAt: '2024-01-10T09:00:00.000Z',
            },
          ],
          { limit: 5 },
        ),
      'GET /admin/loans': () =>
        listAnswer(
          [
            {
              id: '10000000-0000-4000-8000-000000000003',
              loanId: 'LN-000003',
              member: {
                id: '00000000-0000-4000-8000-000000000001',
                firstName: 'Ada',
                lastName: 'Obi',
                membershipId: 'M0001',
              },
              purpose: 'School fees for the new term',
              requestedAmount: 200_000,
              disbursementAmount: 197_000,
              repaymentTermMonths: 12,
              outstandingBalance: 150_000,
              status: 'disbursed',
              requestDate: '2025-09-01T09:00:00.000Z',
              disbursedAt: '2025-09-10T09:00:00.000Z',
              awaitingSecondApproval: false,
              overdueInstalments: 1,
            },
          ],
          { limit: 5 },
        ),
    });
    const box = await screen.findByRole('searchbox', { name: 'Search the portal' });
    expect(box).toHaveAttribute('placeholder', 'Search members, loans...');
    await userEvent.type(box, 'Obi{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/admin/search'));
    const members = await screen.findByRole('region', { name: 'Members' }, { timeout: 5000 });
    // Phone numbers in one style everywhere: the national form, grouped (as on the profile).
    expect(await within(members).findByText(/0803 000 0001/)).toBeInTheDocument();
    expect(within(members).queryByText(/\+234/)).not.toBeInTheDocument();
    expect(await within(members).findByRole('link', { name: /Ada Obi/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\/members\//),
    );
    const loans = screen.getByRole('region', { name: 'Loans' });
    expect(await within(loans).findByRole('link', { name: /LN-000003/ })).toHaveAttribute(
      'href',
      '/admin/loans/10000000-0000-4000-8000-000000000003',
    );
    const searched = (key: string) => api.callsTo(key).map((call) => call.query.get('search'));
    expect(searched('GET /admin/users')).toContain('Obi');
    expect(searched('GET /admin/loans')).toEqual(['Obi']);
    expect(api.callsTo('GET /users/loans')).toHaveLength(0);
  });

  it("sends /admin/users (the spec's name) to the members list", async () => {
    openAsAdministrator('/admin/users', {
      'GET /admin/users': () => listAnswer([], { limit: 50 }),
    });
    await waitFor(() => expect(window.location.pathname).toBe('/admin/members'));
  });
});
