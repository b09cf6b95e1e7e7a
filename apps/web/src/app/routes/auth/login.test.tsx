import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { buildUser, signInAs } from '../../../testing/auth';
import { apiError, json, mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import LoginRoute from './login';

/** The sign-in page, once its form's code has arrived (the form is fetched on first use). */
async function renderLogin(route = '/auth/login') {
  const view = renderWithProviders(<LoginRoute />, { route, path: '/auth/login' });
  await screen.findByRole('button', { name: 'Sign In' });
  return view;
}

describe('sign-in page', () => {
  it('shows the fields, the forgot-password link and the administrator note', async () => {
    await renderLogin();

    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email, phone number or membership ID')).toHaveAttribute(
      'autocomplete',
      'username',
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(screen.getByText(/contact the administrator/i)).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user } = await renderLogin();
    const password = screen.getByLabelText('Password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('requires both fields, with the spec messages', async () => {
    const api = mockApi({});
    const { user } = await renderLogin();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(
      await screen.findByText('Email, phone number, or membership ID is required'),
    ).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email, phone number or membership ID')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('counts an identifier of spaces as missing', async () => {
    mockApi({});
    const { user } = await renderLogin();

    await user.type(screen.getByLabelText('Email, phone number or membership ID'), '   ');
    await user.type(screen.getByLabelText('Password'), 'Demo!2345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(
      await screen.findByText('Email, phone number, or membership ID is required'),
    ).toBeInTheDocument();
  });

  it("reads 'Signing in...' while signing in, then opens the dashboard", async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = mockApi({
      'POST /auth/login': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = await renderLogin();

    await user.type(screen.getByLabelText('Email, phone number or membership ID'), ' M0001 ');
    await user.type(screen.getByLabelText('Password'), 'Demo!2345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(api.callsTo('POST /auth/login')[0]?.body).toEqual({
      identifier: 'M0001',
      password: 'Demo!2345',
    });

    answer(json(200, { success: true, data: { accessToken: 'token', user: buildUser() } }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/dashboard$/);
    expect(authStore.getState()).toMatchObject({ isAuthenticated: true, accessToken: 'token' });
  });

  it('opens the page the member first asked for', async () => {
    mockApi({
      'POST /auth/login': () =>
        json(200, { success: true, data: { accessToken: 'token', user: buildUser() } }),
    });
    const { user } = await renderLogin('/auth/login?redirect=%2Fnotifications%3Fpage%3D2');

    await user.type(screen.getByLabelText('Email, phone number or membership ID'), 'ada@demo.coop');
    await user.type(screen.getByLabelText('Password'), 'Demo!2345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/notifications\?page=2$/);
  });

  it("shows the server's message when sign-in fails", async () => {
    mockApi({
      'POST /auth/login': () => apiError(401, 'Invalid credentials', 'INVALID_CREDENTIALS'),
    });
    const { user } = await renderLogin();

    await user.type(screen.getByLabelText('Email, phone number or membership ID'), 'ada@demo.coop');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('shows the lockout message the server sends', async () => {
    mockApi({
      'POST /auth/login': () =>
        apiError(
          429,
          'Too many failed sign-in attempts. Try again in 15 minutes.',
          'ACCOUNT_LOCKED',
        ),
    });
    const { user } = await renderLogin();

    await user.type(
      screen.getByLabelText('Email, phone number or membership ID'),
      'chidi@demo.coop',
    );
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    );
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    signInAs();
    renderWithProviders(<LoginRoute />, { route: '/auth/login', path: '/auth/login' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });
});
