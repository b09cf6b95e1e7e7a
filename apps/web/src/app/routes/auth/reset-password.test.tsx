import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../testing/auth';
import { apiError, fieldRefusal, json, mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import ResetPasswordRoute from './reset-password';

const renderReset = (route = '/auth/reset-password?token=reset-token') =>
  renderWithProviders(<ResetPasswordRoute />, { route });

async function submit(
  user: ReturnType<typeof renderReset>['user'],
  password: string,
  confirmation: string,
) {
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('reset password', () => {
  it('sends a visitor without a token to forgot password', async () => {
    renderReset('/auth/reset-password');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/auth/forgot-password'),
    );
  });

  it('lists the five requirements, special character included', () => {
    renderReset();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'At least 8 characters (not met)',
      'One uppercase letter (not met)',
      'One lowercase letter (not met)',
      'One number (not met)',
      'One special character (not met)',
    ]);
  });

  it.each([
    ['Abc1!', 'Password must be at least 8 characters'],
    ['abcdef1!', 'Password must contain at least one uppercase letter'],
    ['ABCDEF1!', 'Password must contain at least one lowercase letter'],
    ['Abcdefg!', 'Password must contain at least one number'],
    ['Abcdefg1', 'Password must contain at least one special character'],
  ])('refuses %j: %s', async (password, message) => {
    mockApi({});
    const { user } = renderReset();
    await submit(user, password, password);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('asks for a matching confirmation', async () => {
    mockApi({});
    const { user } = renderReset();

    await submit(user, 'Abcdef1!', '');
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm new password'), 'Abcdef1?');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
  });

  it("resets, then offers 'Sign In Now'", async () => {
    const api = mockApi({ 'POST /auth/reset-password': () => json(200, { success: true }) });
    const { user } = renderReset();

    await submit(user, 'Abcdef1!', 'Abcdef1!');

    expect(
      await screen.findByRole('heading', { name: 'Password Reset Successful!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(api.callsTo('POST /auth/reset-password')[0]?.body).toEqual({
      token: 'reset-token',
      newPassword: 'Abcdef1!',
      confirmPassword: 'Abcdef1!',
    });
  });

  it('explains a bad link on 400', async () => {
    mockApi({
      'POST /auth/reset-password': () => apiError(400, 'Invalid or expired token', 'INVALID_TOKEN'),
    });
    const { user } = renderReset();

    await submit(user, 'Abcdef1!', 'Abcdef1!');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid or expired reset token. Please request a new password reset link.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
  });

  it.each([
    [
      'CONTEXT_PASSWORD',
      'This password contains your name, e-mail, phone number, membership ID or a word about the cooperative. Please choose a different one.',
    ],
    [
      'BREACHED_PASSWORD',
      'This password has appeared in a data breach, so others may already know it. Please choose a different one.',
    ],
  ])('shows a new password the server refuses (%s) under the field', async (code, message) => {
    mockApi({
      'POST /auth/reset-password': () => fieldRefusal('newPassword', message, { code }),
    });
    const { user } = renderReset();

    await submit(user, 'Adeyemi!2031x', 'Adeyemi!2031x');

    expect(await screen.findByText(message)).toHaveAttribute('id', 'newPassword-error');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's message for other failures, else the fallback", async () => {
    const api = mockApi({
      'POST /auth/reset-password': () => apiError(409, 'Reset already in progress', 'CONFLICT'),
    });
    const { user } = renderReset();

    await submit(user, 'Abcdef1!', 'Abcdef1!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Reset already in progress');

    api.fetchMock.mockResolvedValueOnce(new Response(null, { status: 500 }));
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Failed to reset password. Please try again.',
      ),
    );
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    signInAs();
    renderReset();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });
});
