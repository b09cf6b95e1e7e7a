import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { buildUser, signInAs } from '../../testing/auth';
import { apiError, json, mockApi } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import AccountSuspendedRoute from './account-suspended';
import NotFoundRoute from './not-found';
import UnauthorizedRoute from './unauthorized';

describe('open pages', () => {
  it('Access Denied explains and links to the dashboard', () => {
    renderWithProviders(<UnauthorizedRoute />, { route: '/unauthorized' });

    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText("You don't have permission to access this resource."),
    ).toBeInTheDocument();
    expect(
      screen.getByText('If you believe this is an error, please contact your administrator.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it("the not-found page reads '404', 'Oops! Page not found' and leads home", () => {
    renderWithProviders(<NotFoundRoute />, { route: '/no/such/page' });

    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '404: Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('Account Suspended shows the administrator contact and signs the member out', async () => {
    const api = mockApi({
      'GET /config': () =>
        json(200, {
          success: true,
          data: {
            cooperativeName: 'Demo Cooperative',
            adminContactEmail: 'admin@demo.coop',
            adminContactPhone: '+234 803 000 0000',
          },
        }),
      'POST /auth/logout': () => json(200, { success: true }),
    });
    signInAs(buildUser({ isActive: false }));
    const { user } = renderWithProviders(<AccountSuspendedRoute />, {
      route: '/account-suspended',
    });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Account Suspended' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Your account has been temporarily suspended and cannot access the system.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/access to the member portal is restricted/i)).toBeInTheDocument();
    expect(screen.getByText(/no transactions or member services/i)).toBeInTheDocument();
    expect(
      screen.getByText(/pending verification or an administrative review/i),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Email: admin@demo.coop' })).toHaveAttribute(
      'href',
      'mailto:admin@demo.coop',
    );
    expect(screen.getByRole('link', { name: 'Phone: 0803 000 0000' })).toHaveAttribute(
      'href',
      'tel:+2348030000000',
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© ${new Date().getFullYear()} Demo Cooperative. All rights reserved.`,
    );

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth\/login$/),
    );
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
    expect(authStore.getState()).toMatchObject({ accessToken: null, user: null });
  });

  it('Account Suspended still offers Sign Out when the contact details cannot load', async () => {
    mockApi({ 'GET /config': () => apiError(500, 'Down', 'INTERNAL_ERROR') });
    renderWithProviders(<AccountSuspendedRoute />, { route: '/account-suspended' });

    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeEnabled();
  });
});
