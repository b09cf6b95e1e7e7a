import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { buildUser, signInAs } from '../../../testing/auth';
import {
  apiError,
  fieldRefusal,
  json,
  mockApi,
  type MockRequest,
} from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import ActivateRoute from './activate';

const emeka = {
  firstName: 'Emeka',
  lastName: 'Nwosu',
  email: 'emeka@demo.coop',
  membershipId: 'M0005',
};

/** The link verifies as Emeka's; activating answers `activate` (by default, signed in). */
const verified = (
  activate: (request: MockRequest) => Response = ({ body }) =>
    json(200, {
      success: true,
      data: { accessToken: 'token', user: buildUser({ ...emeka }) },
      echo: body,
    }),
) =>
  mockApi({
    'POST /auth/verify-activation': () => json(200, { success: true, data: { user: emeka } }),
    'POST /auth/activate-account': activate,
  });

const renderActivate = (route = '/auth/activate?token=good-token') =>
  renderWithProviders(<ActivateRoute />, { route });

async function fillPasswords(
  user: ReturnType<typeof renderActivate>['user'],
  password: string,
  confirmation: string,
) {
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Activate Account' }));
}

describe('account activation', () => {
  it("fails with 'No activation token provided' without a token", () => {
    mockApi({});
    renderActivate('/auth/activate');

    expect(screen.getByRole('heading', { name: 'Activation Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No activation token provided');
    expect(screen.getByText(/contact support/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('shows the verifying state, then greets the member with their details', async () => {
    const api = verified();
    renderActivate();

    expect(screen.getByText('Verifying your activation link...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Emeka Nwosu!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('emeka@demo.coop')).toBeInTheDocument();
    expect(screen.getByText('M0005')).toBeInTheDocument();
    // The token goes in the body, out of the proxies' logs of paths.
    expect(api.callsTo('POST /auth/verify-activation')[0]?.body).toEqual({ token: 'good-token' });
  });

  it('works the same at /activate-account', async () => {
    verified();
    renderWithProviders(<ActivateRoute />, { route: '/activate-account?token=good-token' });
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Emeka Nwosu!' }),
    ).toBeInTheDocument();
  });

  it("shows the server's message for a bad link", async () => {
    mockApi({
      'POST /auth/verify-activation': () =>
        apiError(400, 'Invalid or expired activation token', 'INVALID_TOKEN'),
    });
    renderActivate('/auth/activate?token=used');

    expect(await screen.findByRole('heading', { name: 'Activation Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid or expired activation token');
  });

  it("falls back to 'Invalid or expired activation token' when the server gives no message", async () => {
    mockApi({ 'POST /auth/verify-activation': () => new Response(null, { status: 404 }) });
    renderActivate('/auth/activate?token=used');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid or expired activation token',
    );
  });

  it('ticks the live checklist as the password meets each rule', async () => {
    verified();
    const { user } = renderActivate();
    const checklist = await screen.findByText('Password requirements');
    const items = () =>
      within(checklist.parentElement as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => [item.textContent, item.getAttribute('data-met')]);

    expect(items()).toEqual([
      ['At least 8 characters (not met)', 'false'],
      ['One uppercase letter (not met)', 'false'],
      ['One lowercase letter (not met)', 'false'],
      ['One number (not met)', 'false'],
    ]);
    await user.type(screen.getByLabelText('Password'), 'abcD');
    expect(items()).toEqual([
      ['At least 8 characters (not met)', 'false'],
      ['One uppercase letter (met)', 'true'],
      ['One lowercase letter (met)', 'true'],
      ['One number (not met)', 'false'],
    ]);
    await user.type(screen.getByLabelText('Password'), 'efg12');
    expect(items().every(([, met]) => met === 'true')).toBe(true);
  });

  it.each([
    ['', '', 'Password must be at least 8 characters'],
    ['Abc1', 'Abc1', 'Password must be at least 8 characters'],
    ['abcdefg1', 'abcdefg1', 'Password must contain at least one uppercase letter'],
    ['ABCDEFG1', 'ABCDEFG1', 'Password must contain at least one lowercase letter'],
    ['Abcdefgh', 'Abcdefgh', 'Password must contain at least one number'],
  ])('refuses the password %j: %s', async (password, confirmation, message) => {
    verified();
    const { user } = renderActivate();
    await screen.findByLabelText('Password');

    await fillPasswords(user, password, confirmation);

    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('asks for the confirmation and checks that it matches', async () => {
    const api = verified();
    const { user } = renderActivate();
    await screen.findByLabelText('Password');

    await fillPasswords(user, 'Abcdefg1', '');
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Confirm password'), 'Abcdefg2');
    await user.click(screen.getByRole('button', { name: 'Activate Account' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(api.callsTo('POST /auth/activate-account')).toHaveLength(0);
  });

  it("activates, signs the member in and offers 'Go to Dashboard'", async () => {
    const api = verified();
    const { user } = renderActivate();
    await screen.findByLabelText('Password');

    await fillPasswords(user, 'Abcdefg1', 'Abcdefg1');

    expect(await screen.findByRole('heading', { name: 'Account Activated!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(api.callsTo('POST /auth/activate-account')[0]?.body).toEqual({
      token: 'good-token',
      password: 'Abcdefg1',
      confirmPassword: 'Abcdefg1',
    });
    expect(authStore.getState()).toMatchObject({ isAuthenticated: true, accessToken: 'token' });
  });

  it("shows the server's message when activation fails", async () => {
    verified(() => apiError(400, 'This activation link has already been used', 'INVALID_TOKEN'));
    const { user } = renderActivate();
    await screen.findByLabelText('Password');

    await fillPasswords(user, 'Abcdefg1', 'Abcdefg1');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This activation link has already been used',
    );
  });

  it("falls back to 'Failed to activate account. Please try again.'", async () => {
    verified(() => new Response(null, { status: 500 }));
    const { user } = renderActivate();
    await screen.findByLabelText('Password');

    await fillPasswords(user, 'Abcdefg1', 'Abcdefg1');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to activate account. Please try again.',
    );
  });

  it('shows a password the server refuses under the field', async () => {
    verified(() => fieldRefusal('password', 'This password is too common'));
    const { user } = renderActivate();
    await screen.findByLabelText('Password');

    await fillPasswords(user, 'Password1', 'Password1');

    expect(await screen.findByText('This password is too common')).toHaveAttribute(
      'id',
      'password-error',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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
  ])('shows a password refused for %s under the field', async (code, message) => {
    verified(() => fieldRefusal('password', message, { code }));
    const { user } = renderActivate();
    await screen.findByLabelText('Password');

    await fillPasswords(user, 'Emeka!2026', 'Emeka!2026');

    expect(await screen.findByText(message)).toHaveAttribute('id', 'password-error');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a member who arrives signed in to the dashboard', async () => {
    mockApi({});
    signInAs();
    renderActivate();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });
});
