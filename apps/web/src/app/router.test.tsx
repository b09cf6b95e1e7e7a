import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../testing/auth';
import { listAnswer, mockApi, noNotifications } from '../testing/fetch-mock';
import { renderAppAt } from '../testing/render-app';

describe('route table', () => {
  it.each(['/', '/index'])(
    '%s goes to the dashboard, which asks a visitor to sign in',
    async (url) => {
      mockApi({});
      renderAppAt(url);
      expect(
        await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/auth/login');
      expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/dashboard');
    },
    // The first test of the file loads the guard, the layouts and the sign-in page with its form
    // (fetched on first use, decision 146) for the first time: seconds on a loaded machine.
    15_000,
  );

  it.each(['/auth/activate', '/activate-account'])('%s is the activation screen', async (url) => {
    mockApi({});
    renderAppAt(url);
    expect(await screen.findByText('No activation token provided')).toBeInTheDocument();
  });

  it.each([
    ['/auth/forgot-password', 'Forgot your password?'],
    ['/unauthorized', 'Access Denied'],
    ['/account-suspended', 'Account Suspended'],
    ['/no/such/page', '404: Oops! Page not found'],
  ])('%s renders its page', async (url, heading) => {
    mockApi({ 'GET /config': () => new Response(null, { status: 503 }) });
    renderAppAt(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('reset password without a token goes to forgot password', async () => {
    mockApi({});
    renderAppAt('/auth/reset-password');
    await waitFor(() => expect(window.location.pathname).toBe('/auth/forgot-password'));
  });

  it.each([
    '/dashboard',
    '/contributions',
    '/loans',
    '/withdrawals',
    '/dividends',
    '/fines',
    '/deductions',
    '/notifications',
    '/profile',
    '/settings',
  ])('%s is guarded', async (url) => {
    mockApi({});
    renderAppAt(url);
    await waitFor(() => expect(window.location.pathname).toBe('/auth/login'));
  });

  it.each([
    // The dashboard's heading greets the member; its document title is 'Dashboard'.
    ['/dashboard', /^Welcome back, /, 'Dashboard'],
    ['/contributions', 'Contributions', 'Contributions'],
    ['/loans', 'Loans', 'Loans'],
    ['/withdrawals', 'Withdrawals', 'Withdrawals'],
    ['/dividends', 'Dividends', 'Dividends'],
    ['/fines', 'Fines', 'Fines'],
    ['/profile', 'Profile', 'Profile'],
    ['/settings', 'Settings', 'Settings'],
  ] as const)('%s shows the layout and its title to a member', async (url, heading, title) => {
    mockApi({
      'GET /users/contributions': () => listAnswer([], { limit: 25 }),
      'GET /users/notifications': noNotifications,
    });
    signInAs();
    renderAppAt(url);
    // Each page's lazy module is compiled on its first import in the test run, which takes a
    // while for a page as large as Contributions on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(document.title).toBe(`${title} · Coop Portal`);
  });
});
