import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { buildUser, signInAs, withStoredToken } from '../../../testing/auth';
import { apiError, json, mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { RequireAuth } from './require-auth';

const renderGuarded = (route = '/notifications?page=2', allowedRoles?: ('user' | 'admin')[]) =>
  renderWithProviders(
    <RequireAuth allowedRoles={allowedRoles}>
      <p>Member content</p>
    </RequireAuth>,
    { route, path: '/notifications' },
  );

const location = () => screen.getByTestId('location');

describe('access guard', () => {
  it('sends a visitor without a session to sign in, remembering the page', async () => {
    mockApi({});
    renderGuarded();
    await waitFor(() =>
      expect(location()).toHaveTextContent(/^\/auth\/login\?redirect=%2Fnotifications%3Fpage%3D2$/),
    );
  });

  it('shows a spinner and loads the member when only a token is stored', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = mockApi({
      'GET /auth/me': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    withStoredToken('stored-token');
    renderGuarded();

    expect(screen.getByRole('status')).toHaveTextContent('Loading your account');
    expect(screen.queryByText('Member content')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /auth/me')).toHaveLength(1));
    expect(api.callsTo('GET /auth/me')[0]?.headers.get('Authorization')).toBe(
      'Bearer stored-token',
    );

    answer(json(200, { success: true, data: buildUser() }));
    expect(await screen.findByText('Member content')).toBeInTheDocument();
    expect(api.callsTo('GET /auth/me')).toHaveLength(1);
    expect(authStore.getState()).toMatchObject({ isAuthenticated: true, isLoading: false });
  });

  it('clears the session and sends the member to sign in when the user cannot be loaded', async () => {
    mockApi({ 'GET /auth/me': () => apiError(500, 'Database unavailable', 'INTERNAL_ERROR') });
    withStoredToken('stored-token');
    renderGuarded();

    await waitFor(() => expect(location()).toHaveTextContent(/^\/auth\/login\?redirect=/));
    expect(authStore.getState()).toMatchObject({
      accessToken: null,
      user: null,
      isAuthenticated: false,
      error: 'Database unavailable',
    });
    expect(window.localStorage.getItem('coop.accessToken')).toBeNull();
  });

  it('sends the member to sign in, with the page, when the session has expired', async () => {
    mockApi({
      'GET /auth/me': () => apiError(401, 'Token expired', 'UNAUTHORIZED'),
      'POST /auth/refresh': () => apiError(401, 'Refresh token expired', 'UNAUTHORIZED'),
    });
    withStoredToken('stale-token');
    renderGuarded();

    await waitFor(() =>
      expect(location()).toHaveTextContent(/^\/auth\/login\?redirect=%2Fnotifications/),
    );
    expect(authStore.getState().error).toBe('Your session has expired. Please sign in again.');
  });

  it('renders the page for an active member with an allowed role', () => {
    signInAs(buildUser({ role: 'admin' }));
    renderGuarded();
    expect(screen.getByText('Member content')).toBeInTheDocument();
  });

  it('sends a role outside the allowed list to /unauthorized', async () => {
    signInAs(buildUser({ role: 'user' }));
    renderGuarded('/notifications', ['admin']);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/unauthorized$/));
  });

  it('sends an inactive member to /account-suspended', async () => {
    signInAs(buildUser({ isActive: false }));
    renderGuarded();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/account-suspended$/));
  });

  it('sends a member who signed out to sign in without remembering the page', async () => {
    signInAs();
    renderGuarded();
    expect(screen.getByText('Member content')).toBeInTheDocument();

    authStore.signedOut();

    await waitFor(() => expect(location()).toHaveTextContent(/^\/auth\/login$/));
  });
});
