import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../testing/auth';
import { apiError, json, mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import ForgotPasswordRoute from './forgot-password';

const NEUTRAL = 'If an account with that email exists, a password reset link has been sent.';

const renderForgot = () =>
  renderWithProviders(<ForgotPasswordRoute />, { route: '/auth/forgot-password' });

async function submit(user: ReturnType<typeof renderForgot>['user'], email: string) {
  const field = screen.getByLabelText('Email');
  await user.clear(field);
  if (email) await user.type(field, email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('forgot password', () => {
  it('requires a valid e-mail address', async () => {
    const api = mockApi({});
    const { user } = renderForgot();

    await submit(user, '');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await submit(user, 'ada@demo');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("shows 'Check Your Email' with its tips, then returns to the form", async () => {
    const api = mockApi({
      'POST /auth/forgot-password': () => json(200, { success: true, message: NEUTRAL }),
    });
    const { user } = renderForgot();

    await submit(user, ' Ada@Demo.coop ');

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(api.callsTo('POST /auth/forgot-password')[0]?.body).toEqual({ email: 'ada@demo.coop' });
    expect(screen.getByText(NEUTRAL)).toBeInTheDocument();
    // Neutral to the end: the view does not name the address, as if something went there.
    expect(screen.queryByText(/ada@demo\.coop/i)).not.toBeInTheDocument();
    expect(screen.getByText(/inbox and your spam/i)).toBeInTheDocument();
    expect(screen.getByText('The link expires in 1 hour.')).toBeInTheDocument();
    expect(screen.getByText(/you can try again/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute(
      'href',
      '/auth/login',
    );

    await user.click(screen.getByRole('button', { name: 'Try Different Email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('says to wait when the server answers 429', async () => {
    mockApi({
      'POST /auth/forgot-password': () => apiError(429, 'Rate limit exceeded', 'RATE_LIMITED'),
    });
    const { user } = renderForgot();

    await submit(user, 'ada@demo.coop');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait 15 minutes before trying again.',
    );
    expect(screen.queryByRole('heading', { name: 'Check Your Email' })).not.toBeInTheDocument();
  });

  it('answers any other failure with the neutral message and the sent view', async () => {
    mockApi({ 'POST /auth/forgot-password': () => apiError(500, 'Database down', 'INTERNAL') });
    const { user } = renderForgot();

    await submit(user, 'ada@demo.coop');

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText(NEUTRAL)).toBeInTheDocument();
    expect(screen.queryByText('Database down')).not.toBeInTheDocument();
  });

  it('disables the form after 3 attempts', async () => {
    const api = mockApi({ 'POST /auth/forgot-password': () => json(200, { success: true }) });
    const { user } = renderForgot();

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await submit(user, `member${attempt}@demo.coop`);
      await user.click(await screen.findByRole('button', { name: 'Try Different Email' }));
    }

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 15 minutes before trying again.',
    );
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeDisabled();
    expect(api.callsTo('POST /auth/forgot-password')).toHaveLength(3);
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    signInAs();
    renderForgot();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });
});
