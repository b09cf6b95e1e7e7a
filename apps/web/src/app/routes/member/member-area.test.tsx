import type { Notification } from '@coop/shared/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { lazy, type ComponentType } from 'react';
import { Route } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { UNDO_WINDOW_MS } from '../../../lib/undoable';
import { signInAs } from '../../../testing/auth';
import { json, listAnswer, mockApi, type MockRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import DashboardRoute from './dashboard';
import MemberLayoutRoute from './layout';
import NotificationsRoute from './notifications';
import { setViewportWidth } from '../../../testing/viewport';

function buildNotification(index: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    type: 'guarantor_request',
    title: `Notification ${index}`,
    message: `Message ${index}`,
    read: false,
    readAt: null,
    createdAt: '2026-03-05T13:05:00.000Z',
    priority: 'medium',
    actionText: null,
    actionUrl: null,
    ...overrides,
  };
}

/** A tiny notifications server: the list, one read, all read. */
function notificationsServer(initial: Notification[]) {
  let items = initial;
  const unread = () => items.filter((item) => !item.read).length;
  const list = ({ query }: MockRequest) => {
    const page = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    const data = items.slice((page - 1) * limit, page * limit);
    return listAnswer(data, {
      page,
      limit,
      totalItems: items.length,
      summary: { unreadCount: unread() },
    });
  };
  const readAt = '2026-03-06T09:00:00.000Z';
  const handlers: Record<string, (request: MockRequest) => Response> = {
    'GET /users/notifications': list,
    'PUT /users/notifications/mark-all-read': () => {
      const updated = unread();
      items = items.map((item) => (item.read ? item : { ...item, read: true, readAt }));
      return json(200, { success: true, data: { updated } });
    },
    'POST /auth/logout': () => json(200, { success: true }),
  };
  for (const item of initial) {
    handlers[`PUT /users/notifications/${item.id}/read`] = () => {
      items = items.map((entry) =>
        entry.id === item.id ? { ...entry, read: true, readAt } : entry,
      );
      return json(200, { success: true, data: items.find((entry) => entry.id === item.id) });
    };
  }
  return handlers;
}

const renderMemberArea = (route: string) =>
  renderRoutes(
    <Route element={<MemberLayoutRoute />}>
      <Route path="/dashboard" element={<DashboardRoute />} />
      <Route path="/notifications" element={<NotificationsRoute />} />
    </Route>,
    { route },
  );

const bell = () => within(screen.getByRole('banner')).getByRole('link', { name: /^Notifications/ });

describe('member layout', () => {
  it('shows the sidebar links, the search box, the bell and the page title', async () => {
    signInAs();
    const api = mockApi(notificationsServer([buildNotification(1), buildNotification(2)]));
    renderMemberArea('/dashboard');

    expect(
      await screen.findByRole('heading', { level: 1, name: /^Welcome back, / }),
    ).toBeInTheDocument();
    const main = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(main.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/contributions',
      '/deductions',
      '/loans',
      '/withdrawals',
      '/dividends',
      '/fines',
    ]);
    const account = within(screen.getByRole('navigation', { name: 'Account' }));
    expect(account.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/notifications',
      '/profile',
    ]);
    // The sidebar is the desktop's navigation: there is no slide-over to open.
    expect(screen.queryByRole('button', { name: 'Open navigation menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search the portal' })).toHaveAttribute(
      'placeholder',
      'Search transactions, loans...',
    );

    // The top bar loads notifications page 1, limit 10.
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    expect(bell()).toHaveAttribute('href', '/notifications');
    const request = api.callsTo('GET /users/notifications')[0];
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ page: '1', limit: '10' });
  });

  it("puts focus on the page's heading on arrival and after each page change", async () => {
    signInAs();
    mockApi(notificationsServer([buildNotification(1)]));
    const { user } = renderMemberArea('/dashboard');

    // Arriving with nothing focused (as signing in leaves it), the heading takes focus.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: /^Welcome back, / })).toHaveFocus(),
    );
    const account = within(screen.getByRole('navigation', { name: 'Account' }));
    await user.click(account.getByRole('link', { name: /Notifications/ }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toHaveFocus(),
    );
  });

  it('leaves focus in the user menu when the member opens it before the page has loaded', async () => {
    signInAs();
    mockApi(notificationsServer([]));
    // A page whose code arrives only when the test says so, as on a slow connection.
    let showPage = () => undefined as void;
    const SlowPage = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          showPage = () => resolve({ default: () => <h1>Slow page</h1> });
        }),
    );
    const { user } = renderRoutes(
      <Route element={<MemberLayoutRoute />}>
        <Route path="/slow" element={<SlowPage />} />
      </Route>,
      { route: '/slow' },
    );

    await user.click(await screen.findByRole('button', { name: /user menu of Ada Okafor/ }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toContainElement(document.activeElement as HTMLElement));

    // The page arrives: its heading does not take focus from the open menu, which stays open.
    await act(async () => showPage());
    expect(await screen.findByRole('heading', { level: 1, name: 'Slow page' })).not.toHaveFocus();
    expect(screen.getByRole('menu')).toContainElement(document.activeElement as HTMLElement);
  });

  it('shows the member in the user menu, with Profile, Settings and Logout', async () => {
    signInAs();
    const api = mockApi(notificationsServer([]));
    const { user } = renderMemberArea('/dashboard');

    // The name begins with the initials the button shows (WCAG 2.5.3 label in name).
    const trigger = await screen.findByRole('button', { name: 'AO, user menu of Ada Okafor' });
    expect(trigger).toHaveTextContent(/^AO/);
    await user.click(trigger);
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByText('Ada Okafor')).toBeInTheDocument();
    expect(menu.getByText('Member #M0001')).toBeInTheDocument();
    expect(menu.getByText('ada@demo.coop')).toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');

    await user.click(menu.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth\/login$/),
    );
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
    expect(authStore.getState()).toMatchObject({ accessToken: null, user: null });
    expect(window.localStorage.getItem('coop.accessToken')).toBeNull();
  });

  it('opens the navigation as a slide-over that Escape closes, returning focus', async () => {
    setViewportWidth(390);
    signInAs();
    mockApi(notificationsServer([]));
    const { user } = renderMemberArea('/dashboard');
    const menuButton = await screen.findByRole('button', { name: 'Open navigation menu' });
    // On a phone the links are only in the slide-over: no sidebar hidden beside the page.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await user.click(menuButton);
    const panel = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(within(panel).getByRole('link', { name: 'Loans' })).toBeInTheDocument();
    expect(panel).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(menuButton).toHaveFocus();
  });

  it('closes the slide-over when the window widens to the sidebar, and keeps it closed after', async () => {
    setViewportWidth(390);
    signInAs();
    mockApi(notificationsServer([]));
    const { user } = renderMemberArea('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    await screen.findByRole('dialog', { name: 'Navigation' });

    setViewportWidth(1024);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The sidebar takes the slide-over's place, and the menu button goes.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation menu' })).not.toBeInTheDocument();
    setViewportWidth(390);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open navigation menu' })).toBeInTheDocument();
  });
});

describe('notifications page', () => {
  it('lists notifications with their badges, date, message and action link', async () => {
    signInAs();
    mockApi(
      notificationsServer([
        buildNotification(1, {
          type: 'fine_issued',
          priority: 'urgent',
          title: 'Late repayment fine',
          message: 'A fine of ₦5,000 was issued.',
          actionText: 'View fines',
          actionUrl: '/fines',
        }),
        buildNotification(2, {
          type: 'dispute_resolved',
          priority: 'low',
          read: true,
          readAt: '2026-03-05T14:00:00.000Z',
        }),
      ]),
    );
    renderMemberArea('/notifications');

    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Fine issued')).toBeInTheDocument();
    expect(first.getByText('Urgent')).toBeInTheDocument();
    expect(first.getByText('Mar 05, 2026, 14:05')).toBeInTheDocument();
    expect(first.getByRole('heading', { name: 'Late repayment fine' })).toBeInTheDocument();
    expect(first.getByText('A fine of ₦5,000 was issued.')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View fines' })).toHaveAttribute('href', '/fines');
    expect(first.getByRole('button', { name: 'Mark read' })).toBeInTheDocument();
    expect(items[0]).toHaveAttribute('data-read', 'false');

    const second = within(items[1] as HTMLElement);
    expect(second.getByText('Dispute resolved')).toBeInTheDocument();
    expect(second.getByText('Low')).toBeInTheDocument();
    expect(second.queryByRole('button', { name: 'Mark read' })).not.toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();
  });

  it('marks one read and the bell follows without a reload', async () => {
    signInAs();
    const api = mockApi(notificationsServer([buildNotification(1), buildNotification(2)]));
    const { user } = renderMemberArea('/notifications');

    await screen.findByText('2 unread');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    const [first] = screen.getAllByRole('button', { name: 'Mark read' });
    expect(first).toHaveAccessibleDescription('Notification 1');
    await user.click(first as HTMLElement);

    expect(await screen.findByText('1 unread')).toBeInTheDocument();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(screen.getAllByRole('button', { name: 'Mark read' })).toHaveLength(1);
    expect(
      api.callsTo('PUT /users/notifications/00000000-0000-4000-8000-000000000001/read'),
    ).toHaveLength(1);
  });

  it("marks all read with Undo, sent when the window ends, then disables 'Mark all as read'", async () => {
    // The clock is the test's: the Undo window passes without five seconds of waiting.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    signInAs();
    const api = mockApi(notificationsServer([buildNotification(1), buildNotification(2)]));
    const { user } = renderMemberArea('/notifications');
    const sent = () => api.callsTo('PUT /users/notifications/mark-all-read');

    const markAll = await screen.findByRole('button', { name: 'Mark all as read' });
    await waitFor(() => expect(markAll).toBeEnabled());
    await user.click(markAll);
    // Read at once, with Undo; Undo puts the two back unread and nothing is sent.
    expect(await screen.findByText('0 unread')).toBeInTheDocument();
    expect(await screen.findByText('All notifications marked as read')).toBeInTheDocument();
    expect(screen.getByText('2 unread notifications marked as read.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('2 unread')).toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    await act(() => vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS + 500));
    expect(sent()).toEqual([]);

    await user.click(markAll);
    expect(await screen.findByText('0 unread')).toBeInTheDocument();
    expect(sent()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS));
    await waitFor(() => expect(sent()).toHaveLength(1));
    await waitFor(() => expect(markAll).toBeDisabled());
    expect(bell()).toHaveAccessibleName('Notifications, 0 unread');
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark read' })).not.toBeInTheDocument();
  }, 30_000);

  it("says 'No notifications' when there are none", async () => {
    signInAs();
    mockApi(notificationsServer([]));
    renderMemberArea('/notifications');

    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('pages through the list', async () => {
    signInAs();
    const api = mockApi(
      notificationsServer(Array.from({ length: 12 }, (_, index) => buildNotification(index + 1))),
    );
    const { user } = renderMemberArea('/notifications');

    await screen.findByRole('heading', { name: 'Notification 1' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));

    expect(await screen.findByRole('heading', { name: 'Notification 11' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(
      api.callsTo('GET /users/notifications').some((call) => call.query.get('page') === '2'),
    ).toBe(true);
  });
});
